import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { avatarSrc } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import {
  agencies,
  agencyMembers,
  listings,
  publicProfiles,
  reviews,
  user,
} from "../../db/schema/index.ts";
import { isVerifiedUntil } from "../../lib/verification-values.ts";
import { AppError } from "../../lib/app-error.ts";
import { grants } from "../../lib/entitlements.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import type { AgencyPage } from "../../lib/schemas/agency-page.ts";
import type { BrowseParams } from "../../lib/schemas/browse.ts";
import { isHandleShaped } from "../../lib/schemas/public-profile.ts";
import { browseOwnerListings } from "../listings/browse.server.ts";
import {
  currentPlan,
  entitlementsOfPlan,
  runningPerksSql,
} from "../premium/entitlements.server.ts";
import { reviewViewColumns, toView } from "../reviews/reviews.server.ts";
import {
  brandOf,
  featuredListings,
  handlesOf,
  PAGE_LISTINGS,
  PAGE_REVIEWS,
  pageListings,
  publicCategories,
  responseStats,
  websiteOf,
} from "./public-profile.server.ts";
import { inGoodStanding } from "../../auth/standing.server.ts";

/**
 * Agencies' public pages (/agencies/<handle>, docs/decisions/016): the agency's listings (every
 * listing under it, whoever of the team published it), their reviews, the team and the owner as
 * contact. The owner's property website and branding dress the page while the owner's plan
 * grants them, as on the owner's own page. A paused team (the owner's plan no longer grants
 * `team`) keeps its page and listings but shows no members: the team is not running.
 */

/** The agency behind a handle with its owner's page settings, or null (a suspended or banned owner too). */
async function findAgency(handle: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      handle: agencies.handle,
      createdAt: agencies.createdAt,
      ownerBusinessVerifiedUntil: user.businessVerifiedUntil,
      ownerId: agencies.ownerId,
      ownerName: user.name,
      ownerBarred: sql<boolean>`not ${inGoodStanding(user.id)}`,
      languages: publicProfiles.languages,
      coverKey: publicProfiles.coverKey,
      about: publicProfiles.about,
      featuredListingIds: publicProfiles.featuredListingIds,
      logoKey: publicProfiles.logoKey,
      brandColor: publicProfiles.brandColor,
    })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .leftJoin(publicProfiles, eq(publicProfiles.userId, agencies.ownerId))
    .where(eq(agencies.handle, handle));
  return row && !row.ownerBarred ? row : null;
}

/**
 * The active team, owner first, then by joining date, with the languages on their own pages;
 * banned accounts are left out.
 */
async function teamMembers(
  agencyId: number,
): Promise<(AgencyPage["members"][number] & { languages: string[] })[]> {
  const db = await getDb();
  const rows = await db
    .select({
      userId: user.id,
      name: user.name,
      languages: sql<string[]>`coalesce(${publicProfiles.languages}, '{}'::text[])`,
      avatarUrl: sql<string | null>`coalesce(${user.avatarUrl}, ${user.image})`,
      role: agencyMembers.role,
      joinedAt: agencyMembers.joinedAt,
      identityVerifiedUntil: user.identityVerifiedUntil,
      businessVerifiedUntil: user.businessVerifiedUntil,
    })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .leftJoin(publicProfiles, eq(publicProfiles.userId, agencyMembers.userId))
    .where(
      and(
        eq(agencyMembers.agencyId, agencyId),
        eq(agencyMembers.status, "active"),
        inGoodStanding(user.id),
      ),
    )
    .orderBy(sql`${agencyMembers.role} = 'member'`, agencyMembers.joinedAt);
  const handles = await handlesOf(rows.map((row) => row.userId));
  return rows.map((row) => ({
    name: row.name,
    avatarUrl: avatarSrc({ name: row.name, avatarUrl: row.avatarUrl?.trim() || null }),
    handle: handles.get(row.userId)!,
    role: row.role,
    joinedAt: new Date(row.joinedAt).toISOString(),
    verified: isVerifiedUntil(row.identityVerifiedUntil),
    businessVerified: isVerifiedUntil(row.businessVerifiedUntil),
    languages: row.languages,
  }));
}

