import { and, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { avatarSrc } from "../../auth/viewer.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { conversations, listings, messages, publicProfiles, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { CATEGORIES, type Category } from "../../lib/listing-values.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import type { BrowseParams } from "../../lib/schemas/browse.ts";
import {
  handleBase,
  isHandleShaped,
  type AgencyLink,
  type Brand,
  type PublicProfile,
  type ResponseStats,
} from "../../lib/schemas/public-profile.ts";
import { browseOwnerListings, publisherWhere, type Publisher } from "../listings/browse.server.ts";
import { runningAgency, runningAgencyOf } from "../teams/team-rights.server.ts";
import { selectPublicSummaries } from "../listings/listing-summaries.server.ts";
import { mediaUrl } from "../media/images.server.ts";
import { logoOf } from "../media/logo.server.ts";
import { entitlementsOfPlan, currentPlan } from "../premium/entitlements.server.ts";
import { grants } from "../../lib/entitlements.ts";
import { latestListerReviews } from "../reviews/reviews.server.ts";
import { inGoodStanding, publicListingWhere } from "../../auth/standing.server.ts";
import { trustSignals } from "./trust-signals.server.ts";

/**
 * Public pages of agents and professionals (/agents/<handle>, docs/decisions/016). Every such
 * account has one at a handle made from its name the first time the page is needed (a contact
 * card, the sitemap, the page itself): stored, so it stays when the name changes. The property
 * website and custom branding perks add to the page only while the plan running now grants them;
 * what they set stays stored either way.
 */

type Writer = Database | DbTransaction;

/** The roles that have a public page. */
const PAGE_ROLES = ["agent", "professional"] as const;
/** Conversations counted for the response figures, and how few are too few to tell. */
export const RESPONSE_WINDOW_DAYS = 90;
export const MIN_RESPONSE_CONVERSATIONS = 3;
/** The most messages read for the figures: a very busy lister's oldest ones in the window. */
const RESPONSE_MESSAGES_READ = 20_000;
/** Reviews shown on the page (the average counts them all). */
export const PAGE_REVIEWS = 6;
export const PAGE_LISTINGS = 12;

/** The handle nobody holds yet, made from `base` (a number is added when it is taken). */
async function freeHandle(db: Writer, base: string): Promise<string> {
  const taken = await db
    .select({ handle: publicProfiles.handle, website: publicProfiles.websiteHandle })
    .from(publicProfiles)
    .where(
      or(
        sql`${publicProfiles.handle} = ${base} or ${publicProfiles.handle} like ${`${base}-%`}`,
        sql`${publicProfiles.websiteHandle} = ${base} or ${publicProfiles.websiteHandle} like ${`${base}-%`}`,
      ),
    );
  const used = new Set(taken.flatMap((row) => [row.handle, row.website]));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/**
 * The handles of these accounts, made and stored for those that have none yet. Two requests
 * making the same handle at once: the unique index refuses the second, which tries again.
 */
export async function handlesOf(userIds: readonly string[]): Promise<Map<string, string>> {
  const handles = new Map<string, string>();
  if (userIds.length === 0) return handles;
  const db = await getDb();
  const ids = [...new Set(userIds)];
  const stored = await db
    .select({ userId: publicProfiles.userId, handle: publicProfiles.handle })
    .from(publicProfiles)
    .where(inArray(publicProfiles.userId, ids));
  for (const row of stored) handles.set(row.userId, row.handle);
  const missing = ids.filter((id) => !handles.has(id));
  if (missing.length === 0) return handles;
  const names = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, missing));
  for (const person of names) {
    handles.set(person.id, await ensureHandle(db, person.id, person.name));
  }
  return handles;
}

async function ensureHandle(db: Writer, userId: string, name: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const handle = await freeHandle(db, handleBase(name));
    const [made] = await db
      .insert(publicProfiles)
      .values({ userId, handle })
      .onConflictDoNothing()
      .returning({ handle: publicProfiles.handle });
    if (made) return made.handle;
    const [existing] = await db
      .select({ handle: publicProfiles.handle })
      .from(publicProfiles)
      .where(eq(publicProfiles.userId, userId));
    if (existing) return existing.handle;
  }
  throw new AppError("CONFLICT", "agents.errors.handleTaken");
}

/** The handle an account without a page row yet would get now (nothing is stored). */
export async function handleToBe(name: string): Promise<string> {
  return freeHandle(await getDb(), handleBase(name));
}

/** The page's row for an account (made when missing), for the settings that write to it. */
export async function ensurePublicProfile(db: Writer, userId: string, name: string): Promise<void> {
  await ensureHandle(db, userId, name);
}

