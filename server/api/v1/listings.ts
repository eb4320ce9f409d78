import { createRoute, z } from "@hono/zod-openapi";
import { getConfig } from "../../../app/config.server.ts";
import type { ListingSummary } from "../../../app/lib/schemas/listing-view.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import {
  apiImageSchema,
  apiListingDetailSchema,
  apiListingPageSchema,
  apiListingSummarySchema,
} from "../../../app/lib/schemas/listing-api.ts";
import {
  apiListingsQuerySchema,
  invalidBrowseParams,
  parseBrowseParams,
} from "../../../app/lib/schemas/browse.ts";
import { browseListings } from "../../../app/services/listings/browse.server.ts";
import type { ListingDetail, ListingImage } from "../../../app/lib/schemas/listing-view.ts";
import { getListingDetail } from "../../../app/services/listings/listing-detail.server.ts";
import { listingTrustSignals } from "../../../app/services/profiles/trust-signals.server.ts";
import { trustSignalsSchema } from "../../../app/lib/schemas/public-profile.ts";
import { findCurrency } from "../../../app/services/reference/reference.server.ts";
import {
  apiRouter,
  errorResponse,
  jsonResponse,
  idParam,
  queryParameters,
  withOpenApi,
} from "./router.ts";

/** Image variants as absolute URLs, for clients that are not this website. */
function apiImage(image: ListingImage, base: string) {
  const url = (variant: string) => `${base}/media/${image.storageKey}-${variant}.webp`;
  return {
    width: image.width,
    height: image.height,
    thumb: url("thumb"),
    card: url("card"),
    gallery: url("gallery"),
  };
}

export function apiSummary(listing: ListingSummary, base: string) {
  const { cover, ...fields } = listing;
  return {
    ...fields,
    url: `${base}/listing/${listing.id}`,
    cover: cover ? apiImage(cover, base) : null,
  };
}

export function apiDetail(listing: ListingDetail, base: string) {
  const { images, agent, videoFile, ...fields } = listing;
  return {
    ...fields,
    url: `${base}/listing/${listing.id}`,
    images: images.map((image) => apiImage(image, base)),
    videoFile: videoFile && { ...videoFile, url: `${base}${videoFile.url}` },
    agent: {
      ...agent,
      avatarUrl: agent.avatarUrl.startsWith("/") ? `${base}${agent.avatarUrl}` : agent.avatarUrl,
    },
  };
}

export const listingRoutes = apiRouter();

export const listingSchemas = {
  Image: withOpenApi(apiImageSchema, "Image"),
  ListingSummary: withOpenApi(apiListingSummarySchema, "ListingSummary"),
  ListingDetail: withOpenApi(apiListingDetailSchema, "ListingDetail"),
  ListingPage: withOpenApi(apiListingPageSchema, "ListingPage"),
};

/** The browse pages' search as JSON: same parameters, same service, one page at a time. */
listingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings",
    summary: "Search approved listings, one page at a time",
    description:
      "A value that does not parse (minPrice=abc, a negative number, an unknown category, sort or currency, a page past 1,000) is refused with 400 and a message per parameter. Empty parameters are ignored, and so are filters the section does not offer.",
    operationId: "listListings",
    request: { query: queryParameters(apiListingsQuerySchema) },
    responses: {
      200: jsonResponse(listingSchemas.ListingPage, "One page of results"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
    },
  }),
  async (c) => {
    // The schema forgives, as the pages do; the API names what it would have dropped.
    const query = new URL(c.req.url).searchParams;
    const currency = await findCurrency(c.req.valid("query").currency);
    const invalid = invalidBrowseParams(query);
    if (query.get("currency") && currency.code !== c.req.valid("query").currency) {
      invalid.push("currency");
    }
    if (invalid.length > 0) {
      throw new AppError(
        "VALIDATION_FAILED",
        "browse.api.invalidQuery",
        Object.fromEntries(invalid.map((name) => [name, "browse.api.invalidValue"])),
      );
    }
    const params = parseBrowseParams(query);
    const result = await browseListings(params, currency);
    const base = getConfig().appUrl;
    c.header("Cache-Control", "public, max-age=60");
    return c.json(
      {
        listings: result.listings.map((l) => apiSummary(l, base)),
        page: result.page,
        pageSize: result.pageSize,
        pageCount: result.pageCount,
        total: result.total,
        totalCapped: result.totalCapped,
        query: { ...params, currency: currency.code },
      },
      200,
    );
  },
);

listingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings/{id}",
    summary: "One approved listing",
    operationId: "getListing",
    request: { params: z.object({ id: idParam("listing") }) },
    responses: {
      200: jsonResponse(
        z.object({
          listing: listingSchemas.ListingDetail,
          host: trustSignalsSchema,
        }),
        "The listing and its host's trust signals",
      ),
      404: errorResponse("LISTING_NOT_FOUND: unknown, not numeric, or not public"),
    },
  }),
  async (c) => {
    // Signed-in viewers (owners, admins) arrive with accounts; the API shows public listings.
    const listing = await getListingDetail({ listingId: c.req.valid("param").id, viewer: null });
    const host = await listingTrustSignals(listing.id);
    if (!host) throw new AppError("LISTING_NOT_FOUND", "detail.notFound.description");
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ listing: apiDetail(listing, getConfig().appUrl), host }, 200);
  },
);
