import { and, desc, eq, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { listings, reviews, user } from "../../db/schema/index.ts";
import { MAX_RATING, MIN_RATING } from "../../lib/conversation-values.ts";
import {
  LOW_RATING,
  REVIEWS_DASHBOARD_PAGE_SIZE,
  REVIEWS_TREND_MONTHS,
  reviewsDashboardQuerySchema,
  type ReviewsDashboard,
} from "../../lib/schemas/reviews.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireEntitlement } from "../premium/entitlements.server.ts";
import { reviewViewColumns, toView } from "./reviews.server.ts";

/**
 * The reviews dashboard: every visible review the account's listings received, with the rating
 * distribution and the monthly trend. It is a plan's perk, so the plan is asked before any review
 * is read; replies go through the reviews service's own reply, with its checks and limits.
 */

/** The first day (UTC) of the month `back` months before `now`'s. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/** "2026-11" for the month of `day` (UTC). */
function monthKey(day: Date): string {
  return day.toISOString().slice(0, 7);
}

export async function reviewsDashboard(
  actor: Actor | null,
  rawQuery: unknown,
  now: Date = new Date(),
): Promise<ReviewsDashboard> {
  requireAllowed(actor, "review:dashboard");
  await requireEntitlement(actor, "reviewsDashboard", undefined, now);
  const query = reviewsDashboardQuerySchema.parse(rawQuery ?? {});
  const db = await getDb();
  const received = and(eq(reviews.subjectId, actor.id), isNull(reviews.hiddenAt));
  const filters: (SQL | undefined)[] = [
    received,
    query.unanswered === "1" ? isNull(reviews.reply) : undefined,
    query.low === "1" ? lte(reviews.rating, LOW_RATING) : undefined,
    query.listing !== undefined ? eq(reviews.listingId, query.listing) : undefined,
  ];
  const matching = and(...filters);

  const [[counted], distributionRows, trendRows, listingRows] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviews)
      .where(matching),
    db
      .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(received)
      .groupBy(reviews.rating),
    db
      .select({
        month: sql<string>`to_char(${reviews.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`,
        average: sql<string>`round(avg(${reviews.rating}), 1)`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(and(received, gte(reviews.createdAt, monthStart(now, REVIEWS_TREND_MONTHS - 1))))
      .groupBy(sql`1`),
    db
      .selectDistinct({ id: listings.id, title: listings.title })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(received)
      .orderBy(listings.title, listings.id),
  ]);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / REVIEWS_DASHBOARD_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select({ ...reviewViewColumns, listingTitle: listings.title })
          .from(reviews)
          .innerJoin(user, eq(user.id, reviews.authorId))
          .innerJoin(listings, eq(listings.id, reviews.listingId))
          .where(matching)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_DASHBOARD_PAGE_SIZE)
          .offset((page - 1) * REVIEWS_DASHBOARD_PAGE_SIZE);

  const perRating = new Map(distributionRows.map((row) => [row.rating, row.count]));
  const perMonth = new Map(trendRows.map((row) => [row.month, row]));
  return {
    reviews: rows.map((row) => ({ ...toView(row), listingTitle: row.listingTitle })),
    page,
    pageCount,
    total,
    distribution: Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => {
      const rating = MIN_RATING + i;
      return { rating, count: perRating.get(rating) ?? 0 };
    }),
    trend: Array.from({ length: REVIEWS_TREND_MONTHS }, (_, i) => {
      const month = monthKey(monthStart(now, REVIEWS_TREND_MONTHS - 1 - i));
      const found = perMonth.get(month);
      return {
        month,
        average: found ? Number(found.average) : null,
        count: found?.count ?? 0,
      };
    }),
    listings: listingRows,
  };
}
