import { eq } from "drizzle-orm";
import type { Database, DbTransaction } from "../../db/client.server.ts";
import { bookingSettings, listings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { bookingUnitOf, UNIT_PRICE_TYPE, type BookingUnit } from "../../lib/booking-values.ts";
import { countryTimeZone } from "../../lib/listing-time-zone.ts";
import { isPublicListing } from "../../auth/standing.server.ts";

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;

/** The listing's columns a booking reads (the stay-price totals read the same). */
export const bookableListingColumns = {
  id: listings.id,
  userId: listings.userId,
  agencyId: listings.agencyId,
  title: listings.title,
  city: listings.city,
  status: listings.status,
  category: listings.category,
  listingType: listings.listingType,
  priceUsdCents: listings.priceUsdCents,
  priceType: listings.priceType,
};

export type BookableListing = {
  [K in keyof typeof bookableListingColumns]: (typeof listings.$inferSelect)[K];
};

/** A listing with what it is booked by, and its settings when its lister takes bookings. */
export interface ListingBooking {
  listing: BookableListing;
  unit: BookingUnit | null;
  settings: BookingSettingsRow | null;
  /** Approved, and its owner not suspended: what a guest may book or read the calendar of. */
  public: boolean;
}

export async function readListingBooking(
  db: Database | DbTransaction,
  listingId: number,
): Promise<ListingBooking | null> {
  const [row] = await db
    .select({
      listing: bookableListingColumns,
      settings: bookingSettings,
      public: isPublicListing(),
    })
    .from(listings)
    .leftJoin(bookingSettings, eq(bookingSettings.listingId, listings.id))
    .where(eq(listings.id, listingId));
  if (!row) return null;
  return {
    listing: row.listing,
    settings: row.settings,
    unit: bookingUnitOf(row.listing),
    public: row.public,
  };
}

/** A published listing that takes bookings, or the refusal a guest is shown. */
export interface Bookable {
  listing: BookableListing;
  unit: BookingUnit;
  settings: BookingSettingsRow;
  rateUsdCents: number;
}

export async function requireBookable(
  db: Database | DbTransaction,
  listingId: number,
): Promise<Bookable> {
  const found = await readListingBooking(db, listingId);
  if (!found || !found.public) {
    throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  }
  const { listing, unit, settings } = found;
  if (!unit || !settings) throw new AppError("CONFLICT", "bookings.errors.notBookable");
  return { listing, unit, settings, rateUsdCents: unitRate(listing, unit) };
}

/**
 * The listing's price as the rate of its unit: a stay by the night needs a price per night, and
 * so on, so that a quote never turns a monthly rent into a nightly one.
 */
export function unitRate(listing: BookableListing, unit: BookingUnit): number {
  if (listing.priceUsdCents === null || listing.priceUsdCents <= 0) {
    throw new AppError("CONFLICT", "bookings.errors.noPrice");
  }
  if (listing.priceType !== UNIT_PRICE_TYPE[unit]) {
    throw new AppError("CONFLICT", "bookings.errors.priceTypeForUnit", undefined, {
      priceType: UNIT_PRICE_TYPE[unit].replace("_", " "),
    });
  }
  return listing.priceUsdCents;
}

/** The time zone a listing's days are counted in (its country's). */
export async function listingTimeZone(
  db: Database | DbTransaction,
  listingId: number,
): Promise<string> {
  const [row] = await db
    .select({ countryCode: listings.countryCode })
    .from(listings)
    .where(eq(listings.id, listingId));
  return countryTimeZone(row?.countryCode ?? "");
}