/** Which perks of the page the account's plan grants now (the administrator has no page). */
export async function pagePerks(userId: string, now: Date) {
  const set = entitlementsOfPlan(await currentPlan(userId, now));
  return { website: grants(set, "propertyWebsite"), branding: grants(set, "customBranding") };
}

/** A page's listings section: the categories it has and one page of its cards. */
export function pageListings(
  categories: Category[],
  page: Awaited<ReturnType<typeof browseOwnerListings>>,
) {
  return {
    categories,
    items: page.listings,
    total: page.total,
    page: page.page,
    pageCount: page.pageCount,
  };
}

/** The property website's sections, from a page row's settings and its featured listings. */
export function websiteOf(
  row: { coverKey: string | null; about: string | null },
  featured: Awaited<ReturnType<typeof featuredListings>>,
) {
  return {
    coverUrl: row.coverKey ? mediaUrl(row.coverKey, "gallery") : null,
    about: row.about,
    featured,
  };
}

export function brandOf(row: { logoKey: string | null; brandColor: string | null }): Brand | null {
  const logo = logoOf(row.logoKey);
  if (!logo && !row.brandColor) return null;
  return {
    logoUrl: logo?.url ?? null,
    logoWidth: logo?.width ?? null,
    logoHeight: logo?.height ?? null,
    color: row.brandColor,
  };
}

/**
 * How they answer: of the conversations people started with them in the last 90 days (messages,
 * booking and quote requests all open one), the share they answered and the median time to their
 * first answer. Too few conversations tell nothing: the rate is then null. For an agency, the
 * conversations about its listings, answered by whoever of the team wrote first.
 */
export async function responseStats(
  publisher: { userId: string } | { agencyId: number },
  now: Date = new Date(),
): Promise<ResponseStats> {
  const db = await getDb();
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000);
  const [fromThem, theirs] =
    "userId" in publisher
      ? [
          sql<boolean>`${messages.senderId} = ${publisher.userId}`,
          eq(conversations.hostId, publisher.userId),
        ]
      : [
          sql<boolean>`${messages.senderId} <> ${conversations.guestId}`,
          sql`exists (select 1 from ${listings} l where l.id = ${conversations.listingId} and l.agency_id = ${publisher.agencyId})`,
        ];
  // Who wrote when, oldest first: enough to find each conversation's first question and answer.
  const rows = await db
    .select({
      conversationId: messages.conversationId,
      fromThem,
      at: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(theirs, gte(conversations.createdAt, since), lte(conversations.createdAt, now)))
    .orderBy(messages.createdAt, messages.id)
    .limit(RESPONSE_MESSAGES_READ);
  const asked = new Map<number, number>();
  const answered = new Map<number, number>();
  for (const row of rows) {
    const at = new Date(row.at).getTime();
    if (!row.fromThem) {
      if (!asked.has(row.conversationId)) asked.set(row.conversationId, at);
    } else if (asked.has(row.conversationId) && !answered.has(row.conversationId)) {
      answered.set(row.conversationId, at - asked.get(row.conversationId)!);
    }
  }
  if (asked.size < MIN_RESPONSE_CONVERSATIONS) {
    return { conversations: asked.size, rate: null, medianMinutes: null };
  }
  const waits = [...answered.values()].sort((a, b) => a - b);
  const middle = Math.floor(waits.length / 2);
  const median =
    waits.length === 0
      ? null
      : waits.length % 2 === 1
        ? waits[middle]!
        : (waits[middle - 1]! + waits[middle]!) / 2;
  return {
    conversations: asked.size,
    rate: waits.length / asked.size,
    medianMinutes: median === null ? null : Math.max(1, Math.round(median / 60_000)),
  };
}

/** The account behind a handle (their own or their website's), or null. */
async function findByHandle(handle: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      userId: user.id,
      name: user.name,
      avatarUrl: sql<string | null>`coalesce(${user.avatarUrl}, ${user.image})`,
      role: user.role,
      barred: sql<boolean>`not ${inGoodStanding(user.id)}`,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      rating: user.rating,
      ratingCount: user.ratingCount,
      handle: publicProfiles.handle,
      websiteHandle: publicProfiles.websiteHandle,
      languages: publicProfiles.languages,
      coverKey: publicProfiles.coverKey,
      about: publicProfiles.about,
      featuredListingIds: publicProfiles.featuredListingIds,
      logoKey: publicProfiles.logoKey,
      brandColor: publicProfiles.brandColor,
    })
    .from(publicProfiles)
    .innerJoin(user, eq(user.id, publicProfiles.userId))
    .where(or(eq(publicProfiles.handle, handle), eq(publicProfiles.websiteHandle, handle)))
    .limit(1);
  if (!row || row.barred) return null;
  const role = PAGE_ROLES.find((r) => r === row.role);
  return role ? { ...row, role } : null;
}

