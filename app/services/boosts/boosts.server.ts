import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getConfig } from "../../config.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  countries,
  listingBoostPosts,
  listingBoosts,
  listingImages,
  listings,
  user,
} from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { BOOST_TEXT_KINDS, type BoostTexts } from "../../lib/boost-values.ts";
import { formatPrice, formatPriceType, USD } from "../../lib/money.ts";
import { can } from "../../lib/permissions.ts";
import {
  boostPostInputSchema,
  type BoostAllowance,
  type BoostQueue,
  type BoostView,
  type MyBoosts,
} from "../../lib/schemas/boosts.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { getPublicSettings } from "../content/settings.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { storeShareImage } from "../media/share-image.server.ts";
import {
  currentPlan,
  entitlementsOfPlan,
  requireEntitlement,
} from "../premium/entitlements.server.ts";

/**
 * Social media boost (a plan's `socialBoost: { perPeriod }`): the owner of a live listing asks
 * for a boost; it gets a share image and post texts made there and then, and waits in the
 * administrator's Boost queue until the team records where they posted it. A plan grants
 * `perPeriod` boosts counted from the start of its running period; the administrator, who runs
 * the site, needs no plan and is not counted.
 */

type Reader = Database | DbTransaction;

/** How many posted boosts the queue keeps showing after they leave the waiting list. */
export const RECENTLY_POSTED = 20;
/** The most boosts one read returns (an owner's list, the waiting list). */
const MAX_BOOSTS = 200;

/** The listing's public page, as a post links to it. */
export function listingPublicUrl(listingId: number): string {
  return `${getConfig().appUrl}/listing/${listingId}`;
}

interface Allowance extends BoostAllowance {
  subscriptionId: number | null;
}

/** What the account's plan allows now and how much of it this period has used. */
async function allowanceOf(db: Reader, actor: Actor, now: Date): Promise<Allowance> {
  const none = { perPeriod: null, used: 0, periodStart: null, subscriptionId: null };
  if (can(actor, "premium:every-entitlement")) return { ...none, unlimited: true };
  const running = await currentPlan(actor.id, now, db);
  const perPeriod = entitlementsOfPlan(running).socialBoost?.perPeriod;
  if (!running || perPeriod === undefined) return { ...none, unlimited: false };
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingBoosts)
    .where(
      and(
        eq(listingBoosts.requestedBy, actor.id),
        gte(listingBoosts.requestedAt, running.startsAt),
      ),
    );
  return {
    perPeriod,
    used: row?.n ?? 0,
    periodStart: running.startsAt.toISOString(),
    unlimited: false,
    subscriptionId: running.subscriptionId,
  };
}

/** "$1,250 per month", or the words for a listing without a price. */
function priceWords(usdCents: number | null, priceType: string | null): string {
  const t = createTranslator();
  const price = formatPrice(usdCents, USD, "en", t("boosts.texts.priceOnRequest"));
  const type = formatPriceType(priceType);
  return usdCents !== null && type ? `${price} ${type}` : price;
}

/** The ready-made posts, from the i18n templates, each with the listing's public page. */
export function boostTexts(words: {
  title: string;
  price: string;
  place: string;
  url: string;
  siteName: string;
}): BoostTexts {
  const t = createTranslator();
  return Object.fromEntries(
    BOOST_TEXT_KINDS.map((kind) => [kind, t(`boosts.texts.${kind}`, words)]),
  ) as BoostTexts;
}

/** Refuses a boost of a listing whose last boost still waits, or beyond the period's count. */
async function requireRoom(
  db: Reader,
  actor: Actor,
  listingId: number,
  now: Date,
): Promise<Allowance> {
  const [waiting] = await db
    .select({ id: listingBoosts.id })
    .from(listingBoosts)
    .where(and(eq(listingBoosts.listingId, listingId), isNull(listingBoosts.postedAt)));
  if (waiting) throw new AppError("CONFLICT", "boosts.errors.pending");
  const allowance = await allowanceOf(db, actor, now);
  if (allowance.perPeriod !== null && allowance.used >= allowance.perPeriod) {
    throw new AppError("CONFLICT", "boosts.errors.usedUp", undefined, {
      used: allowance.used,
      count: allowance.perPeriod,
    });
  }
  return allowance;
}

