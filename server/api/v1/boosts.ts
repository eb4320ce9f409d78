import { createRoute, z } from "@hono/zod-openapi";
import {
  boostPostInputSchema,
  boostQueueSchema,
  boostSchema,
  myBoostsSchema,
} from "../../../app/lib/schemas/boosts.ts";
import {
  boostQueue,
  markBoostPosted,
  myBoosts,
  requestBoost,
} from "../../../app/services/boosts/boosts.server.ts";
import { readJsonBody } from "./body.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  idParam,
  jsonResponse,
  limitedRoute,
  noStore,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Social media boost (a plan's perk): a host asks for a boost of their live listing and reads
 * their boosts; the administrator reads the Boost queue and records where a boost was posted.
 * The boosts service checks the permission table, the plan and the limits.
 */
export const boostRoutes = apiRouter();

const boost = withOpenApi(boostSchema, "Boost");
const queue = withOpenApi(boostQueueSchema, "BoostQueue");
const mine = withOpenApi(myBoostsSchema, "MyBoosts");

/** The post's body is documented by reference and judged by the service, after the permission. */
export const boostBodySchemas = { BoostPost: withOpenApi(boostPostInputSchema, "BoostPost") };

const signedInCalls = [noStore, signedIn()] as const;

boostRoutes.openapi(
  limitedRoute("boost", {
    method: "post",
    path: "/my-listings/{id}/boosts",
    security: sessionSecurity,
    summary:
      "Boost my live listing on social media: a share image and post texts for the site's team to post (a plan's social media boost)",
    operationId: "requestBoost",
    middleware: [...signedInCalls, allowedTo("boost:list-own")] as const,
    request: { params: z.object({ id: idParam("listing") }) },
    responses: {
      201: jsonResponse(boost, "The boost, waiting in the Boost queue"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse(
        "FORBIDDEN: not the listing's owner, or a plan without social media boosts (the message names the plan that unlocks it)",
      ),
      404: errorResponse("LISTING_NOT_FOUND"),
      409: errorResponse(
        "CONFLICT: the listing is not live, a boost of it still waits, or this period's boosts are used up",
      ),
    },
  }),
  async (c) =>
    c.json(await requestBoost({ actor: c.get("viewer"), listingId: c.req.valid("param").id }), 201),
);

boostRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/boosts",
    security: sessionSecurity,
    summary:
      "My listings' boosts, newest first, with when and where each was posted, and what my plan allows this period",
    operationId: "listMyBoosts",
    middleware: [...signedInCalls, allowedTo("boost:list-own")] as const,
    responses: {
      200: jsonResponse(mine, "My boosts"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN: not a publisher"),
    },
  }),
  async (c) => c.json(await myBoosts(c.get("viewer")), 200),
);

boostRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/boosts",
    security: sessionSecurity,
    summary:
      "The Boost queue: boosts waiting to be posted (oldest first) and the latest posted (admin)",
    operationId: "listBoostQueue",
    middleware: [...signedInCalls, allowedTo("boost:manage")] as const,
    responses: {
      200: jsonResponse(queue, "The queue"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN: not the administrator"),
    },
  }),
  async (c) => c.json(await boostQueue(c.get("viewer")), 200),
);

boostRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/boosts/{boostId}/posts",
    security: sessionSecurity,
    summary: "Record that a boost was posted on a network, with the post's https link (admin)",
    operationId: "markBoostPosted",
    middleware: [...signedInCalls, allowedTo("boost:manage")] as const,
    request: {
      params: z.object({ boostId: idParam("boost") }),
      body: {
        required: true,
        content: { "application/json": { schema: { $ref: "#/components/schemas/BoostPost" } } },
      },
    },
    responses: {
      200: jsonResponse(boost, "The boost with its posts"),
      400: errorResponse("VALIDATION_FAILED: an unknown network or a link that is not https"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN: not the administrator"),
      404: errorResponse("NOT_FOUND: no such boost"),
    },
  }),
  async (c) => {
    const body = await readJsonBody(c);
    return c.json(
      await markBoostPosted({
        actor: c.get("viewer"),
        boostId: c.req.valid("param").boostId,
        input: body,
      }),
      200,
    );
  },
);
