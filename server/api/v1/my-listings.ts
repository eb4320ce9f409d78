import { createRoute, z } from "@hono/zod-openapi";
import { CLIENT_IP_HEADER } from "../../../app/auth/auth.server.ts";
import { listingBodySchema } from "../../../app/lib/schemas/listing.ts";
import { dashboardPageQuerySchema } from "../../../app/lib/schemas/dashboard.ts";
import {
  editableListingSchema,
  myListingsPageSchema,
  savedListingSchema,
} from "../../../app/lib/schemas/publishing-api.ts";
import { pageDashboardListings } from "../../../app/services/dashboard/dashboard-listings.server.ts";
import { runningAgencyOwnedBy } from "../../../app/services/teams/team-rights.server.ts";
import {
  createListing,
  deleteListing,
  getListingForEdit,
  updateListing,
} from "../../../app/services/listings/listing-write.server.ts";
import {
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
import { readJsonBody } from "./body.ts";

/** The signed-in person's listings: the same services and paging as the dashboard's. */
export const myListingRoutes = apiRouter();

const idParams = z.object({ id: idParam("listing") });
/**
 * A listing of any category: the contract's schema, named in the document. The listings service
 * reads the body itself, as the page's action does, since what may be sent depends on the person
 * (their categories, their profile's phone) and who may send it is decided first.
 */
export const listingInputSchema = withOpenApi(listingBodySchema, "ListingInput");
const listingBody = {
  required: true,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ListingInput" } } },
};

myListingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/my-listings",
    security: sessionSecurity,
    summary:
      "My listings in every status (with my running agency's for its owner; my saved listings for a regular user, every listing for the admin), newest first, one page at a time",
    operationId: "listMyListings",
    middleware: [noStore, signedIn()] as const,
    request: { query: queryParameters(dashboardPageQuerySchema) },
    responses: {
      200: jsonResponse(myListingsPageSchema, "One page of my listings"),
      401: errorResponse("UNAUTHENTICATED"),
    },
  }),
  async (c) => {
    const viewer = c.get("viewer");
    const result = await pageDashboardListings({
      viewer,
      page: c.req.valid("query").page,
      teamAgencyId: await runningAgencyOwnedBy(viewer.id),
    });
    return c.json(
      {
        listings: result.rows,
        page: result.page,
        pageSize: result.pageSize,
        pageCount: result.pageCount,
        total: result.total,
      },
      200,
    );
  },
);

myListingRoutes.openapi(
  limitedRoute("listingCreate", {
    method: "post",
    path: "/my-listings",
    security: sessionSecurity,
    summary: "Publish a listing (pending review; approved at once for the admin)",
    operationId: "createListing",
    middleware: [noStore, signedIn()] as const,
    request: { body: listingBody },
    responses: {
      201: jsonResponse(savedListingSchema, "The saved listing"),
      400: errorResponse("VALIDATION_FAILED, with a message per field"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => {
    const saved = await createListing({
      actor: c.get("viewer"),
      input: await readJsonBody(c),
      clientIp: c.req.header(CLIENT_IP_HEADER),
    });
    return c.json(saved, 201);
  },
);

myListingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/my-listings/{id}",
    security: sessionSecurity,
    summary: "One of my listings, as the edit form needs it",
    operationId: "getMyListing",
    middleware: [noStore, signedIn()] as const,
    request: { params: idParams },
    responses: {
      200: jsonResponse(editableListingSchema, "The listing"),
      401: errorResponse("UNAUTHENTICATED"),
      404: errorResponse("LISTING_NOT_FOUND"),
    },
  }),
  async (c) => {
    const listing = await getListingForEdit({
      actor: c.get("viewer"),
      listingId: c.req.valid("param").id,
    });
    return c.json(listing, 200);
  },
);

myListingRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "put",
    path: "/my-listings/{id}",
    security: sessionSecurity,
    summary:
      "Edit my listing (an approved one goes back to review when its title, description, price or images change)",
    operationId: "updateListing",
    middleware: [noStore, signedIn()] as const,
    request: { params: idParams, body: listingBody },
    responses: {
      200: jsonResponse(savedListingSchema, "The saved listing"),
      400: errorResponse("VALIDATION_FAILED, with a message per field"),
      401: errorResponse("UNAUTHENTICATED"),
      404: errorResponse("LISTING_NOT_FOUND"),
    },
  }),
  async (c) => {
    const saved = await updateListing({
      actor: c.get("viewer"),
      listingId: c.req.valid("param").id,
      input: await readJsonBody(c),
    });
    return c.json(saved, 200);
  },
);

myListingRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "delete",
    path: "/my-listings/{id}",
    security: sessionSecurity,
    summary: "Delete my listing and its images",
    operationId: "deleteListing",
    middleware: [noStore, signedIn()] as const,
    request: { params: idParams },
    responses: {
      204: { description: "Deleted" },
      401: errorResponse("UNAUTHENTICATED"),
      404: errorResponse("LISTING_NOT_FOUND"),
    },
  }),
  async (c) => {
    await deleteListing({ actor: c.get("viewer"), listingId: c.req.valid("param").id });
    return c.body(null, 204);
  },
);
