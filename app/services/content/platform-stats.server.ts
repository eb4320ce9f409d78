import { countDistinct, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { listings, user } from "../../db/schema/index.ts";
import type { Category } from "../../lib/listing-values.ts";

export interface PlatformStats {
  listings: number;
  users: number;
  countries: number;
  views: number;
  byCategory: Partial<Record<Category, number>>;
}

const TTL_MS = 5 * 60 * 1000;
let cached: { at: number; value: Promise<PlatformStats> } | undefined;

/** Real figures from the database for the home page's statistics band, refreshed every 5 minutes. */
export function getPlatformStats(now = Date.now()): Promise<PlatformStats> {
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = (async () => {
    const db = await getDb();
    const [listingStats] = await db
      .select({
        listings: sql<number>`count(*)::int`,
        countries: countDistinct(listings.countryCode),
        views: sql<number>`coalesce(sum(${listings.views}), 0)::bigint`,
      })
      .from(listings)
      .where(eq(listings.status, "approved"));
    const [userStats] = await db.select({ users: sql<number>`count(*)::int` }).from(user);
    const categoryRows = await db
      .select({ category: listings.category, count: sql<number>`count(*)::int` })
      .from(listings)
      .where(eq(listings.status, "approved"))
      .groupBy(listings.category);
    return {
      listings: Number(listingStats?.listings ?? 0),
      countries: Number(listingStats?.countries ?? 0),
      views: Number(listingStats?.views ?? 0),
      users: Number(userStats?.users ?? 0),
      byCategory: Object.fromEntries(categoryRows.map((r) => [r.category, Number(r.count)])),
    };
  })();
  value.catch(() => {
    cached = undefined;
  });
  cached = { at: now, value };
  return value;
}
