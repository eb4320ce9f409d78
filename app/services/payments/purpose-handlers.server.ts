import type { PaymentPurpose } from "../../lib/payment-values.ts";
import { bookingPaymentHandler } from "../bookings/booking-payment.server.ts";
import { planPaymentHandler } from "../premium/plan-payment.server.ts";
import { jobPaymentHandler } from "../quotes/job-payment.server.ts";
import type { PurposeHandler } from "./purpose.server.ts";

/** Which domain applies a payment of each purpose. */
export const PURPOSE_HANDLERS: Record<PaymentPurpose, PurposeHandler> = {
  plan: planPaymentHandler,
  booking: bookingPaymentHandler,
  booking_balance: bookingPaymentHandler,
  job: jobPaymentHandler,
};
