import { createRoute, z } from "@hono/zod-openapi";
import {
  hiddenReviewSchema,
  hideBodySchema,
  replyBodySchema,
  reviewableSchema,
  reviewInputSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewSchema,
  reviewsDashboardQuerySchema,
  reviewsDashboardSchema,
} from "../../../app/lib/schemas/reviews.ts";
import { reviewsDashboard } from "../../../app/services/reviews/reviews-dashboard.server.ts";
import {
  hideReview,
  listingReviews,
  listReviewable,
  replyToReview,
  writeReview,
} from "../../../app/services/reviews/reviews.server.ts";
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
 * Reviews: a public listing's reviews for anyone; writing one (the guest or client of a completed
 * booking or job), replying (the reviewed lister) and hiding (the administrator) for signed-in
 * people. The reviews service checks the permission table and validates with the pages' schemas.
 */
export const reviewRoutes = apiRouter();

const reviewPage = withOpenApi(reviewPageSchema, "ReviewPage");
const review = withOpenApi(reviewSchema, "Review");
const hiddenReview = withOpenApi(hiddenReviewSchema, "HiddenReview");
const reviewable = withOpenApi(reviewableSchema, "Reviewable");
const receivedReviews = withOpenApi(reviewsDashboardSchema, "ReceivedReviews");

/**
 * The bodies of the writes are documented by reference and read by the handler: the service
 * refuses a caller who may not act before it judges the body, and names what is wrong with it in
 * the reviews' own words.
 */
export const reviewBodySchemas = {
  ReviewInput: withOpenApi(reviewInputSchema, "ReviewInput"),
  ReviewReply: withOpenApi(replyBodySchema, "ReviewReply"),
  ReviewHide: withOpenApi(hideBodySchema, "ReviewHide"),
};
const referencedBody = bodyReferences(reviewBodySchemas);

/** A body's field, whatever JSON was sent (the service says what is missing). */
function fieldOf(body: unknown, name: string): unknown {
  return body !== null && typeof body === "object"
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

const listingParams = z.object({ listingId: idParam("listing") });
/** A review's number; anything else is a review not found. */
const reviewParams = z.object({
  reviewId: idParam("review"),
});
const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN: not the guest, client, lister or administrator it needs"),
  404: errorResponse("NOT_FOUND: no such review, booking or job"),
  409: errorResponse("CONFLICT: not completed yet, already reviewed, replied or hidden"),
};
const signedInCalls = [noStore, signedIn()] as const;

reviewRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings/{listingId}/reviews",
    summary: "A public listing's reviews, newest first, with its and its lister's averages",
    operationId: "listListingReviews",
    request: { params: listingParams, query: queryParameters(reviewPageQuerySchema) },
    responses: {
      200: jsonResponse(reviewPage, "One page of visible reviews"),
      404: errorResponse("LISTING_NOT_FOUND"),
    },
  }),
  async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    const { listingId } = c.req.valid("param");
    return c.json(await listingReviews(listingId, c.req.valid("query").page), 200);
  },
);

reviewRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/reviewable",
    security: sessionSecurity,
    summary: "My completed bookings and jobs that have no review yet",
    operationId: "listReviewable",
    middleware: [...signedInCalls, allowedTo("review:write")] as const,
    responses: { 200: jsonResponse(reviewable, "What I can still review"), ...refusals },
  }),
  async (c) => c.json(await listReviewable(c.get("viewer")), 200),
);

reviewRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/reviews",
    security: sessionSecurity,
    summary:
      "The reviews my listings received, filtered and paged, with the rating distribution and monthly trend (a plan's reviews dashboard)",
    operationId: "listReceivedReviews",
    middleware: [...signedInCalls, allowedTo("review:dashboard")] as const,
    request: { query: queryParameters(reviewsDashboardQuerySchema) },
    responses: {
      200: jsonResponse(receivedReviews, "One page of the reviews received"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse(
        "FORBIDDEN: not a publisher, or a plan without the reviews dashboard (the message names the plan that unlocks it)",
      ),
    },
  }),
  async (c) =>
    c.json(
      await reviewsDashboard(c.get("viewer"), Object.fromEntries(new URL(c.req.url).searchParams)),
      200,
    ),
);

reviewRoutes.openapi(
  limitedRoute("review", {
    method: "post",
    path: "/reviews",
    security: sessionSecurity,
    summary: "Review a completed booking (its guest) or job (its client), once",
    operationId: "writeReview",
    middleware: [...signedInCalls, allowedTo("review:write")] as const,
    request: { body: referencedBody("ReviewInput") },
    responses: { 201: jsonResponse(review, "The review as published"), ...refusals },
  }),
  async (c) => {
    const { listingTitle: _title, ...written } = await writeReview(
      c.get("viewer"),
      await readJsonBody(c),
    );
    return c.json(written, 201);
  },
);

reviewRoutes.openapi(
  limitedRoute("review", {
    method: "post",
    path: "/reviews/{reviewId}/reply",
    security: sessionSecurity,
    summary: "Reply to a review of my listing, once",
    operationId: "replyToReview",
    middleware: [...signedInCalls, allowedTo("review:write")] as const,
    request: { params: reviewParams, body: referencedBody("ReviewReply") },
    responses: { 200: jsonResponse(review, "The review with its reply"), ...refusals },
  }),
  async (c) => {
    const body = await readJsonBody(c);
    const { reviewId } = c.req.valid("param");
    return c.json(
      await replyToReview(c.get("viewer"), { reviewId, reply: fieldOf(body, "reply") }),
      200,
    );
  },
);

reviewRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/reviews/{reviewId}/hide",
    security: sessionSecurity,
    summary: "Hide a review from the pages and the averages, with a reason (admin)",
    operationId: "hideReview",
    middleware: [...signedInCalls, allowedTo("review:hide")] as const,
    request: { params: reviewParams, body: referencedBody("ReviewHide") },
    responses: { 200: jsonResponse(hiddenReview, "The review as hidden"), ...refusals },
  }),
  async (c) => {
    const body = await readJsonBody(c);
    const { reviewId } = c.req.valid("param");
    return c.json(
      await hideReview(c.get("viewer"), { reviewId, reason: fieldOf(body, "reason") }),
      200,
    );
  },
);
