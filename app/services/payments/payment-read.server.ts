import { asc, count, desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { bookings, payments, refunds, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { itemiseStay } from "../../lib/payment-receipt.ts";
import type { PaymentPurpose, PaymentStatus } from "../../lib/payment-values.ts";
import { can } from "../../lib/permissions.ts";
import {
  paymentIdSchema,
  type PaymentList,
  type PaymentSummary,
  type PaymentView,
} from "../../lib/schemas/payments.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";

/**
 * Reading payments: one's own (the Payments tab, a payment's page and receipt, the API), every
 * one for the administrator. Someone else's payment is answered as missing, so nobody learns
 * that it exists.
 */

export const PAYMENTS_PAGE_SIZE = 20;

const summaryColumns = {
  id: payments.id,
  purpose: payments.purpose,
  description: payments.description,
  status: payments.status,
  amountMinor: payments.amountMinor,
  currency: payments.currency,
  amountUsdCents: payments.amountUsdCents,
  refundedMinor: payments.refundedMinor,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  payerId: payments.payerId,
  payerName: user.name,
  payerEmail: user.email,
};

interface SummaryRow {
  id: string;
  purpose: PaymentPurpose;
  description: string;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  amountUsdCents: number;
  refundedMinor: number;
  createdAt: Date;
  paidAt: Date | null;
  payerId: string | null;
  /** Null when the payer's account was deleted since. */
  payerName: string | null;
  payerEmail: string | null;
}

function summaryOf(row: SummaryRow): PaymentSummary {
  return {
    id: row.id,
    purpose: row.purpose,
    description: row.description,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    amountUsdCents: row.amountUsdCents,
    refundedMinor: row.refundedMinor,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    payer: { id: row.payerId, name: row.payerName ?? "", email: row.payerEmail ?? "" },
  };
}

/** A page of payments, newest first: the actor's own, or every one for the administrator. */
export async function listPayments({
  actor,
  page = 1,
  pageSize = PAYMENTS_PAGE_SIZE,
}: {
  actor: Actor | null;
  page?: number;
  pageSize?: number;
}): Promise<PaymentList> {
  requireAllowed(actor, "payment:list-own");
  const db = await getDb();
  const scope = can(actor, "payment:list-all") ? undefined : eq(payments.payerId, actor.id);
  const [counted] = await db.select({ n: count() }).from(payments).where(scope);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select(summaryColumns)
    .from(payments)
    .leftJoin(user, eq(user.id, payments.payerId))
    .where(scope)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { payments: rows.map(summaryOf), total, page: current, pageCount };
}

/** The payment with its refunds, read without asking who may (the receipt e-mail's). */
export async function findPaymentView(paymentId: string): Promise<PaymentView | null> {
  if (!paymentIdSchema.safeParse(paymentId).success) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...summaryColumns,
      provider: payments.provider,
      method: payments.method,
      rate: payments.rate,
      checkoutUrl: payments.checkoutUrl,
      planId: payments.planId,
      bookingId: payments.bookingId,
      jobId: payments.jobId,
    })
    .from(payments)
    .leftJoin(user, eq(user.id, payments.payerId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const [booking] =
    row.bookingId !== null && (row.purpose === "booking" || row.purpose === "booking_balance")
      ? await db.select().from(bookings).where(eq(bookings.id, row.bookingId))
      : [];
  return {
    ...summaryOf(row),
    provider: row.provider,
    method: row.method,
    rate: row.rate,
    checkoutUrl: row.status === "pending" ? row.checkoutUrl : null,
    planId: row.planId,
    bookingId: row.bookingId,
    jobId: row.jobId,
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      amountMinor: refund.amountMinor,
      status: refund.status,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
      completedAt: refund.completedAt?.toISOString() ?? null,
    })),
    stay: booking ? itemiseStay(booking, row) : null,
  };
}

/** A payment for its payer or the administrator; anyone else is told it does not exist. */
export async function readPayment({
  actor,
  paymentId,
}: {
  actor: Actor | null;
  paymentId: string;
}): Promise<PaymentView> {
  requireAllowed(actor, "payment:list-own");
  const payment = await findPaymentView(paymentId);
  if (!payment || (payment.payer.id !== actor.id && !can(actor, "payment:list-all"))) {
    throw new AppError("NOT_FOUND", "payments.errors.notFound");
  }
  return payment;
}
