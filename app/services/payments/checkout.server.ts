import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { currencies, payments } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  CHECKOUT_MINUTES,
  PAYMENT_METHODS,
  usdCentsToMinor,
  type PaymentPurpose,
} from "../../lib/payment-values.ts";
import { findPaymentProvider } from "./provider-registry.server.ts";
import type { PaymentProvider } from "./providers/provider.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * Opening a payment: a pending row written in the caller's transaction (with the booking or job it
 * pays for), then, after that commits, the provider's hosted checkout. The provider is never
 * called inside a transaction: the embedded database serves one at a time.
 */

export type PaymentRow = typeof payments.$inferSelect;

export interface NewPayment {
  payerId: string;
  purpose: PaymentPurpose;
  planId?: string;
  bookingId?: number;
  jobId?: number;
  amountUsdCents: number;
  description: string;
  /** The payer's display currency: charged in it when the provider takes it, else in USD. */
  displayCurrency: string | null | undefined;
  /** When the checkout closes: CHECKOUT_MINUTES from now unless what it pays for ends sooner. */
  expiresAt?: Date;
}

export function requirePaymentProvider(): PaymentProvider {
  const provider = findPaymentProvider();
  if (!provider) throw new AppError("SERVICE_UNAVAILABLE", "payments.errors.unavailable");
  return provider;
}

/** What a payment of an amount in US cents really charges: the amount in the charged currency. */
export interface Charge {
  currency: string;
  rate: number;
  amountMinor: number;
}

/**
 * The charge of `usdCents` for a payer who reads prices in `displayCurrency`: in that currency
 * where the provider takes it (at its rate now), else in US dollars. The checkout charges what
 * this says, and the booking card shows the same before the guest books. Read through the caller's
 * executor, not the shared reference cache: on the embedded database a read outside an open
 * transaction waits for that transaction to end.
 */
export async function chargeFor(
  db: Database | DbTransaction,
  usdCents: number,
  displayCurrency: string | null | undefined,
  provider: PaymentProvider = requirePaymentProvider(),
): Promise<Charge> {
  const code = displayCurrency?.toUpperCase();
  if (code && code !== "USD" && provider.currencies.includes(code)) {
    const [found] = await db
      .select({ rate: currencies.ratePerUsd })
      .from(currencies)
      .where(eq(currencies.code, code));
    const rate = Number(found?.rate);
    if (Number.isFinite(rate) && rate > 0) {
      return { currency: code, rate, amountMinor: usdCentsToMinor(usdCents, code, rate) };
    }
  }
  return { currency: "USD", rate: 1, amountMinor: usdCents };
}

/**
 * What paying `usdCents` online charges now, for a price shown before anything is booked; null
 * when nothing is paid online or no provider takes payments (booking is refused then).
 */
export async function chargeNow(
  db: Database | DbTransaction,
  usdCents: number,
  displayCurrency: string | null | undefined,
): Promise<{ amountMinor: number; currency: string } | null> {
  const provider = findPaymentProvider();
  if (usdCents <= 0 || !provider) return null;
  const { amountMinor, currency } = await chargeFor(db, usdCents, displayCurrency, provider);
  return { amountMinor, currency };
}

/** The pending payment's row: its charge currency, amount and checkout window. */
export async function newPaymentValues(tx: DbTransaction, input: NewPayment) {
  const provider = requirePaymentProvider();
  const { currency, rate, amountMinor } = await chargeFor(
    tx,
    input.amountUsdCents,
    input.displayCurrency,
    provider,
  );
  return {
    id: `pay_${randomBytes(12).toString("hex")}`,
    payerId: input.payerId,
    purpose: input.purpose,
    planId: input.planId ?? null,
    bookingId: input.bookingId ?? null,
    jobId: input.jobId ?? null,
    provider: provider.id,
    amountMinor,
    currency,
    amountUsdCents: input.amountUsdCents,
    rate: rate.toFixed(6),
    description: input.description,
    expiresAt: input.expiresAt ?? new Date(Date.now() + CHECKOUT_MINUTES * 60_000),
  } satisfies typeof payments.$inferInsert;
}

/** Writes the pending payment in `tx`; `openCheckout` takes it to the provider after commit. */
export async function createPayment(tx: DbTransaction, input: NewPayment): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values(await newPaymentValues(tx, input))
    .returning();
  return row!;
}

/** Where the payer comes back to from the provider: the payment's own page. */
export function paymentPagePath(paymentId: string): string {
  return `/dashboard/payments/${paymentId}`;
}

/**
 * Opens the provider's hosted checkout for a pending payment and returns its URL. When the
 * provider cannot be reached the payment fails (nothing was charged) and `onUnreachable` lets
 * the caller undo what waited for it (the booking's held nights), then the payer is told.
 */
export async function openCheckout(
  payment: PaymentRow,
  payerEmail: string,
  onUnreachable?: (db: Database, payment: PaymentRow) => Promise<void>,
): Promise<string> {
  const provider = requirePaymentProvider();
  const db = await getDb();
  const pageUrl = `${getConfig().appUrl}${paymentPagePath(payment.id)}`;
  try {
    const session = await provider.createCheckout({
      reference: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      email: payerEmail,
      description: payment.description,
      returnUrl: pageUrl,
      cancelUrl: pageUrl,
      methods: PAYMENT_METHODS.filter((method) => provider.methods.includes(method)),
    });
    await db
      .update(payments)
      .set({
        providerRef: session.providerRef,
        checkoutUrl: session.checkoutUrl,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    return session.checkoutUrl;
  } catch (error) {
    logger.error({ err: error }, `Payment ${payment.id}: the provider did not open a checkout.`);
    await db
      .update(payments)
      .set({ status: "failed", updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    await onUnreachable?.(db, payment);
    throw new AppError("SERVICE_UNAVAILABLE", "payments.errors.providerDown");
  }
}
