import { setTimeout as sleep } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { getDb, type DbTransaction } from "../../db/client.server.ts";
import { payments } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { CheckoutStarted } from "../../lib/schemas/payments.ts";
import { logger } from "../../lib/logger.server.ts";
import {
  newPaymentValues,
  openCheckout,
  paymentPagePath,
  requirePaymentProvider,
  type NewPayment,
  type PaymentRow,
} from "./checkout.server.ts";

/**
 * One open checkout per purpose (a job, a deposit's balance): a second request, also one at the
 * very same moment, gets the checkout already open instead of a payment of its own. Each extra
 * payment would be refunded when the first is paid, and lose its provider fee. The database
 * holds the rule (a partial unique index on the pending payment of each job and balance); here
 * the request that loses the race reads the winner's payment.
 */

export type SinglePurpose = NewPayment & { purpose: "job" | "booking_balance" };

/** How long a request waits for the checkout another request is opening at the same moment. */
const WAIT_FOR_CHECKOUT_MS = 10_000;

function openOf(input: SinglePurpose) {
  return input.purpose === "job"
    ? and(eq(payments.jobId, input.jobId!), eq(payments.status, "pending"))
    : and(
        eq(payments.bookingId, input.bookingId!),
        eq(payments.purpose, "booking_balance"),
        eq(payments.status, "pending"),
      );
}

async function findOpen(tx: DbTransaction, input: SinglePurpose): Promise<PaymentRow | undefined> {
  const [open] = await tx.select().from(payments).where(openOf(input));
  return open;
}

/**
 * A pending payment whose checkout window closed: asked of the provider before it makes way for
 * a new one. Still payable there: it is given back as it is. Paid: the reconciliation job applies
 * it in a moment, and the payer is told. Failed, cancelled, or never opened: it is closed.
 */
async function settleExpired(payment: PaymentRow): Promise<PaymentRow | null> {
  const provider = requirePaymentProvider();
  let status: "pending" | "paid" | "failed" | "cancelled" = "failed";
  if (payment.providerRef) {
    try {
      status = (await provider.verify({ reference: payment.id, providerRef: payment.providerRef }))
        .status;
    } catch (error) {
      logger.error({ err: error }, `Payment ${payment.id}: the provider did not answer.`);
      throw new AppError("SERVICE_UNAVAILABLE", "payments.errors.providerDown");
    }
  }
  if (status === "pending") return payment;
  if (status === "paid") throw new AppError("CONFLICT", "payments.errors.earlierPaid");
  const db = await getDb();
  await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
  return null;
}

/** The checkout of a payment another request is opening: its URL once it is there. */
async function checkoutOf(payment: PaymentRow): Promise<CheckoutStarted> {
  const db = await getDb();
  const deadline = Date.now() + WAIT_FOR_CHECKOUT_MS;
  let row: PaymentRow | undefined = payment;
  while (row && !row.checkoutUrl && row.status === "pending" && Date.now() < deadline) {
    await sleep(100);
    [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
  }
  if (row?.status === "failed") {
    throw new AppError("SERVICE_UNAVAILABLE", "payments.errors.providerDown");
  }
  // Still opening: the payment's own page shows how it stands and leads on to the checkout.
  return { paymentId: payment.id, checkoutUrl: row?.checkoutUrl ?? paymentPagePath(payment.id) };
}

/**
 * Opens the checkout of `input`'s purpose, or gives back the one already open for it. `input`
 * is built by the caller, who checked the purpose may still be paid.
 */
export async function startSingleCheckout(
  input: SinglePurpose,
  payerEmail: string,
): Promise<CheckoutStarted> {
  const db = await getDb();
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await db.transaction((tx) => findOpen(tx, input));
    if (open && open.expiresAt <= new Date()) {
      const still = await settleExpired(open);
      if (still) return checkoutOf(still);
      continue;
    }
    if (open) return checkoutOf(open);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values(await newPaymentValues(tx, input))
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    });
    if (created) {
      return { paymentId: created.id, checkoutUrl: await openCheckout(created, payerEmail) };
    }
    // Another request opened one at the same moment: the next round reads it.
  }
  throw new AppError("CONFLICT", "payments.errors.checkoutBusy");
}
