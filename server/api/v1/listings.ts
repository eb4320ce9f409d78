import { Hono } from "hono";
import { getConfig } from "../../../app/config.server.ts";
import type { ListingSummary } from "../../../app/lib/schemas/listing-view.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import {
  apiListingsQuerySchema,
  invalidBrowseParams,
  parseBrowseParams,
} from "../../../app/lib/schemas/browse.ts";
import { browseListings } from "../../../app/services/listings/browse.server.ts";
import type { ListingDetail, ListingImage } from "../../../app/lib/schemas/listing-view.ts";
import { getListingDetail } from "../../../app/services/listings/listing-detail.server.ts";
import { findCurrency } from "../../../app/services/reference/reference.server.ts";

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
  const { images, agent, ...fields } = listing;
  return {
    ...fields,
    url: `${base}/listing/${listing.id}`,
    images: images.map((image) => apiImage(image, base)),
    agent: {
      ...agent,
      avatarUrl: agent.avatarUrl.startsWith("/") ? `${base}${agent.avatarUrl}` : agent.avatarUrl,
    },
  };
}

export const listingRoutes = new Hono();

/** The browse pages' search as JSON: same parameters, same service, one page at a time. */
listingRoutes.get("/listings", async (c) => {
  const query = new URL(c.req.url).searchParams;
  const { currency: code } = apiListingsQuerySchema.pick({ currency: true }).parse({
    currency: query.get("currency") ?? undefined,
  });
  const currency = await findCurrency(code);
  const invalid = invalidBrowseParams(query);
  if (query.get("currency") && currency.code !== code) invalid.push("currency");
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
  return c.json({
    listings: result.listings.map((l) => apiSummary(l, base)),
    page: result.page,
    pageSize: result.pageSize,
    pageCount: result.pageCount,
    total: result.total,
    query: { ...params, currency: currency.code },
  });
});

listingRoutes.get("/listings/:id", async (c) => {
  // Signed-in viewers (owners, admins) arrive with accounts; the API shows public listings.
  const listing = await getListingDetail({ listingId: c.req.param("id"), viewer: null });
  c.header("Cache-Control", "public, max-age=60");
  return c.json({ listing: apiDetail(listing, getConfig().appUrl) });
});
