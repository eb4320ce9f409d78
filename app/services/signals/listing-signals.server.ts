import {
  and,
  count,
  eq,
  gte,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { listingImages, listings, listingSignals, user } from "../../db/schema/index.ts";
import type { Category, ListingType, PriceType, PropertyType } from "../../lib/listing-values.ts";
import { logger } from "../../lib/logger.server.ts";
import { paymentRuleReasons } from "../../lib/payment-rule.ts";
import {
  bandProbes,
  hammingDistance,
  isSamePhoto,
  SAME_PHOTO_MAX_DISTANCE,
} from "../../lib/perceptual-hash.ts";
import type { SignalDetail } from "../../lib/schemas/signals.ts";
import {
  HIGH_VALUE_PERCENTILE,
  LOW_PRICE_SHARE,
  MAX_DUPLICATE_LISTINGS,
  MIN_COMPARABLES,
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_MAX_LISTINGS_PER_DAY,
} from "../../lib/signal-values.ts";

/**
 * Scam signals: checked each time a listing is saved (created or edited), each one flagging the
 * listing for the administrator's review (./signal-review.server.ts) and blocking nothing. The
 * thresholds are in app/lib/signal-values.ts, and why in docs/decisions/017-scam-signals.md.
 *
 * - low_price: the price is below 40% of the median of approved listings of the same city,
 *   country, category, listing type, property type and price period (prices are all kept in US
 *   cents), when at least five such listings exist.
 * - duplicate_photos: a photo's perceptual hash is within a few bits of a photo of another
 *   owner's listing (app/lib/perceptual-hash.ts).
 * - new_account_many / new_account_high_value: an account younger than 7 days (nobody's identity
 *   is verified yet, so every account counts as unverified) created more than 5 listings within
 *   24 hours, or priced this one above the 95th percentile of approved listings of its category,
 *   type and period in its country.
 * - payment_rule: the title or description asks to be paid off the site, as the payment rule
 *   of messages reads it (app/lib/payment-rule.ts).
 */

type Db = Database | DbTransaction;

/** What the signals read of a saved listing and its owner. */
export interface CheckedListing {
  id: number;
  userId: string;
  category: Category;
  listingType: ListingType;
  priceType: PriceType | null;
  propertyType: PropertyType | null;
  priceUsdCents: number | null;
  countryCode: string;
  city: string;
  title: string;
  description: string;
  ownerSince: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Approved listings with a price of the same category, type and price period, but this one. */
function comparable(listing: CheckedListing): SQL[] {
  return [
    eq(listings.status, "approved"),
    isNotNull(listings.priceUsdCents),
    eq(listings.category, listing.category),
    eq(listings.listingType, listing.listingType),
    listing.priceType === null
      ? isNull(listings.priceType)
      : eq(listings.priceType, listing.priceType),
    ne(listings.id, listing.id),
  ];
}

export async function lowPriceSignal(
  db: Db,
  listing: CheckedListing,
): Promise<SignalDetail | null> {
  if (listing.priceUsdCents === null) return null;
  const [row] = await db
    .select({
      median: sql<
        number | null
      >`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${listings.priceUsdCents})`,
      comparables: count(),
    })
    .from(listings)
    .where(
      and(
        ...comparable(listing),
        eq(listings.countryCode, listing.countryCode),
        sql`lower(${listings.city}) = ${listing.city.toLowerCase()}`,
        listing.propertyType === null
          ? isNull(listings.propertyType)
          : eq(listings.propertyType, listing.propertyType),
      ),
    );
  const median = row?.median === null || row?.median === undefined ? null : Number(row.median);
  const comparables = Number(row?.comparables ?? 0);
  if (median === null || comparables < MIN_COMPARABLES) return null;
  if (listing.priceUsdCents >= median * LOW_PRICE_SHARE) return null;
  return {
    kind: "low_price",
    priceUsdCents: listing.priceUsdCents,
    medianUsdCents: Math.round(median),
    comparables,
  };
}

/** substr(phash, …) of each band, as the indexes of listing_images write them. */
const BAND_COLUMNS = [1, 5, 9, 13].map(
  (from) => sql`substr(${listingImages.phash}, ${sql.raw(String(from))}, 4)`,
);

export async function duplicatePhotosSignal(
  db: Db,
  listing: CheckedListing,
): Promise<SignalDetail | null> {
  const own = await db
    .select({ phash: listingImages.phash })
    .from(listingImages)
    .where(and(eq(listingImages.listingId, listing.id), isNotNull(listingImages.phash)));
  const hashes = own.map((row) => row.phash!);
  if (hashes.length === 0) return null;
  // Per photo: a band among its probes (an index), then the distance, before any row leaves.
  const matches = hashes.map((hash) =>
    and(
      or(
        ...bandProbes(hash).map(
          (values, band) =>
            sql`${BAND_COLUMNS[band]!} IN (${sql.join(
              values.map((value) => sql`${value}`),
              sql`, `,
            )})`,
        ),
      ),
      sql`bit_count(('x' || ${listingImages.phash})::bit(64) # ${`x${hash}`}::bit(64)) <= ${SAME_PHOTO_MAX_DISTANCE}`,
    ),
  );
  const candidates = await db
    .select({ listingId: listingImages.listingId, phash: listingImages.phash })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(and(or(...matches), ne(listings.userId, listing.userId)))
    .limit(100);
  const closest = new Map<number, number>();
  for (const candidate of candidates) {
    for (const hash of hashes) {
      if (!isSamePhoto(hash, candidate.phash!)) continue;
      const distance = hammingDistance(hash, candidate.phash!);
      const known = closest.get(candidate.listingId);
      if (known === undefined || distance < known) closest.set(candidate.listingId, distance);
    }
  }
  if (closest.size === 0) return null;
  const listingIds = [...closest]
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .slice(0, MAX_DUPLICATE_LISTINGS)
    .map(([id]) => id);
  return { kind: "duplicate_photos", listingIds };
}

export async function newAccountSignals(
  db: Db,
  listing: CheckedListing,
  now = new Date(),
): Promise<SignalDetail[]> {
  if (now.getTime() - listing.ownerSince.getTime() >= NEW_ACCOUNT_DAYS * DAY_MS) return [];
  const found: SignalDetail[] = [];
  const [recent] = await db
    .select({ n: count() })
    .from(listings)
    .where(
      and(
        eq(listings.userId, listing.userId),
        gte(listings.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  const listingsInDay = Number(recent?.n ?? 0);
  if (listingsInDay > NEW_ACCOUNT_MAX_LISTINGS_PER_DAY) {
    found.push({ kind: "new_account_many", listingsInDay });
  }
  if (listing.priceUsdCents !== null) {
    const [row] = await db
      .select({
        percentile: sql<
          number | null
        >`percentile_cont(${HIGH_VALUE_PERCENTILE}) WITHIN GROUP (ORDER BY ${listings.priceUsdCents})`,
        comparables: count(),
      })
      .from(listings)
      .where(and(...comparable(listing), eq(listings.countryCode, listing.countryCode)));
    const percentile = row?.percentile == null ? null : Number(row.percentile);
    if (
      percentile !== null &&
      Number(row?.comparables ?? 0) >= MIN_COMPARABLES &&
      listing.priceUsdCents > percentile
    ) {
      found.push({
        kind: "new_account_high_value",
        priceUsdCents: listing.priceUsdCents,
        percentileUsdCents: Math.round(percentile),
      });
    }
  }
  return found;
}

export function paymentRuleSignal(listing: CheckedListing): SignalDetail | null {
  const reasons = paymentRuleReasons(`${listing.title}\n${listing.description}`);
  return reasons.length > 0 ? { kind: "payment_rule", reasons } : null;
}

export async function checkedListing(db: Db, listingId: number): Promise<CheckedListing | null> {
  const [row] = await db
    .select({
      id: listings.id,
      userId: listings.userId,
      category: listings.category,
      listingType: listings.listingType,
      priceType: listings.priceType,
      propertyType: listings.propertyType,
      priceUsdCents: listings.priceUsdCents,
      countryCode: listings.countryCode,
      city: listings.city,
      title: listings.title,
      description: listings.description,
      ownerSince: user.createdAt,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listings.id, listingId));
  return row ?? null;
}

/** Every signal the listing raises now. */
export async function signalsOf(db: Db, listingId: number): Promise<SignalDetail[]> {
  const listing = await checkedListing(db, listingId);
  if (!listing) return [];
  const found = [
    await lowPriceSignal(db, listing),
    await duplicatePhotosSignal(db, listing),
    ...(await newAccountSignals(db, listing)),
    paymentRuleSignal(listing),
  ];
  return found.filter((signal) => signal !== null);
}

/**
 * Checks a saved listing and writes what it found: a new signal flags it; one that still holds
 * keeps its row (its detail brought up to date, unless it was dismissed: the administrator has
 * seen that kind on this listing); one that no longer holds and was not dismissed is removed.
 * Called once the listing's write is committed; a failure is logged, and the listing stays saved.
 */
export async function checkListingSignals(listingId: number): Promise<void> {
  try {
    const db = await getDb();
    const found = await signalsOf(db, listingId);
    await db.transaction(async (tx) => {
      const kinds = found.map((signal) => signal.kind);
      await tx
        .delete(listingSignals)
        .where(
          and(
            eq(listingSignals.listingId, listingId),
            isNull(listingSignals.dismissedAt),
            kinds.length > 0 ? notInArray(listingSignals.kind, kinds) : undefined,
          ),
        );
      for (const detail of found) {
        await tx
          .insert(listingSignals)
          .values({ listingId, kind: detail.kind, detail })
          .onConflictDoUpdate({
            target: [listingSignals.listingId, listingSignals.kind],
            set: { detail },
            setWhere: isNull(listingSignals.dismissedAt),
          });
      }
    });
  } catch (error) {
    logger.error(
      { err: error },
      `Listing ${listingId} saved, but its scam signals were not checked`,
    );
  }
}
