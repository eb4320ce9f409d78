import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../../app/lib/app-error.ts";
import {
  checkoutStartedSchema,
  featureOwnInputSchema,
  ledgerReportSchema,
  paymentListSchema,
  paymentPageQuerySchema,
  paymentViewSchema,
  checkoutInputSchema,
  planUsageSchema,
} from "../../../app/lib/schemas/payments.ts";
import { requireAllowed } from "../../../app/services/core/actor.server.ts";
import { ledgerReport } from "../../../app/services/payments/ledger-report.server.ts";
import { listPayments, readPayment } from "../../../app/services/payments/payment-read.server.ts";
import { buyPremiumPlan } from "../../../app/services/premium/plan-payment.server.ts";
import { planUsage, setOwnFeatured } from "../../../app/services/premium/plan-limits.server.ts";
import { readCurrencyCode } from "../../../app/services/session/preferences.server.ts";
import { fieldErrorsOf } from "../../../app/lib/validation.ts";
import { readJsonBody } from "./body.ts";
import {
  bodyReferences,
  allowedTo,
  apiRouter,
  errorResponse,
  jsonResponse,
  limitedRoute,
  idParam,
  noStore,
  queryParameters,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Payments as their payers read them (the administrator reads all), a premium plan's checkout and
 * its limits, and featuring one's own listing as one of the plan's featured ads. Only the
 * provider's webhook (./payment-webhooks.ts) marks a payment paid.
 */
export const paymentRoutes = apiRouter();

const payment = withOpenApi(paymentViewSchema, "Payment");
const paymentList = withOpenApi(paymentListSchema, "PaymentList");
const checkoutStarted = withOpenApi(checkoutStartedSchema, "CheckoutStarted");
const usage = withOpenApi(planUsageSchema, "PlanUsage");
const ledger = withOpenApi(ledgerReportSchema, "LedgerReport");

/** Bodies read by the handlers after the caller is known (documented by reference). */
export const paymentBodySchemas = {
  CheckoutInput: withOpenApi(checkoutInputSchema, "CheckoutInput"),
  FeatureOwnInput: withOpenApi(featureOwnInputSchema, "FeatureOwnInput"),
};
const referencedBody = bodyReferences(paymentBodySchemas);

const signedInCalls = [noStore, signedIn()] as const;

paymentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/payments",
    security: sessionSecurity,
    summary: "My payments, newest first, one page at a time (every payment for the admin)",
    operationId: "listPayments",
    middleware: [...signedInCalls, allowedTo("payment:list-own")] as const,
    request: { query: queryParameters(paymentPageQuerySchema) },
    responses: {
      200: jsonResponse(paymentList, "One page of payments"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) =>
    c.json(await listPayments({ actor: c.get("viewer"), page: c.req.valid("query").page }), 200),
);

paymentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/ledger",
    security: sessionSecurity,
    summary: "Every ledger account's balance per currency, and whether the ledger balances (admin)",
    operationId: "getLedgerReport",
    middleware: [...signedInCalls, allowedTo("payment:list-all")] as const,
    responses: {
      200: jsonResponse(ledger, "The balances"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => c.json(await ledgerReport(c.get("viewer")), 200),
);

paymentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/payments/{paymentId}",
    security: sessionSecurity,
    summary: "One payment with its refunds: the receipt's facts (its payer or the admin)",
    operationId: "getPayment",
    middleware: [...signedInCalls, allowedTo("payment:list-own")] as const,
    request: {
      params: z.object({ paymentId: z.string().max(100).meta({ description: "pay_…" }) }),
    },
    responses: {
      200: jsonResponse(payment, "The payment"),
      401: errorResponse("UNAUTHENTICATED"),
      404: errorResponse("NOT_FOUND: no such payment, or someone else's"),
    },
  }),
  async (c) =>
    c.json(
      await readPayment({ actor: c.get("viewer"), paymentId: c.req.valid("param").paymentId }),
      200,
    ),
);

paymentRoutes.openapi(
  limitedRoute("checkout", {
    method: "post",
    path: "/premium-plans/{planId}/checkout",
    security: sessionSecurity,
    summary: "Buy a premium plan: opens the provider's checkout; the webhook starts the plan",
    description:
      "Send the payer's browser to `checkoutUrl`. The provider brings them back to the payment's page; the plan starts when the provider confirms the payment (now, or when the running plan ends).",
    operationId: "startPlanCheckout",
    middleware: [...signedInCalls, allowedTo("premium:choose-plan")] as const,
    request: {
      params: z.object({ planId: z.string().max(40).meta({ description: "e.g. premium" }) }),
      body: referencedBody("CheckoutInput", false),
    },
    responses: {
      201: jsonResponse(checkoutStarted, "The payment and its checkout"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND: no such plan"),
      503: errorResponse("SERVICE_UNAVAILABLE: no payment provider, or it did not answer"),
    },
  }),
  async (c) => {
    const sent = c.req.header("content-type") ? await readJsonBody(c) : {};
    const input = checkoutInputSchema.safeParse(sent ?? {});
    if (!input.success) {
      throw new AppError("VALIDATION_FAILED", "api.errors.badRequest", fieldErrorsOf(input.error));
    }
    const started = await buyPremiumPlan({
      actor: c.get("viewer"),
      planId: c.req.valid("param").planId,
      displayCurrency: input.data.currency ?? (await readCurrencyCode(c.req.raw)),
    });
    return c.json(started, 201);
  },
);

paymentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/premium-plans/usage",
    security: sessionSecurity,
    summary: "My plan and how much of its limits I use (active listings, featured ads)",
    operationId: "getPlanUsage",
    middleware: [...signedInCalls, allowedTo("premium:choose-plan")] as const,
    responses: {
      200: jsonResponse(usage, "The plan (null: the free limits) and the counts"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => c.json(await planUsage(c.get("viewer").id), 200),
);

paymentRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "put",
    path: "/my-listings/{id}/featured",
    security: sessionSecurity,
    summary: "Feature my approved listing as one of my plan's featured ads, or stop",
    operationId: "setMyListingFeatured",
    middleware: [...signedInCalls] as const,
    request: {
      params: z.object({ id: idParam("listing") }),
      body: referencedBody("FeatureOwnInput", true),
    },
    responses: {
      200: jsonResponse(z.object({ id: z.int(), featured: z.boolean() }), "As saved"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("LISTING_NOT_FOUND"),
      409: errorResponse("CONFLICT: the plan's featured ads are used, or the listing is not live"),
    },
  }),
  async (c) => {
    const viewer = c.get("viewer");
    // Who may feature at all is decided before the body is read; whose listing it is, after.
    requireAllowed(viewer, "listing:feature-own", { ownerId: viewer.id });
    const input = featureOwnInputSchema.safeParse(await readJsonBody(c));
    if (!input.success) {
      throw new AppError("VALIDATION_FAILED", "api.errors.badRequest", fieldErrorsOf(input.error));
    }
    return c.json(
      await setOwnFeatured({
        actor: viewer,
        listingId: c.req.valid("param").id,
        featured: input.data.featured,
      }),
      200,
    );
  },
);