/** The featured listings of theirs that are still public, in the order they were chosen. */
export async function featuredListings(publisher: Publisher, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await selectPublicSummaries({
    where: and(publisherWhere(publisher), inArray(listings.id, [...ids])),
    orderBy: [sql`${listings.id}`],
  });
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** The sections their approved listings are in, in the site's order. */
export async function publicCategories(publisher: Publisher): Promise<Category[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ category: listings.category })
    .from(listings)
    .where(and(publisherWhere(publisher), publicListingWhere()));
  return CATEGORIES.filter((category) => rows.some((row) => row.category === category));
}

/**
 * The public page behind a handle: NOT_FOUND for a handle nobody holds, an account that is not
 * an agent or professional, or a banned one. The property website and branding are included only
 * while the plan running at `now` grants them, and the chosen address is canonical only then.
 */
export async function getPublicProfile(input: {
  handle: string;
  params: BrowseParams;
  currency: DisplayCurrency;
  now?: Date;
}): Promise<PublicProfile> {
  const handle = input.handle.toLowerCase();
  const found = isHandleShaped(handle) ? await findByHandle(handle) : null;
  if (!found) throw new AppError("NOT_FOUND", "agents.notFound");
  const now = input.now ?? new Date();
  const perks = await pagePerks(found.userId, now);
  const publisher = { userId: found.userId };
  const [categories, trust, latest, page, featured, agency] = await Promise.all([
    publicCategories(publisher),
    trustSignals(found.userId, now),
    latestListerReviews(found.userId, PAGE_REVIEWS),
    browseOwnerListings(publisher, input.params, input.currency, PAGE_LISTINGS),
    perks.website ? featuredListings(publisher, found.featuredListingIds) : [],
    runningAgencyOf(found.userId, now),
  ]);
  return {
    handle: perks.website && found.websiteHandle ? found.websiteHandle : found.handle,
    kind: found.role,
    name: found.name,
    avatarUrl: avatarSrc({ name: found.name, avatarUrl: found.avatarUrl?.trim() || null }),
    memberSince: new Date(found.createdAt).toISOString(),
    languages: found.languages,
    // The host's trust signals (issue 28), computed once for the page and its two older fields.
    verification: trust!.verification,
    response: trust!.response,
    trust: trust!,
    reviews: { rating: found.rating, ratingCount: found.ratingCount, latest },
    listings: pageListings(categories, page),
    website: perks.website ? websiteOf(found, featured) : null,
    brand: perks.branding ? brandOf(found) : null,
    agency,
  };
}

/**
 * What a listing's contact card links to and shows of its lister: their page, their brand, and
 * the agency the listing is under while its team runs.
 */
export async function listerCard(
  listingId: number,
  now: Date = new Date(),
): Promise<{ href: string; brand: Brand | null; agency: AgencyLink | null } | null> {
  const db = await getDb();
  const [owner] = await db
    .select({
      userId: user.id,
      role: user.role,
      barred: sql<boolean>`not ${inGoodStanding(user.id)}`,
      agencyId: listings.agencyId,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listings.id, listingId));
  if (!owner || owner.barred || !PAGE_ROLES.some((r) => r === owner.role)) return null;
  const userId = owner.userId;
  const handle = (await handlesOf([userId])).get(userId);
  if (!handle) return null;
  const [row] = await db
    .select({
      websiteHandle: publicProfiles.websiteHandle,
      logoKey: publicProfiles.logoKey,
      brandColor: publicProfiles.brandColor,
    })
    .from(publicProfiles)
    .where(eq(publicProfiles.userId, userId));
  const perks = await pagePerks(userId, now);
  const shown = perks.website && row?.websiteHandle ? row.websiteHandle : handle;
  return {
    href: `/agents/${shown}`,
    brand: perks.branding && row ? brandOf(row) : null,
    agency: await runningAgency(owner.agencyId, now),
  };
}

/** The public pages for /sitemap.xml: agents and professionals with an approved listing. */
export async function listSitemapAgents(limit: number): Promise<{ handle: string }[]> {
  const db = await getDb();
  const owners = await db
    .selectDistinct({ id: listings.userId })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(publicListingWhere(), inArray(user.role, [...PAGE_ROLES]), inGoodStanding(user.id)))
    .limit(limit);
  const handles = await handlesOf(owners.map((o) => o.id));
  return [...handles.values()].sort().map((handle) => ({ handle }));
}

/** Their public page's address, made when missing; null for an account that has none. */
export async function ownPageHandle(userId: string): Promise<string | null> {
  return (await handlesOf([userId])).get(userId) ?? null;
}
