import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { favorites, listingImages, listings } from "../../db/schema/index.ts";
import type { DashboardListingRow } from "../../lib/dashboard-listing-row.ts";
import type { ListingStatus } from "../../lib/listing-values.ts";
import { dashboardRole } from "../../lib/permissions.ts";
import { DASHBOARD_PAGE_SIZE } from "../../lib/schemas/dashboard.ts";

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
 * Whose listings a dashboard shows its viewer: a regular user's favourites (approved ones only),
 * an agent's or professional's own listings in every status, every listing for the admin. One
 * query shape, so a page of rows and their count can never disagree.
 */
async function dashboardQuery(viewer: Viewer, status?: ListingStatus) {
  const db = await getDb();
  const role = dashboardRole(viewer.role);
  if (role === "user") {
    return {
      rows: () =>
        db
          .select(dashboardColumns)
          .from(favorites)
          .innerJoin(listings, eq(listings.id, favorites.listingId))
          .where(savedAndPublic(viewer))
          .orderBy(desc(favorites.createdAt), desc(favorites.listingId))
          .$dynamic(),
      count: () =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(favorites)
          .innerJoin(listings, eq(listings.id, favorites.listingId))
          .where(savedAndPublic(viewer)),
    };
  }
  const scope: SQL | undefined = role === "admin" ? undefined : eq(listings.userId, viewer.id);
  const where = and(scope, status ? eq(listings.status, status) : undefined);
  return {
    rows: () =>
      db
        .select(dashboardColumns)
        .from(listings)
        .where(where)
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .$dynamic(),
    count: () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(where),
  };
}

function savedAndPublic(viewer: Viewer): SQL | undefined {
  return and(eq(favorites.userId, viewer.id), eq(listings.status, "approved"));
}

/** The first few of a dashboard's listings, newest first (the overview, the analytics). */
export async function listDashboardListings(
  viewer: Viewer,
  limit: number,
  status?: ListingStatus,
): Promise<DashboardListingRow[]> {
  const query = await dashboardQuery(viewer, status);
  return query.rows().limit(limit);
}

export interface DashboardListingsPage {
  rows: DashboardListingRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/**
 * One page of a dashboard's listings for My Listings, with their total. A page past the end (a
 * stale link, the last row of the last page deleted) shows the last page.
 */
export async function pageDashboardListings({
  viewer,
  page = 1,
  pageSize = DASHBOARD_PAGE_SIZE,
}: {
  viewer: Viewer;
  page?: number;
  pageSize?: number;
}): Promise<DashboardListingsPage> {
  const query = await dashboardQuery(viewer);
  const [counted] = await query.count();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await query
    .rows()
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageCount, pageSize };
}

export interface DashboardStats {
  listings: number;
  views: number;
  pending: number;
  approved: number;
  favorites: number;
}

/** A publisher's most viewed listings (the platform's, for the admin), for Analytics. */
export async function mostViewedListings(
  viewer: Viewer,
  limit: number,
): Promise<DashboardListingRow[]> {
  const db = await getDb();
  const scope = dashboardRole(viewer.role) === "admin" ? undefined : eq(listings.userId, viewer.id);
  return db
    .select(dashboardColumns)
    .from(listings)
    .where(and(scope, gt(listings.views, 0)))
    .orderBy(desc(listings.views), desc(listings.id))
    .limit(limit);
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
      approved: sql<number>`count(*) filter (where ${listings.status} = 'approved')::int`,
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
    approved: role === "user" ? 0 : Number(own?.approved ?? 0),
    favorites: Number(saved?.n ?? 0),
  };
}