/**
 * Asks for a boost of one's live listing: refused without the plan's perk (its 403 names the plan
 * that unlocks it), when this period's boosts are used up, or while the listing's last boost
 * still waits. The share image is made before the row is written (outside the transaction: it
 * takes a while); a refusal found only then (another request won the race) removes it again.
 */
export async function requestBoost({
  actor,
  listingId,
  now = new Date(),
}: {
  actor: Actor | null;
  listingId: number | string;
  now?: Date;
}): Promise<BoostView> {
  requireAllowed(actor, "boost:request", { ownerId: actor?.id });
  // Counted before anything is judged, so probing other people's listings counts as well.
  await requireUnderWriteLimit("boost", actor);
  const id = requireId(listingId, "listing");
  const db = await getDb();
  const [listing] = await db
    .select({
      userId: listings.userId,
      status: listings.status,
      title: listings.title,
      priceUsdCents: listings.priceUsdCents,
      priceType: listings.priceType,
      city: listings.city,
      country: countries.name,
    })
    .from(listings)
    .innerJoin(countries, eq(countries.code, listings.countryCode))
    .where(eq(listings.id, id));
  if (!listing) throw notFound("listing");
  if (!can(actor, "boost:request", { ownerId: listing.userId })) {
    throw new AppError("FORBIDDEN", "api.errors.forbidden");
  }
  await requireEntitlement(actor, "socialBoost", undefined, now);
  if (listing.status !== "approved") throw new AppError("CONFLICT", "boosts.errors.notLive");
  await requireRoom(db, actor, id, now);

  const [cover] = await db
    .select({ storageKey: listingImages.storageKey })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.position))
    .limit(1);
  const { siteName } = await getPublicSettings();
  const words = {
    title: listing.title,
    price: priceWords(listing.priceUsdCents, listing.priceType),
    place: `${listing.city}, ${listing.country}`,
    url: listingPublicUrl(id),
    siteName,
  };
  const storage = getMediaStorage();
  const imageKey = await storeShareImage(storage, cover?.storageKey ?? null, words);
  let boostId: number;
  try {
    boostId = await db.transaction(async (tx) => {
      // One account's boosts take turns, so two at once cannot both take the period's last one.
      await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for("no key update");
      const allowance = await requireRoom(tx, actor, id, now);
      const [row] = await tx
        .insert(listingBoosts)
        .values({
          listingId: id,
          requestedBy: actor.id,
          subscriptionId: allowance.subscriptionId,
          imageKey,
          texts: boostTexts(words),
          requestedAt: now,
        })
        .returning({ id: listingBoosts.id });
      return row!.id;
    });
  } catch (error) {
    await storage.delete(imageKey).catch(() => undefined);
    throw error;
  }
  const [view] = await boostViews(db, [eq(listingBoosts.id, boostId)]);
  return withoutOwner(view!);
}

type ViewRow = BoostView & { ownerName: string };

/** Boosts matching the conditions, with their listing, owner and posts, newest first. */
async function boostViews(
  db: Reader,
  where: (SQL | undefined)[],
  limit = MAX_BOOSTS,
): Promise<ViewRow[]> {
  const rows = await db
    .select({
      id: listingBoosts.id,
      listingId: listingBoosts.listingId,
      listingTitle: listings.title,
      imageKey: listingBoosts.imageKey,
      texts: listingBoosts.texts,
      requestedAt: listingBoosts.requestedAt,
      postedAt: listingBoosts.postedAt,
      ownerName: user.name,
    })
    .from(listingBoosts)
    .innerJoin(listings, eq(listings.id, listingBoosts.listingId))
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(...where))
    .orderBy(desc(listingBoosts.requestedAt), desc(listingBoosts.id))
    .limit(limit);
  const posts =
    rows.length === 0
      ? []
      : await db
          .select({
            boostId: listingBoostPosts.boostId,
            network: listingBoostPosts.network,
            url: listingBoostPosts.url,
            postedAt: listingBoostPosts.postedAt,
          })
          .from(listingBoostPosts)
          .where(
            inArray(
              listingBoostPosts.boostId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(listingBoostPosts.postedAt), asc(listingBoostPosts.id));
  return rows.map((row) => ({
    id: row.id,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    listingUrl: listingPublicUrl(row.listingId),
    imageUrl: `/media/${row.imageKey}`,
    texts: row.texts,
    requestedAt: row.requestedAt.toISOString(),
    postedAt: row.postedAt?.toISOString() ?? null,
    ownerName: row.ownerName,
    posts: posts
      .filter((post) => post.boostId === row.id)
      .map((post) => ({
        network: post.network,
        url: post.url,
        postedAt: post.postedAt.toISOString(),
      })),
  }));
}

