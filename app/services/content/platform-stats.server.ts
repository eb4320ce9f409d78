import { countDistinct, sql } from "drizzle-orm";
import { listings, user } from "../../db/schema/index.ts";
import type { Category } from "../../lib/listing-values.ts";
import { memo } from "../cache/memo.server.ts";
import { publicListingWhere } from "../../auth/standing.server.ts";
import { verifiedHostWhere } from "../core/host-verification.server.ts";

export interface PlatformStats {
  /** Approved listings whose owner's identity is verified now: the "verified" figure. */
  listings: number;
  users: number;
  countries: number;
  views: number;
  byCategory: Partial<Record<Category, number>>;
}

/**
 * Real figures from the database for the home and about pages' statistics band. Listings, views
 * and accounts change all the time and from many places, so the figures are kept for at most
 * 5 minutes rather than invalidated by every write.
 */
const platformStats = memo(
  async (db): Promise<PlatformStats> => {
    const [listingStats] = await db
      .select({
        // Only what the label claims: a moderator's approval of a listing is not a verification.
        listings: sql<number>`count(*) filter (where ${verifiedHostWhere})::int`,
        countries: countDistinct(listings.countryCode),
        views: sql<number>`coalesce(sum(${listings.views}), 0)::bigint`,
      })
      .from(listings)
      .where(publicListingWhere());
    const [userStats] = await db.select({ users: sql<number>`count(*)::int` }).from(user);
    const categoryRows = await db
      .select({ category: listings.category, count: sql<number>`count(*)::int` })
      .from(listings)
      .where(publicListingWhere())
      .groupBy(listings.category);
    return {
      listings: Number(listingStats?.listings ?? 0),
      countries: Number(listingStats?.countries ?? 0),
      views: Number(listingStats?.views ?? 0),
      users: Number(userStats?.users ?? 0),
      byCategory: Object.fromEntries(categoryRows.map((r) => [r.category, Number(r.count)])),
    };
  },
  { ttlMs: 5 * 60 * 1000 },
);

export function getPlatformStats(): Promise<PlatformStats> {
  return platformStats.get();
}

/** For whatever changes what the figures count at once (an identity approved or withdrawn). */
export function invalidatePlatformStats(): void {
  platformStats.invalidate();
}
