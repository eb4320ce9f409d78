import { sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb, queryRows } from "../../db/client.server.ts";
import { LEAD_KINDS, type LeadKind } from "../../lib/admin-values.ts";
import { can } from "../../lib/permissions.ts";
import type {
  AnalyticsDay,
  AnalyticsListingRow,
  AnalyticsRange,
  AnalyticsReport,
  AnalyticsTotals,
  LeadCounts,
} from "../../lib/schemas/analytics.ts";
import { requireAllowed } from "../core/actor.server.ts";
import { viewDay } from "../listings/listing-views.server.ts";
import { runningAgencyOwnedBy } from "../teams/team-rights.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The page's table stops at the most active listings; the CSV has them all up to this. */
export const REPORT_MAX_LISTINGS = 10_000;

/** The days of a range ending today (UTC), oldest first. */
export function rangeDays(days: AnalyticsRange, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) =>
    viewDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)),
  );
}

export function emptyTotals(): AnalyticsTotals {
  return { views: 0, leads: 0, call: 0, whatsapp: 0, email: 0, share: 0, favorite: 0, callback: 0 };
}

/**
 * Whose listings the figures cover: the platform for whoever may see it (the admin), one's own
 * for a publisher, with the whole team's for the owner of a running agency. A SQL condition on
 * the alias `l` of listings.
 */
async function scopeOf(viewer: Viewer, now: Date): Promise<SQL> {
  if (can(viewer, "analytics:view-platform")) return sql`true`;
  const teamAgencyId = await runningAgencyOwnedBy(viewer.id, now);
  return teamAgencyId === null
    ? sql`l.user_id = ${viewer.id}`
    : sql`(l.user_id = ${viewer.id} or l.agency_id = ${teamAgencyId})`;
}

const leadColumns = sql.raw(
  LEAD_KINDS.map((kind) => `count(*) filter (where kind = '${kind}')::int as "${kind}"`).join(", "),
);

type LeadRow = Record<LeadKind, number>;

function withLeadSum<T extends LeadRow>(row: T): T & LeadCounts {
  const counts = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, Number(row[kind] ?? 0)]));
  const leads = LEAD_KINDS.reduce((sum, kind) => sum + Number(row[kind] ?? 0), 0);
  return { ...row, ...counts, leads } as T & LeadCounts;
}

/**
 * Views and leads over the last `days` days (today included, UTC): totals, every day and the
 * listings with any activity, most active first. Publishers see their own listings, the admin
 * the whole platform; anyone else is refused.
 */
export async function analyticsReport(
  viewer: Viewer | null,
  {
    days,
    listingLimit = REPORT_MAX_LISTINGS,
    now = new Date(),
  }: { days: AnalyticsRange; listingLimit?: number; now?: Date },
): Promise<AnalyticsReport> {
  requireAllowed(viewer, "analytics:view");
  const db = await getDb();
  const dayList = rangeDays(days, now);
  const from = dayList[0] ?? viewDay(now);
  const to = dayList.at(-1) ?? viewDay(now);
  const scope = await scopeOf(viewer, now);

  const [viewDays, leadDays, listingRows] = await Promise.all([
    queryRows<{ day: string; views: number }>(
      db,
      sql`select v.day::text as day, count(*)::int as views
        from listing_views v join listings l on l.id = v.listing_id
        where v.day between ${from}::date and ${to}::date and ${scope}
        group by v.day`,
    ),
    queryRows<LeadRow & { day: string }>(
      db,
      sql`select d.day::text as day, ${leadColumns}
        from listing_leads d join listings l on l.id = d.listing_id
        where d.day between ${from}::date and ${to}::date and ${scope}
        group by d.day`,
    ),
    queryRows<LeadRow & { id: number; title: string; views: number }>(
      db,
      sql`with v as (
          select listing_id, count(*)::int as views from listing_views
          where day between ${from}::date and ${to}::date group by listing_id
        ), d as (
          select listing_id, ${leadColumns} from listing_leads
          where day between ${from}::date and ${to}::date group by listing_id
        )
        select l.id, l.title, coalesce(v.views, 0) as views,
          ${sql.raw(LEAD_KINDS.map((kind) => `coalesce(d."${kind}", 0) as "${kind}"`).join(", "))}
        from listings l
          left join v on v.listing_id = l.id
          left join d on d.listing_id = l.id
        where (v.listing_id is not null or d.listing_id is not null) and ${scope}
        order by coalesce(v.views, 0) + ${sql.raw(
          LEAD_KINDS.map((kind) => `coalesce(d."${kind}", 0)`).join(" + "),
        )} desc, l.id
        limit ${listingLimit}`,
    ),
  ]);

  const viewsByDay = new Map(viewDays.map((r) => [r.day, Number(r.views)]));
  const leadsByDay = new Map(leadDays.map((r) => [r.day, withLeadSum(r)]));
  const daily: AnalyticsDay[] = dayList.map((day) => {
    const leads = leadsByDay.get(day);
    return {
      ...emptyTotals(),
      ...(leads ? pickTotals(leads) : {}),
      views: viewsByDay.get(day) ?? 0,
      day,
    };
  });
  const totals = emptyTotals();
  for (const day of daily) {
    for (const key of Object.keys(totals) as (keyof AnalyticsTotals)[]) totals[key] += day[key];
  }
  const listings: AnalyticsListingRow[] = listingRows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    ...pickTotals(withLeadSum(row)),
    views: Number(row.views),
  }));
  return {
    days,
    from,
    to,
    platform: can(viewer, "analytics:view-platform"),
    totals,
    daily,
    listings,
  };
}

function pickTotals(row: LeadCounts & Partial<AnalyticsTotals>): AnalyticsTotals {
  return {
    views: Number(row.views ?? 0),
    leads: row.leads,
    call: row.call,
    whatsapp: row.whatsapp,
    email: row.email,
    share: row.share,
    favorite: row.favorite,
    callback: row.callback,
  };
}

/** A publisher's leads of the last seven days (today included), for their overview. */
export async function leadsThisWeek(viewer: Viewer, now = new Date()): Promise<number> {
  if (!can(viewer, "listing:list-own")) return 0;
  const db = await getDb();
  const from = rangeDays(7, now)[0] ?? viewDay(now);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listing_leads d join listings l on l.id = d.listing_id
      where d.day >= ${from}::date and ${await scopeOf(viewer, now)}`,
  );
  return Number(row?.n ?? 0);
}
