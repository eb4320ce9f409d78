import { and, arrayContains, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import {
  bookings,
  bookingSettings,
  calendarBlocks,
  countries,
  listings,
} from "../../db/schema/index.ts";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import { displayAmountToUsdCents, USD, type DisplayCurrency } from "../../lib/money.ts";
import {
  PAGE_SIZE,
  type BrowseCategory,
  type BrowseParams,
  type Sort,
} from "../../lib/schemas/browse.ts";
import { escapeLike, keywordSearch, type KeywordSearch } from "./keyword-search.server.ts";
import { selectPublicSummaries } from "./listing-summaries.server.ts";
import { publicListingWhere } from "../../auth/standing.server.ts";
import { verifiedHostWhere } from "../core/host-verification.server.ts";

/**
 * The most matches a browse counts: past it the count says "10,000+" and the pages stop at the
 * last one it covers. Counting every match of a broad filter at scale would cost more than the
 * page itself, and nobody pages that deep (OFFSET work grows with the page).
 */
export const COUNT_CAP = 10_000;

export interface BrowseResult {
  listings: ListingSummary[];
  /** Approved listings matching every filter, COUNT_CAP at most. */
  total: number;
  /** True when more than COUNT_CAP listings match: `total` is then a lower bound. */
  totalCapped: boolean;
  /** The page shown (the last one when the one asked for is past the end). */
  page: number;
  pageCount: number;
  pageSize: number;
}

function contains(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/**
 * The WHERE clause for the filters (status is added by the summary query), with the keyword's
 * condition prepared by keywordSearch. Min and max prices are typed in the display currency and
 * compared in US cents.
 */
export function browseWhere(
  params: BrowseParams,
  currency: DisplayCurrency,
  keyword?: KeywordSearch,
): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (params.category !== "all") where.push(eq(listings.category, params.category));
  if (keyword) where.push(keyword.where);
  if (params.location) {
    const pattern = contains(params.location);
    // The countries named so are looked up first, so both halves are index lookups on listings
    // (country code, city trigrams) instead of a filter over every row joined to its country.
    const named = sql`select ${countries.code} from ${countries} where ${ilike(countries.name, pattern)}`;
    // An array (computed once) rather than IN (subquery), which PostgreSQL checks row by row.
    where.push(
      or(sql`${listings.countryCode} = any(array(${named}))`, ilike(listings.city, pattern)),
    );
  }
  if (params.minPrice !== undefined) {
    const cents = displayAmountToUsdCents(params.minPrice, currency);
    if (cents !== null) where.push(gte(listings.priceUsdCents, cents));
  }
  if (params.maxPrice !== undefined) {
    const cents = displayAmountToUsdCents(params.maxPrice, currency);
    if (cents !== null) where.push(lte(listings.priceUsdCents, cents));
  }
  if (params.bedrooms !== undefined) where.push(gte(listings.bedrooms, params.bedrooms));
  if (params.bathrooms !== undefined) where.push(gte(listings.bathrooms, params.bathrooms));
  if (params.propertyType) where.push(eq(listings.propertyType, params.propertyType));
  if (params.completion) where.push(eq(listings.completionStatus, params.completion));
  if (params.listingType) where.push(eq(listings.listingType, params.listingType));
  if (params.serviceCategory) where.push(eq(listings.serviceCategory, params.serviceCategory));
  if (params.tourType) where.push(arrayContains(listings.tourTypes, [params.tourType]));
  if (params.roomType) where.push(eq(listings.roomType, params.roomType));
  if (params.genderPreference) where.push(eq(listings.genderPreference, params.genderPreference));
  if (params.checkIn || params.guests !== undefined) where.push(availableWhere(params));
  if (params.verified) where.push(verifiedHostWhere);
  return and(...where);
}

/**
 * Listings that take bookings for the guests and, with dates, whose nights are all free: no
 * booking holds them (the exclusion constraint's index on listing and nights answers this) and
 * the lister closed none of them.
 */
function availableWhere(params: BrowseParams): SQL {
  const takes = sql`exists (select 1 from ${bookingSettings} where ${bookingSettings.listingId} = ${listings.id}${
    params.guests !== undefined ? sql` and ${bookingSettings.maxGuests} >= ${params.guests}` : sql``
  })`;
  if (!params.checkIn || !params.checkOut) return takes;
  const nights = sql`daterange(${params.checkIn}::date, ${params.checkOut}::date)`;
  return sql`${takes}
    and not exists (select 1 from ${bookings} where ${bookings.listingId} = ${listings.id}
      and ${bookings.status} in ('awaiting_payment', 'requested', 'confirmed') and ${bookings.unit} <> 'departure'
      and ${bookings.occupied} && ${nights})
    and not exists (select 1 from ${calendarBlocks} where ${calendarBlocks.listingId} = ${listings.id}
      and ${calendarBlocks.startsOn} < ${params.checkOut}::date
      and ${calendarBlocks.endsOn} > ${params.checkIn}::date)`;
}

/**
 * ORDER BY per sort; the id breaks ties so pages never overlap or skip a listing. Relevance
 * needs the keyword's rank; among equally good matches, featured and newer listings come first.
 *
 * Among listings the sort ranks equal, those of verified hosts come first (issue 28: "more
 * visibility" for verified hosts, as the terms promise). The key goes right after the sort's own
 * keys and before the id, so each sort still reads its index in order and PostgreSQL only sorts
 * each run of equal rows (an incremental sort): equal prices, ratings or keyword ranks are common.
 * The verified hosts' ids are read once per query (a partial index) and each row of a run is
 * checked against them; a lookup of the owner per row made the planner give up the keyword index
 * (tests/integration/explain.test.ts). Sorting every match by it first would read and sort the
 * whole section on every page.
 */
export function browseOrder(sort: Sort, rank?: SQL): SQL[] {
  const verifiedFirst = sql`(${verifiedHostWhere}) desc`;
  switch (sort) {
    case "relevance":
      return rank
        ? [sql`${rank} desc`, verifiedFirst, ...browseOrder("featured")]
        : browseOrder("featured");
    case "price-low":
      return [
        sql`${listings.priceUsdCents} asc nulls last`,
        verifiedFirst,
        sql`${listings.id} desc`,
      ];
    case "price-high":
      return [
        sql`${listings.priceUsdCents} desc nulls last`,
        verifiedFirst,
        sql`${listings.id} desc`,
      ];
    case "newest":
      return [sql`${listings.id} desc`];
    case "rating":
      return [
        sql`${listings.rating} desc nulls last`,
        sql`${listings.ratingCount} desc`,
        verifiedFirst,
        sql`${listings.id} desc`,
      ];
    case "featured":
      return [
        sql`${listings.featured} desc`,
        sql`${listings.createdAt} desc`,
        verifiedFirst,
        sql`${listings.id} desc`,
      ];
  }
}

async function countMatches(where: SQL | undefined, cap?: number): Promise<number> {
  const db = await getDb();
  const matching = db
    .select({ one: sql`1` })
    .from(listings)
    .where(and(publicListingWhere(), where))
    .$dynamic();
  // Counting stops at the cap: the LIMIT ends the scan there however many rows match.
  const counted = cap === undefined ? matching : matching.limit(cap);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(counted.as("matching"));
  return Number(row?.n ?? 0);
}

/**
 * How many approved listings a section has, filters aside: the category header's count. It is
 * the unfiltered browse's own count, counted live, so the badge reads the same on every filtered
 * view of the section and agrees with the results of the section when nothing is filtered.
 */
export function countSectionListings(category: BrowseCategory): Promise<number> {
  const section: BrowseParams = { category, sort: "featured", page: 1 };
  // No price filter, so the currency plays no part.
  return countMatches(browseWhere(section, USD));
}

/**
 * One page of approved listings for the browse pages and GET /api/v1/listings: one query for the
 * page (LIMIT/OFFSET) and one for the count, capped at COUNT_CAP. The pages stop at the last one
 * the capped count covers (offset < COUNT_CAP), so no request makes the database skip more rows
 * than that. Only the page ever leaves the server.
 */
export async function browseListings(
  params: BrowseParams,
  currency: DisplayCurrency,
): Promise<BrowseResult> {
  const keyword = params.q ? await keywordSearch(params.q) : undefined;
  const where = browseWhere(params, currency, keyword);
  const orderBy = browseOrder(params.sort, keyword?.rank);
  const pageOf = (page: number) =>
    selectPublicSummaries({ where, orderBy, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

  let page = params.page;
  const [rows, counted] = await Promise.all([pageOf(page), countMatches(where, COUNT_CAP + 1)]);
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  let listingsOnPage = rows;
  if (page > pageCount) {
    // A stale link past the end: show the last page rather than an empty one.
    page = pageCount;
    listingsOnPage = total > 0 ? await pageOf(page) : [];
  }
  return {
    listings: listingsOnPage,
    total,
    totalCapped: counted > COUNT_CAP,
    page,
    pageCount,
    pageSize: PAGE_SIZE,
  };
}

/** Whose listings a public page shows: one publisher's, or every listing under an agency. */
export type Publisher = { userId: string } | { agencyId: number };

export function publisherWhere(publisher: Publisher): SQL {
  return "userId" in publisher
    ? eq(listings.userId, publisher.userId)
    : eq(listings.agencyId, publisher.agencyId);
}

/**
 * One page of a publisher's approved listings with the browse filters (their public page, GET
 * /api/v1/agents/{handle} and /agencies/{handle}): the same conditions and order as the browse
 * pages, narrowed to them. A page past the last shows the last.
 */
export async function browseOwnerListings(
  publisher: Publisher,
  params: BrowseParams,
  currency: DisplayCurrency,
  pageSize = PAGE_SIZE,
): Promise<Pick<BrowseResult, "listings" | "total" | "page" | "pageCount">> {
  const keyword = params.q ? await keywordSearch(params.q) : undefined;
  const where = and(publisherWhere(publisher), browseWhere(params, currency, keyword));
  const orderBy = browseOrder(params.sort, keyword?.rank);
  const total = await countMatches(where, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(params.page, pageCount);
  const rows =
    total === 0
      ? []
      : await selectPublicSummaries({
          where,
          orderBy,
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
  return { listings: rows, total, page, pageCount };
}