function withoutOwner(row: ViewRow): BoostView {
  const { ownerName: _ownerName, ...view } = row;
  return view;
}

function publicAllowance({
  subscriptionId: _subscriptionId,
  ...allowance
}: Allowance): BoostAllowance {
  return allowance;
}

/** The boosts of one's listings, newest first, with what the plan still allows this period. */
export async function myBoosts(actor: Actor | null, now: Date = new Date()): Promise<MyBoosts> {
  requireAllowed(actor, "boost:list-own");
  const db = await getDb();
  const [allowance, rows] = await Promise.all([
    allowanceOf(db, actor, now),
    boostViews(db, [eq(listings.userId, actor.id)]),
  ]);
  return { allowance: publicAllowance(allowance), boosts: rows.map(withoutOwner) };
}

/** What the plan allows this period, for My Listings' boost panel. */
export async function boostAllowance(
  actor: Actor,
  now: Date = new Date(),
): Promise<BoostAllowance> {
  return publicAllowance(await allowanceOf(await getDb(), actor, now));
}

/** The latest boost of each of the owner's listings, for their rows on My Listings. */
export async function latestBoosts(
  ownerId: string,
  listingIds: readonly number[],
): Promise<Record<number, BoostView>> {
  if (listingIds.length === 0) return {};
  const rows = await boostViews(await getDb(), [
    eq(listings.userId, ownerId),
    inArray(listingBoosts.listingId, [...listingIds]),
  ]);
  const latest: Record<number, BoostView> = {};
  for (const row of rows) latest[row.listingId] ??= withoutOwner(row);
  return latest;
}

/** The administrator's Boost queue: waiting boosts oldest first, then the latest posted. */
export async function boostQueue(actor: Actor | null): Promise<BoostQueue> {
  requireAllowed(actor, "boost:manage");
  const db = await getDb();
  const [pending, posted] = await Promise.all([
    boostViews(db, [isNull(listingBoosts.postedAt)]),
    boostViews(db, [isNotNull(listingBoosts.postedAt)], RECENTLY_POSTED),
  ]);
  return { pending: pending.reverse(), posted };
}

/**
 * Records that the team posted a boost on a network, with the post's address (validated, stored,
 * never fetched). The first post takes the boost off the waiting list; more networks may follow.
 */
export async function markBoostPosted({
  actor,
  boostId,
  input,
  now = new Date(),
}: {
  actor: Actor | null;
  boostId: number | string;
  input: unknown;
  now?: Date;
}): Promise<BoostView> {
  // The administrator's own tool, unlimited like the other admin writes (see write-limits.test).
  requireAllowed(actor, "boost:manage");
  const id = requireId(boostId, "boost");
  const post = parsedOrRefused(boostPostInputSchema.safeParse(input), "boosts.errors.invalid");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [boost] = await tx
      .select({ postedAt: listingBoosts.postedAt })
      .from(listingBoosts)
      .where(eq(listingBoosts.id, id))
      .for("update");
    if (!boost) throw notFound("boost");
    await tx.insert(listingBoostPosts).values({
      boostId: id,
      network: post.network,
      url: post.url,
      postedBy: actor.id,
      postedAt: now,
    });
    if (!boost.postedAt) {
      await tx.update(listingBoosts).set({ postedAt: now }).where(eq(listingBoosts.id, id));
    }
  });
  const [view] = await boostViews(db, [eq(listingBoosts.id, id)]);
  return withoutOwner(view!);
}

/**
 * What My Listings shows of the perk: the plan's allowance, and the refusal (naming the plan that
 * unlocks it) for an account whose plan grants no boost; null for anybody who cannot boost at all.
 */
export async function boostPanel(
  actor: Actor,
  now: Date = new Date(),
): Promise<{ allowance: BoostAllowance; refusal: AppError | null } | null> {
  if (!can(actor, "boost:list-own")) return null;
  const allowance = await boostAllowance(actor, now);
  let refusal: AppError | null = null;
  if (!allowance.unlimited && allowance.perPeriod === null) {
    try {
      await requireEntitlement(actor, "socialBoost", undefined, now);
    } catch (thrown) {
      if (!(thrown instanceof AppError)) throw thrown;
      refusal = thrown;
    }
  }
  return { allowance, refusal };
}
