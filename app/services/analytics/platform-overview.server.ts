import { sql } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb, queryRows } from "../../db/client.server.ts";
import {
  CATEGORIES,
  LISTING_STATUSES,
  type Category,
  type ListingStatus,
} from "../../lib/listing-values.ts";
import { requireAllowed } from "../core/actor.server.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface PlatformOverview {
  byStatus: Record<ListingStatus, number>;
  byCategory: Record<Category, number>;
  newUsersThisWeek: number;
  newListingsThisWeek: number;
  unreadMessages: number;
}

/**
 * The administrator's figures for the overview: listings by status and category, what is new in
 * the last seven days and the contact messages nobody has read. One round trip per table.
 */
export async function platformOverview(
  viewer: Viewer | null,
  now = new Date(),
): Promise<PlatformOverview> {
  requireAllowed(viewer, "analytics:view-platform");
  const db = await getDb();
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const [listingRows, [users], [messages]] = await Promise.all([
    queryRows<{ status: ListingStatus; category: Category; n: number; recent: number }>(
      db,
      sql`select status, category, count(*)::int as n,
          count(*) filter (where created_at >= ${since}::timestamptz)::int as recent
        from listings group by status, category`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from "user" where created_at >= ${since}::timestamptz`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from contact_messages where read_at is null`,
    ),
  ]);
  const byStatus = Object.fromEntries(LISTING_STATUSES.map((s) => [s, 0])) as Record<
    ListingStatus,
    number
  >;
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  let newListingsThisWeek = 0;
  for (const row of listingRows) {
    byStatus[row.status] += Number(row.n);
    byCategory[row.category] += Number(row.n);
    newListingsThisWeek += Number(row.recent);
  }
  return {
    byStatus,
    byCategory,
    newUsersThisWeek: Number(users?.n ?? 0),
    newListingsThisWeek,
    unreadMessages: Number(messages?.n ?? 0),
  };
}
