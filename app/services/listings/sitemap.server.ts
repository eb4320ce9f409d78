import { asc } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { listings } from "../../db/schema/index.ts";
import { publicListingWhere } from "../../auth/standing.server.ts";

/** A sitemap file holds at most 50,000 URLs. */
export const SITEMAP_LIMIT = 50_000;

/** Approved listings for /sitemap.xml: id and last change, oldest first. */
export async function listSitemapListings(
  limit = SITEMAP_LIMIT,
): Promise<{ id: number; updatedAt: Date }[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(publicListingWhere())
    .orderBy(asc(listings.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updatedAt) }));
}
