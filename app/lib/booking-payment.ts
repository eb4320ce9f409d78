import type { BookingPaymentMode } from "./payment-values.ts";
import { formatMinor } from "./money.ts";
import type { BookingView, ChargeView, PaymentTerms } from "./schemas/bookings.ts";

/**
 * The pure rules of paying a booking online, shared by the services, the booking card and the
 * Bookings tab: what is due at booking, and what a paid share of the total carries of the fee.
 */

/** What is paid online when booking (the total, or the deposit rounded to the cent) and the rest. */
export function paymentTerms(
  mode: BookingPaymentMode,
  depositPercent: number | null,
  totalUsdCents: number,
): PaymentTerms {
  const dueNow =
    mode === "full"
      ? totalUsdCents
      : mode === "deposit"
        ? Math.round((totalUsdCents * (depositPercent ?? 0)) / 100)
        : 0;
  return {
    mode,
    depositPercent: mode === "deposit" ? depositPercent : null,
    dueNowUsdCents: dueNow,
    restUsdCents: totalUsdCents - dueNow,
  };
}

/**
 * The platform's share of a payment of part of a total: the service fee in the same proportion
 * (a 30 % deposit carries 30 % of the fee), in the payment's own minor units.
 */
export function serviceFeeShare(
  amountMinor: number,
  serviceFeeUsdCents: number,
  totalUsdCents: number,
): number {
  if (totalUsdCents <= 0) return 0;
  return Math.round((amountMinor * serviceFeeUsdCents) / totalUsdCents);
}

/** A deposit's balance is paid online by the guest while the booking is confirmed, before check-in. */
export function canPayBalance(booking: BookingView, today: string): boolean {
  return (
    booking.status === "confirmed" &&
    booking.payment.mode === "deposit" &&
    booking.payment.paidUsdCents < booking.price.totalUsdCents &&
    booking.payment.paidUsdCents >= booking.payment.dueNowUsdCents &&
    today < booking.checkIn
  );
}

/**
 * What was paid online as it was charged, "KES 58,134.49" (or "KES 10,000.00 + $50.00" across
 * currencies): never converted again at today's rate, so it adds up with the receipts.
 */
export function formatCharged(charged: readonly ChargeView[], locale = "en"): string {
  return charged.map((c) => formatMinor(c.amountMinor, c.currency, locale)).join(" + ");
}

/**
 * A refund of `refundUsdCents` of what was paid online, in the currency it was charged in: each
 * payment gives back the same share of itself, so the share of the amount charged.
 */
export function refundAsCharged(
  refundUsdCents: number,
  payment: Pick<BookingView["payment"], "charged" | "paidUsdCents">,
  locale = "en",
): string {
  const share = payment.paidUsdCents > 0 ? refundUsdCents / payment.paidUsdCents : 0;
  return formatCharged(
    payment.charged.map((c) => ({ ...c, amountMinor: Math.round(c.amountMinor * share) })),
    locale,
  );
}

/**
 * A booking whose checkout did not go through (declined, cancelled) while its dates are still
 * held for it: the guest pays again on the same booking, with another card or method.
 */
export function canRetryPayment(booking: BookingView, now: string): boolean {
  return (
    booking.status === "awaiting_payment" &&
    booking.payment.checkoutUrl === null &&
    booking.expiresAt !== null &&
    booking.expiresAt > now
  );
}
