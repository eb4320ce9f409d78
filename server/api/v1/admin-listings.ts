import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../../app/lib/app-error.ts";
import type { ListingAttribute } from "../../../app/lib/listing-status.ts";
import { managedListingsQuerySchema } from "../../../app/lib/schemas/dashboard.ts";
import { dismissedSignalSchema } from "../../../app/lib/schemas/signals.ts";
import {
  listingAttributesResultSchema,
  listingAttributesSchema,
  managedListingsPageSchema,
} from "../../../app/lib/schemas/publishing-api.ts";
import {
  listManagedListings,
  setListingAttribute,
} from "../../../app/services/listings/moderation.server.ts";
import { dismissListingSignal } from "../../../app/services/signals/signal-review.server.ts";
import {
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  idParam,
  limitedRoute,
  noStore,
  queryParameters,
  sessionSecurity,
  allowedTo,
  signedIn,
} from "./router.ts";

/**
 * The administrator's Manage Listings: every listing with its scam signals, its Featured and
 * Premium switches, and dismissing a signal.
 */
export const adminListingRoutes = apiRouter();

adminListingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/listings",
    security: sessionSecurity,
    summary: "Every listing, searchable, filtered to flagged ones and paged (admin)",
    operationId: "listAllListings",
    middleware: [noStore, signedIn()] as const,
    request: { query: queryParameters(managedListingsQuerySchema) },
    responses: {
      200: jsonResponse(managedListingsPageSchema, "One page"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => {
    const { q, filter, page } = c.req.valid("query");
    return c.json(
      await listManagedListings({ actor: c.get("viewer"), query: q, filter, page }),
      200,
    );
  },
);

adminListingRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/listings/{id}",
    security: sessionSecurity,
    summary: "Set Featured, Premium or both (admin)",
    operationId: "setListingAttributes",
    middleware: [
      noStore,
      signedIn(),
      allowedTo("listing:feature", "listing:set-premium"),
      jsonBody,
    ] as const,
    request: {
      params: z.object({ id: idParam("listing") }),
      body: jsonRequest(listingAttributesSchema),
    },
    responses: {
      200: jsonResponse(listingAttributesResultSchema, "The listing's switches afterwards"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("LISTING_NOT_FOUND"),
    },
  }),
  async (c) => {
    const { featured, premium } = c.req.valid("json");
    const actor = c.get("viewer");
    const listingId = c.req.valid("param").id;
    const set = (attribute: ListingAttribute, value: boolean) =>
      setListingAttribute({ actor, listingId, attribute, value });
    const afterFeatured = featured === undefined ? undefined : await set("featured", featured);
    const result = premium === undefined ? afterFeatured : await set("premium", premium);
    // The body's schema asks for at least one switch, so one of them was set.
    if (!result) throw new AppError("VALIDATION_FAILED", "api.errors.badRequest");
    return c.json(result, 200);
  },
);

adminListingRoutes.openapi(
  limitedRoute("signalDismiss", {
    method: "post",
    path: "/admin/listing-signals/{id}/dismiss",
    security: sessionSecurity,
    summary: "Dismiss a listing's scam signal as a false alarm (admin; audited)",
    operationId: "dismissListingSignal",
    middleware: [noStore, signedIn(), allowedTo("signal:dismiss")] as const,
    request: { params: z.object({ id: idParam("signal") }) },
    responses: {
      200: jsonResponse(dismissedSignalSchema, "The dismissed signal and its listing"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND: no such signal, or it was dismissed already"),
    },
  }),
  async (c) =>
    c.json(
      await dismissListingSignal({ actor: c.get("viewer"), signalId: c.req.valid("param").id }),
      200,
    ),
);
