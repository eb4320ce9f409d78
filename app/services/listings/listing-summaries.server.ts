import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { countries, listingImages, listings } from "../../db/schema/index.ts";
import { listingSummarySchema, type ListingSummary } from "../../lib/schemas/listing-view.ts";
import { agencyBadgeColumn } from "../teams/team-rights.server.ts";
import { listingColumnsFor } from "./listing-row.server.ts";
import { publicListingWhere } from "../../auth/standing.server.ts";
import {
  hostBusinessVerifiedColumn,
  hostVerifiedColumn,
} from "../core/host-verification.server.ts";

/** The cover (position 0) of a listing, as JSON, or null: one subquery instead of a join per image. */
const coverImage = sql<ListingSummary["cover"]>`(
  select json_build_object('storageKey', ${listingImages.storageKey}, 'width', ${listingImages.width}, 'height', ${listingImages.height})
  from ${listingImages}
  where ${listingImages.listingId} = ${listings.id}
  order by ${listingImages.position}
  limit 1
)`;

const summaryColumns = {
  ...listingColumnsFor(listingSummarySchema.shape),
  countryName: countries.name,
  cover: coverImage,
  agencyBadge: agencyBadgeColumn,
  hostVerified: hostVerifiedColumn,
  hostBusinessVerified: hostBusinessVerifiedColumn,
};

/** Approved listings as card data, in the order given. */
export async function selectPublicSummaries(options: {
  where?: SQL;
  orderBy: SQL[];
  /** Unset: every match (only for sets an administrator curates, like featured listings). */
  limit?: number;
  offset?: number;
}): Promise<ListingSummary[]> {
  const db = await getDb();
  const query = db
    .select(summaryColumns)
    .from(listings)
    .innerJoin(countries, eq(countries.code, listings.countryCode))
    .where(and(publicListingWhere(), options.where))
    .orderBy(...options.orderBy)
    .offset(options.offset ?? 0)
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

/**
 * Approved featured listings, newest first. The home page renders the first few and fetches the
 * rest only when asked ("Show All"), so the first load stays small on slow connections.
 */
export function listFeaturedListings(options: {
  limit?: number;
  offset?: number;
}): Promise<ListingSummary[]> {
  return selectPublicSummaries({
    where: eq(listings.featured, true),
    orderBy: [desc(listings.createdAt), desc(listings.id)],
    limit: options.limit,
    offset: options.offset,
  });
}

export async function countFeaturedListings(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(publicListingWhere(), eq(listings.featured, true)));
  return row?.count ?? 0;
}
