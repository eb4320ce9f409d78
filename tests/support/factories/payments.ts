import { randomUUID } from "node:crypto";
import { getDb } from "../../../app/db/client.server.ts";
import { payments } from "../../../app/db/schema/index.ts";
import { CHECKOUT_MINUTES } from "../../../app/lib/payment-values.ts";

/**
 * Payments written straight to the database, for tests about something else than a checkout: no
 * provider, no webhook, no ledger entries. They need a started test app (startTestApp).
 */

/** How a factory payment's id starts, telling it from one a checkout opened (never charged). */
export const MADE_PAYMENT_PREFIX = "pay_made_";

type PaymentRow = typeof payments.$inferSelect;
type PaymentInsert = typeof payments.$inferInsert;

export interface MakePaymentOptions extends Partial<Omit<PaymentInsert, "payerId" | "bookingId">> {
  payer: { id: string } | null;
  /** What it pays for at booking: its amount is the booking's due-now part unless told. */
  booking?: { id: number; dueNowUsdCents: number };
}

/**
 * A sandbox payment in US dollars, as a checkout leaves it: pending for CHECKOUT_MINUTES unless
 * told, with its paid time when paid. For a booking's payment unless the purpose says otherwise.
 */
export async function makePayment(options: MakePaymentOptions): Promise<PaymentRow> {
  const { payer, booking, ...overrides } = options;
  const now = overrides.createdAt ?? new Date();
  const amountUsdCents = overrides.amountUsdCents ?? booking?.dueNowUsdCents ?? 10_000;
  const status = overrides.status ?? "pending";
  const db = await getDb();
  const [row] = await db
    .insert(payments)
    .values({
      id: `${MADE_PAYMENT_PREFIX}${randomUUID().replaceAll("-", "")}`,
      payerId: payer?.id ?? null,
      purpose: "booking",
      bookingId: booking?.id ?? null,
      provider: "sandbox",
      amountMinor: amountUsdCents,
      currency: "USD",
      rate: "1",
      description: booking ? `Booking #${booking.id} (test factory)` : "Test factory payment",
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      paidAt: status === "paid" ? now : null,
      ...overrides,
      amountUsdCents,
      status,
    })
    .returning();
  if (!row) throw new Error("The payment was not inserted");
  return row;
}
