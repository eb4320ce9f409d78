import { createRoute, z } from "@hono/zod-openapi";
import { moderationInputSchema } from "../../../app/lib/schemas/moderation.ts";
import {
  moderationQueueSchema,
  moderationResultSchema,
} from "../../../app/lib/schemas/publishing-api.ts";
import {
  listModerationQueue,
  moderateListing,
} from "../../../app/services/listings/moderation.server.ts";
import {
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  idParam,
  noStore,
  sessionSecurity,
  allowedTo,
  signedIn,
} from "./router.ts";

/** The administrator's review of listings waiting to go live; the services decide who may. */
export const moderationRoutes = apiRouter();

moderationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/moderation/listings",
    security: sessionSecurity,
    summary: "Listings pending approval (admin)",
    operationId: "listModerationQueue",
    middleware: [noStore, signedIn()] as const,
    responses: {
      200: jsonResponse(moderationQueueSchema, "The queue, oldest first"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => c.json({ listings: await listModerationQueue(c.get("viewer")) }, 200),
);

moderationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/moderation/listings/{id}",
    security: sessionSecurity,
    summary: "Approve or reject a listing (admin); the owner is e-mailed",
    operationId: "moderateListing",
    middleware: [noStore, signedIn(), allowedTo("listing:moderate"), jsonBody] as const,
    request: {
      params: z.object({ id: idParam("listing") }),
      body: jsonRequest(moderationInputSchema),
    },
    responses: {
      200: jsonResponse(moderationResultSchema, "The new status"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("LISTING_NOT_FOUND"),
      409: errorResponse("CONFLICT: the listing already has that status"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const result = await moderateListing({
      actor: c.get("viewer"),
      listingId: c.req.valid("param").id,
      decision: input.decision,
      reason: input.decision === "rejected" ? input.reason : null,
    });
    return c.json(result, 200);
  },
);
