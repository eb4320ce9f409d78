import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { Context } from "hono";
import { getDatabaseHandle } from "../../../app/db/client.server.ts";
import { isDatabaseUnavailable } from "../../../app/lib/database-unavailable.ts";
import { createTranslator, isMessageKey, type MessageKey } from "../../../app/i18n/translate.ts";
import {
  AppError,
  ERROR_CODES,
  RateLimitError,
  type ErrorCode,
} from "../../../app/lib/app-error.ts";
import { healthSchema } from "../../../app/lib/schemas/reference.ts";
import { logger } from "../../../app/lib/logger.server.ts";
import { adminCurrencyRoutes } from "./admin-currencies.ts";
import { agencyRoutes } from "./agencies.ts";
import { agentRoutes } from "./agents.ts";
import { adminListingRoutes } from "./admin-listings.ts";
import { adminUserRoutes } from "./admin-users.ts";
import { analyticsRoutes } from "./analytics.ts";
import { bookingBodySchemas } from "./booking-parts.ts";
import { boostBodySchemas, boostRoutes } from "./boosts.ts";
import { bookingRoutes } from "./bookings.ts";
import { adminMessageRoutes } from "./admin-messages.ts";
import { contactRoutes } from "./contact.ts";
import { conversationBodySchemas, conversationRoutes } from "./conversations.ts";
import { favoriteRoutes } from "./favorites.ts";
import { icalFeedRoutes } from "./ical-feeds.ts";
import { listingCalendarRoutes } from "./listing-calendar.ts";
import { listingRoutes, listingSchemas } from "./listings.ts";
import { listingVideoRoutes } from "./listing-videos.ts";
import { moderationRoutes } from "./moderation.ts";
import { paymentWebhookRoutes } from "./payment-webhooks.ts";
import { paymentBodySchemas, paymentRoutes } from "./payments.ts";
import { payoutBodySchemas, payoutRoutes } from "./payouts.ts";
import { premiumPlanRoutes } from "./premium-plans.ts";
import { listingInputSchema, myListingRoutes } from "./my-listings.ts";
import { quoteBodySchemas, quoteRoutes } from "./quotes.ts";
import { referenceRoutes } from "./reference.ts";
import { reviewBodySchemas, reviewRoutes } from "./reviews.ts";
import { safetyRoutes } from "./safety.ts";
import { teamBodySchemas, teamRoutes } from "./teams.ts";
import { supportBodySchemas, supportRoutes } from "./support.ts";
import { whatsappCallbackBodySchemas, whatsappCallbackRoutes } from "./whatsapp-callbacks.ts";
import { errorSchema, jsonResponse, withOpenApi } from "./router.ts";
import { uploadRoutes } from "./uploads.ts";
import { verificationRoutes } from "./verification.ts";
import { verificationDocumentRoutes } from "./verification-documents.ts";

/**
 * The JSON API. Each endpoint is declared with its schemas (path, query, body and answers), which
 * validate the request and generate the OpenAPI document served at /openapi.json.
 */
export const apiV1 = new OpenAPIHono();

const health = withOpenApi(healthSchema, "Health");

apiV1.openapi(
  createRoute({
    method: "get",
    path: "/health",
    summary: "Service and database health",
    operationId: "getHealth",
    responses: {
      200: jsonResponse(health, "Healthy"),
      503: jsonResponse(health, "The database does not answer"),
    },
  }),
  async (c) => {
    const healthy = await getDatabaseHandle()
      .then((h) => h.ping())
      .catch(() => false);
    c.header("Cache-Control", "no-store");
    return healthy
      ? c.json({ status: "ok", database: "ok" } as const, 200)
      : c.json({ status: "unavailable", database: "unavailable" } as const, 503);
  },
);

