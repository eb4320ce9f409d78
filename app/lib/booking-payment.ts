import type { BookingPaymentMode } from "./payment-values.ts";
import type { BookingView, PaymentTerms } from "./schemas/bookings.ts";

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
