import { PAYMENT_PURPOSES, type PaymentPurpose } from "../lib/payment-values.ts";
import { bookingPaymentHandler } from "./bookings/booking-payment.server.ts";
import { registerPurposeHandler, type PurposeHandler } from "./payments/purpose.server.ts";
import { planPaymentHandler } from "./premium/plan-payment.server.ts";
import { jobPaymentHandler } from "./quotes/job-payment.server.ts";

/**
 * Which domain applies a payment of each purpose. Payments collect for bookings, plans and jobs
 * without importing them: the app is assembled here, above the domains, at start-up (and by the
 * tests' setup), so the dependency runs one way, from each domain to payments.
 */
const HANDLERS = {
  plan: planPaymentHandler,
  booking: bookingPaymentHandler,
  booking_balance: bookingPaymentHandler,
  job: jobPaymentHandler,
} satisfies Record<PaymentPurpose, PurposeHandler>;

export function registerPaymentPurposes(): void {
  for (const purpose of PAYMENT_PURPOSES) registerPurposeHandler(purpose, HANDLERS[purpose]);
}