apiV1.route("/", referenceRoutes);
apiV1.route("/", contactRoutes);
apiV1.route("/", listingRoutes);
apiV1.route("/", uploadRoutes);
apiV1.route("/", myListingRoutes);
apiV1.route("/", listingVideoRoutes);
apiV1.route("/", moderationRoutes);
apiV1.route("/", adminListingRoutes);
apiV1.route("/", adminUserRoutes);
apiV1.route("/", adminMessageRoutes);
apiV1.route("/", favoriteRoutes);
apiV1.route("/", adminCurrencyRoutes);
apiV1.route("/", premiumPlanRoutes);
apiV1.route("/", analyticsRoutes);
apiV1.route("/", bookingRoutes);
apiV1.route("/", listingCalendarRoutes);
apiV1.route("/", icalFeedRoutes);
apiV1.route("/", reviewRoutes);
apiV1.route("/", boostRoutes);
apiV1.route("/", agentRoutes);
apiV1.route("/", agencyRoutes);
apiV1.route("/", conversationRoutes);
apiV1.route("/", quoteRoutes);
apiV1.route("/", safetyRoutes);
apiV1.route("/", supportRoutes);
apiV1.route("/", whatsappCallbackRoutes);
apiV1.route("/", paymentWebhookRoutes);
apiV1.route("/", paymentRoutes);
apiV1.route("/", payoutRoutes);
apiV1.route("/", teamRoutes);
apiV1.route("/", verificationRoutes);
apiV1.route("/", verificationDocumentRoutes);

apiV1.openAPIRegistry.register("Error", errorSchema);
apiV1.openAPIRegistry.register("ListingInput", listingInputSchema);
for (const [name, schema] of Object.entries({
  ...listingSchemas,
  ...bookingBodySchemas,
  ...quoteBodySchemas,
  ...conversationBodySchemas,
  ...supportBodySchemas,
  ...whatsappCallbackBodySchemas,
  ...reviewBodySchemas,
  ...boostBodySchemas,
  ...paymentBodySchemas,
  ...payoutBodySchemas,
  ...teamBodySchemas,
})) {
  apiV1.openAPIRegistry.register(name, schema);
}
apiV1.openAPIRegistry.registerComponent("securitySchemes", "session", {
  type: "apiKey",
  in: "cookie",
  name: "better-auth.session_token",
  description: "The session cookie set by signing in (POST /api/auth/sign-in/email).",
});

apiV1.use("/openapi.json", async (c, next) => {
  await next();
  c.header("Cache-Control", "public, max-age=3600");
});
apiV1.doc31("/openapi.json", {
  openapi: "3.1.0",
  info: {
    title: "Gateway Africa API",
    version: "1.0.0",
    description:
      "Marketplace data: listings (the same search, filters, sort and pagination as the website), currencies, countries and the contact form; availability, quotes and bookings (instant or on request) with their calendars; for signed-in people their favourites and listings, conversations and messages with the listers, quote requests, quotes and jobs with professionals, reviews of completed stays and jobs, reports and blocks; and the administrator's moderation and reports. Errors are `{ error: { code, message, fields? } }`.",
  },
  servers: [{ url: "/api/v1" }],
});

apiV1.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404));

/** What a request the framework refused (a media type, a body it could not read) is called. */
const HTTP_REFUSALS: Partial<Record<number, [ErrorCode, MessageKey]>> = {
  400: ["VALIDATION_FAILED", "requests.invalidJson"],
  413: ["PAYLOAD_TOO_LARGE", "requests.tooLarge"],
  415: ["UNSUPPORTED_MEDIA_TYPE", "requests.notJson"],
};

apiV1.onError((err, c) => {
  const refusal = err instanceof HTTPException ? HTTP_REFUSALS[err.status] : undefined;
  const unreachable = isDatabaseUnavailable(err);
  if (unreachable) logger.warn({ err }, "The database could not be reached.");
  const error = refusal
    ? new AppError(...refusal)
    : unreachable
      ? new AppError("SERVICE_UNAVAILABLE", "requests.databaseUnavailable")
      : err;
  if (error instanceof AppError) return appErrorResponse(c, error);
  logger.error({ err }, "An API request failed.");
  return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side." } }, 500);
});

/** An AppError in the API's error shape, its texts in words, with Retry-After for a rate limit. */
export function appErrorResponse(c: Context, error: AppError): Response {
  if (error instanceof RateLimitError) c.header("Retry-After", String(error.retryAfterSeconds));
  const t = createTranslator();
  const text = (message: string) => (isMessageKey(message) ? t(message, error.params) : message);
  const fields = error.fieldErrors
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, text(v)]))
    : undefined;
  return c.json(
    { error: { code: error.code, message: text(error.message), fields } },
    ERROR_CODES[error.code],
  );
}
