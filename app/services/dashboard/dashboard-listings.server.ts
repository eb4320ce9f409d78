import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { favorites, listingImages, listings, reports } from "../../db/schema/index.ts";
import type { ReportReason } from "../../lib/report-reasons.ts";
import type { ListingStatus } from "../../lib/listing-values.ts";
import { can } from "../../lib/permissions.ts";
import { DASHBOARD_PAGE_SIZE } from "../../lib/schemas/dashboard.ts";
import type { DashboardListingRow } from "../../lib/schemas/listing-view.ts";
import { publicListingWhere } from "../../auth/standing.server.ts";

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

/**
 * While reports hide the listing pending review: what its open reports say, so its owner reads
 * why (never who); null otherwise. Read only for such a listing, through the reports' index.
 */
const hiddenByReports = sql<ReportReason[] | null>`CASE WHEN "listings"."report_hidden_at" IS NULL
  THEN NULL ELSE coalesce((
    select array_agg(distinct r.reason order by r.reason) from ${reports} r
    where r.listing_id = "listings"."id" and r.status = 'open'
  ), '{}') END`;

export const dashboardColumns = {
  id: listings.id,
  title: listings.title,
  category: listings.category,
  listingType: listings.listingType,
  priceUsdCents: listings.priceUsdCents,
  priceType: listings.priceType,
  status: listings.status,
  views: listings.views,
  featured: listings.featured,
  agentType: listings.agentType,
  thumbnail,
  rejectionReason: listings.rejectionReason,
  hiddenByReports,
};

/**
 * Whose listings a dashboard shows its viewer: a regular user's favourites (approved ones only),
 * an agent's or professional's own listings in every status, every listing for the admin. One
 * query shape, so a page of rows and their count can never disagree.
 */
async function dashboardQuery(
  viewer: Viewer,
  status?: ListingStatus,
  teamAgencyId: number | null = null,
) {
  const db = await getDb();
  if (!can(viewer, "listing:list-own")) {
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
  const where = and(
    dashboardScope(viewer, teamAgencyId),
    status ? eq(listings.status, status) : undefined,
  );
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

/**
 * A publisher's own listings, and those of the running agency they own (its members' too, the
 * teams service names it); every listing for whoever may list them all (the admin).
 */
function dashboardScope(viewer: Viewer, teamAgencyId: number | null = null): SQL | undefined {
  if (can(viewer, "listing:list-all")) return undefined;
  const own = eq(listings.userId, viewer.id);
  return teamAgencyId === null ? own : or(own, eq(listings.agencyId, teamAgencyId));
}

function savedAndPublic(viewer: Viewer): SQL | undefined {
  return and(eq(favorites.userId, viewer.id), publicListingWhere());
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
  teamAgencyId = null,
}: {
  viewer: Viewer;
  page?: number;
  pageSize?: number;
  /** The running agency the viewer owns: its listings show with their own. */
  teamAgencyId?: number | null;
}): Promise<DashboardListingsPage> {
  const query = await dashboardQuery(viewer, undefined, teamAgencyId);
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

export async function dashboardStats(viewer: Viewer): Promise<DashboardStats> {
  const db = await getDb();
  const publishes = can(viewer, "listing:list-own");
  const [own] = await db
    .select({
      listings: sql<number>`count(*)::int`,
      views: sql<number>`coalesce(sum(${listings.views}), 0)::int`,
      pending: sql<number>`count(*) filter (where ${listings.status} = 'pending_approval')::int`,
      approved: sql<number>`count(*) filter (where ${listings.status} = 'approved')::int`,
    })
    .from(listings)
    .where(dashboardScope(viewer));
  const [saved] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .where(eq(favorites.userId, viewer.id));
  return {
    listings: publishes ? Number(own?.listings ?? 0) : 0,
    views: publishes ? Number(own?.views ?? 0) : 0,
    pending: publishes ? Number(own?.pending ?? 0) : 0,
    approved: publishes ? Number(own?.approved ?? 0) : 0,
    favorites: Number(saved?.n ?? 0),
  };
}
