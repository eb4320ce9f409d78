import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { favorites, listingImages, listings } from "../../db/schema/index.ts";
import type { AgentType, Category, ListingStatus, PriceType } from "../../lib/listing-values.ts";
import { dashboardRole } from "../../lib/permissions.ts";

export interface DashboardListingRow {
  id: number;
  title: string;
  category: Category;
  priceUsdCents: number | null;
  priceType: PriceType | null;
  status: ListingStatus;
  views: number;
  featured: boolean;
  agentType: AgentType;
  thumbnail: string | null;
  /** The administrator's reason when the listing was rejected. */
  rejectionReason: string | null;
}

/**
 * The cover's key. The outer listing's id is written out in full: Drizzle leaves column names
 * unqualified in a query without joins, and inside this subquery a bare "id" would be the
 * image's own id.
 */
const thumbnail = sql<string | null>`(
  select li.storage_key from ${listingImages} li
  where li.listing_id = "listings"."id"
  order by li.position limit 1
)`;

export const dashboardColumns = {
  id: listings.id,
  title: listings.title,
  category: listings.category,
  priceUsdCents: listings.priceUsdCents,
  priceType: listings.priceType,
  status: listings.status,
  views: listings.views,
  featured: listings.featured,
  agentType: listings.agentType,
  thumbnail,
  rejectionReason: listings.rejectionReason,
};

/**
 * The listings a dashboard shows its viewer: a regular user's favourites (approved ones only), an
 * agent's or professional's own listings in every status, every listing for the admin.
 */
export async function listDashboardListings(
  viewer: Viewer,
  limit = 100,
  status?: ListingStatus,
): Promise<DashboardListingRow[]> {
  const db = await getDb();
  const role = dashboardRole(viewer.role);
  if (role === "user") {
    return db
      .select(dashboardColumns)
      .from(favorites)
      .innerJoin(listings, eq(listings.id, favorites.listingId))
      .where(sql`${favorites.userId} = ${viewer.id} and ${listings.status} = 'approved'`)
      .orderBy(desc(favorites.createdAt))
      .limit(limit);
  }
  const scope: SQL | undefined = role === "admin" ? undefined : eq(listings.userId, viewer.id);
  return db
    .select(dashboardColumns)
    .from(listings)
    .where(and(scope, status ? eq(listings.status, status) : undefined))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit);
}

export interface DashboardStats {
  listings: number;
  views: number;
  pending: number;
  favorites: number;
}

export async function dashboardStats(viewer: Viewer): Promise<DashboardStats> {
  const db = await getDb();
  const role = dashboardRole(viewer.role);
  const scope = role === "admin" ? undefined : eq(listings.userId, viewer.id);
  const [own] = await db
    .select({
      listings: sql<number>`count(*)::int`,
      views: sql<number>`coalesce(sum(${listings.views}), 0)::int`,
      pending: sql<number>`count(*) filter (where ${listings.status} = 'pending_approval')::int`,
    })
    .from(listings)
    .where(scope);
  const [saved] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .where(eq(favorites.userId, viewer.id));
  return {
    listings: role === "user" ? 0 : Number(own?.listings ?? 0),
    views: role === "user" ? 0 : Number(own?.views ?? 0),
    pending: role === "user" ? 0 : Number(own?.pending ?? 0),
    favorites: Number(saved?.n ?? 0),
  };
}
