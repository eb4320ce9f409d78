import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "../../../app/lib/app-error.ts";
import { checkoutStartedSchema, checkoutInputSchema } from "../../../app/lib/schemas/payments.ts";
import {
  payoutReportSchema,
  payoutSchema,
  recordPayoutInputSchema,
} from "../../../app/lib/schemas/payouts.ts";
import { fieldErrorsOf } from "../../../app/lib/validation.ts";
import {
  retryBookingCheckout,
  startBalanceCheckout,
} from "../../../app/services/bookings/booking-payment.server.ts";
import { payoutReport, recordPayout } from "../../../app/services/payouts/payouts.server.ts";
import { startJobCheckout } from "../../../app/services/quotes/job-payment.server.ts";
import { readCurrencyCode } from "../../../app/services/session/preferences.server.ts";
import { readJsonBody } from "./body.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonResponse,
  limitedRoute,
  idParam,
  noStore,
  sessionSecurity,
  signedIn,
  withOpenApi,
  type ApiEnv,
} from "./router.ts";

/**
 * Bookings and jobs paid online: a booking paid again after a declined checkout, a deposit's
 * balance and a job's checkout (the guest's, the client's), the payout report of hosts and professionals (held, payable, paid out), and the
 * administrator's record of a payout made outside the site.
 */
export const payoutRoutes = apiRouter();

const checkoutStarted = withOpenApi(checkoutStartedSchema, "CheckoutStarted");
const report = withOpenApi(payoutReportSchema, "PayoutReport");
const payout = withOpenApi(payoutSchema, "Payout");

/** Bodies read by the handlers once the caller is known (documented by reference). */
export const payoutBodySchemas = {
  PayoutInput: withOpenApi(recordPayoutInputSchema, "PayoutInput"),
};

const signedInCalls = [noStore, signedIn()] as const;
const checkoutRefusals = {
  400: errorResponse("VALIDATION_FAILED"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN: not the guest or client"),
  404: errorResponse("NOT_FOUND"),
  409: errorResponse("CONFLICT: already paid, not confirmed, or check-in has come"),
  503: errorResponse("SERVICE_UNAVAILABLE: no payment provider, or it did not answer"),
};
const optionalCurrency = {
  required: false,
  content: {
    "application/json": { schema: { $ref: "#/components/schemas/CheckoutInput" } },
  },
};

/** The payer's display currency: the body's, else the visitor's preference. */
async function displayCurrency(c: Context<ApiEnv>): Promise<string | null | undefined> {
  const sent = c.req.header("content-type") ? await readJsonBody(c) : {};
  const input = checkoutInputSchema.safeParse(sent ?? {});
  if (!input.success) {
    throw new AppError("VALIDATION_FAILED", "api.errors.badRequest", fieldErrorsOf(input.error));
  }
  return input.data.currency ?? (await readCurrencyCode(c.req.raw));
}

payoutRoutes.openapi(
  limitedRoute("checkout", {
    method: "post",
    path: "/bookings/{bookingId}/balance-checkout",
    security: sessionSecurity,
    summary: "Pay a deposit booking's balance online (its guest, before check-in)",
    description:
      "Send the guest's browser to `checkoutUrl`. A checkout of the balance still open is returned again rather than doubled.",
    operationId: "startBalanceCheckout",
    middleware: [...signedInCalls, allowedTo("payment:pay")] as const,
    request: { params: z.object({ bookingId: idParam("booking") }), body: optionalCurrency },
    responses: { 201: jsonResponse(checkoutStarted, "The checkout"), ...checkoutRefusals },
  }),
  async (c) =>
    c.json(
      await startBalanceCheckout(
        c.get("viewer"),
        c.req.valid("param").bookingId,
        await displayCurrency(c),
      ),
      201,
    ),
);

payoutRoutes.openapi(
  limitedRoute("checkout", {
    method: "post",
    path: "/bookings/{bookingId}/checkout",
    security: sessionSecurity,
    summary: "Pay again for a booking awaiting payment (its guest, while its dates are held)",
    description:
      "After a declined card or a cancelled checkout the booking keeps its dates until its checkout window ends: this opens a new checkout of the same booking, in the currency it was booked in, closing with the hold. A checkout still open is returned again rather than doubled. Send the guest's browser to `checkoutUrl`.",
    operationId: "retryBookingCheckout",
    middleware: [...signedInCalls, allowedTo("payment:pay")] as const,
    request: { params: z.object({ bookingId: idParam("booking") }) },
    responses: {
      201: jsonResponse(checkoutStarted, "The checkout"),
      ...checkoutRefusals,
      409: errorResponse("CONFLICT: the checkout window is over, or a payment is under way"),
    },
  }),
  async (c) =>
    c.json(await retryBookingCheckout(c.get("viewer"), c.req.valid("param").bookingId), 201),
);

payoutRoutes.openapi(
  limitedRoute("checkout", {
    method: "post",
    path: "/jobs/{jobId}/checkout",
    security: sessionSecurity,
    summary: "Pay for an accepted job online: the quote plus the service fee (its client)",
    description:
      "Send the client's browser to `checkoutUrl`. The money is held until the job is completed, then payable to the professional; cancelling the job refunds it.",
    operationId: "startJobCheckout",
    middleware: [...signedInCalls, allowedTo("payment:pay")] as const,
    request: { params: z.object({ jobId: idParam("job") }), body: optionalCurrency },
    responses: { 201: jsonResponse(checkoutStarted, "The checkout"), ...checkoutRefusals },
  }),
  async (c) =>
    c.json(
      await startJobCheckout(c.get("viewer"), c.req.valid("param").jobId, await displayCurrency(c)),
      201,
    ),
);

payoutRoutes.openapi(
  createRoute({
    method: "get",
    path: "/payouts",
    security: sessionSecurity,
    summary: "My payout report: held, payable and paid out per currency, by booking and job",
    operationId: "getPayoutReport",
    middleware: [...signedInCalls, allowedTo("payout:view-own")] as const,
    responses: {
      200: jsonResponse(report, "The report"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => c.json(await payoutReport(c.get("viewer")), 200),
);

payoutRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/payouts",
    security: sessionSecurity,
    summary: "Record a payout made to a host outside the site (admin)",
    description:
      "Never more than the host's payable balance in that currency. Written to the ledger and the audit log.",
    operationId: "recordPayout",
    middleware: [...signedInCalls, allowedTo("payout:record")] as const,
    request: {
      body: {
        required: true,
        content: { "application/json": { schema: { $ref: "#/components/schemas/PayoutInput" } } },
      },
    },
    responses: {
      201: jsonResponse(payout, "The payout recorded"),
      400: errorResponse("VALIDATION_FAILED, with a message per field"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      409: errorResponse("CONFLICT: more than is payable"),
    },
  }),
  async (c) => c.json(await recordPayout(c.get("viewer"), await readJsonBody(c)), 201),
);