/** The visible reviews of the agency's listings: their average, count and the newest ones. */
async function agencyReviews(agencyId: number): Promise<AgencyPage["reviews"]> {
  const db = await getDb();
  const visible = and(eq(listings.agencyId, agencyId), isNull(reviews.hiddenAt));
  const [summary] = await db
    .select({
      rating: sql<string | null>`round(avg(${reviews.rating}), 1)::text`,
      ratingCount: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .where(visible);
  const latest = await db
    .select(reviewViewColumns)
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .innerJoin(user, eq(user.id, reviews.authorId))
    .where(visible)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PAGE_REVIEWS);
  return {
    rating: summary?.rating ?? null,
    ratingCount: summary?.ratingCount ?? 0,
    latest: latest.map(toView),
  };
}

/**
 * The public page of the agency at `handle`: NOT_FOUND for a handle no agency holds, a
 * malformed one, or an agency whose owner is banned. Members are listed only while the team
 * runs; the badge only while the owner's plan grants `agencyBadge`.
 */
export async function getAgencyPage(input: {
  handle: string;
  params: BrowseParams;
  currency: DisplayCurrency;
  now?: Date;
}): Promise<AgencyPage> {
  const handle = input.handle.toLowerCase();
  const agency = isHandleShaped(handle) ? await findAgency(handle) : null;
  if (!agency) throw new AppError("NOT_FOUND", "agencies.notFound");
  const now = input.now ?? new Date();
  // One read of the owner's plan answers the team, the badge, the website and the branding.
  const perks = entitlementsOfPlan(await currentPlan(agency.ownerId, now));
  const running = grants(perks, "team");
  const website = grants(perks, "propertyWebsite");
  const branding = grants(perks, "customBranding");
  const publisher = { agencyId: agency.id };
  const [categories, page, featured, reviewSummary, ownerHandles, response] = await Promise.all([
    publicCategories(publisher),
    browseOwnerListings(publisher, input.params, input.currency, PAGE_LISTINGS),
    website ? featuredListings(publisher, agency.featuredListingIds ?? []) : [],
    agencyReviews(agency.id),
    handlesOf([agency.ownerId]),
    responseStats(publisher, now),
  ]);
  const members = running ? await teamMembers(agency.id) : [];
  const brand = branding ? brandOf(agency) : null;
  return {
    handle: agency.handle,
    name: agency.name,
    // The logo, when branded, stands beside the name; the picture stays the initials.
    avatarUrl: avatarSrc({ name: agency.name, avatarUrl: null }),
    memberSince: new Date(agency.createdAt).toISOString(),
    running,
    badge: grants(perks, "agencyBadge")
      ? { verified: isVerifiedUntil(agency.ownerBusinessVerifiedUntil) }
      : null,
    members: members.map(({ languages: _spoken, ...member }) => member),
    languages: running
      ? [...new Set(members.flatMap((member) => member.languages))].sort()
      : (agency.languages ?? []),
    response,
    owner: { name: agency.ownerName, handle: ownerHandles.get(agency.ownerId)! },
    reviews: reviewSummary,
    listings: pageListings(categories, page),
    website: website ? websiteOf(agency, featured) : null,
    brand,
  };
}

/**
 * The agency pages for /sitemap.xml: agencies with an approved listing whose team runs now (a
 * paused team's page stays reachable but is not advertised).
 */
export async function listSitemapAgencies(limit: number): Promise<{ handle: string }[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ handle: agencies.handle })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(
      and(
        inGoodStanding(user.id),
        sql`exists (select 1 from ${listings} l where l.agency_id = ${agencies.id} and l.status = 'approved')`,
        sql`coalesce(${runningPerksSql(sql`${agencies.ownerId}`)} ? 'team', false)`,
      ),
    )
    .orderBy(agencies.handle)
    .limit(limit);
  return rows;
}
