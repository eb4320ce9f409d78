import { inArray, eq } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { bookingSettings, listings, platformSettings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { StayTotal } from "../../lib/stay-link.ts";
import {
  bookingUnitOf,
  daysBetween,
  monthsCovering,
  priceBreakdown,
  type BookingUnit,
  type PriceBreakdown,
} from "../../lib/booking-values.ts";
import { bookableListingColumns, unitRate, type BookingSettingsRow } from "./bookable.server.ts";

/**
 * What a stay costs, one function for the booking card's quote, the booking itself and the
 * totals on the search results' cards, so a card never shows a total the booking would not charge.
 */

/** The platform's service fee in basis points (platform settings), for bookings and jobs alike. */
export async function serviceFeeBasisPoints(db: Database | DbTransaction): Promise<number> {
  const [row] = await db
    .select({ bp: platformSettings.serviceFeeBasisPoints })
    .from(platformSettings)
    .limit(1);
  return row?.bp ?? 0;
}

/** The price of `quantity` units (nights, months or seats) of a listing under its settings. */
export function stayPrice(
  stay: {
    unit: BookingUnit;
    rateUsdCents: number;
    settings: Pick<BookingSettingsRow, "cleaningFeeUsdCents" | "paymentMode">;
    quantity: number;
  },
  platformFeeBasisPoints: number,
): PriceBreakdown {
  return priceBreakdown({
    rateUsdCents: stay.rateUsdCents,
    quantity: stay.quantity,
    cleaningFeeUsdCents: stay.unit === "departure" ? 0 : stay.settings.cleaningFeeUsdCents,
    // The platform's fee is taken from money it handles: a stay paid at the property has none
    // (docs/decisions/007-payments.md).
    serviceFeeBasisPoints: stay.settings.paymentMode === "on_arrival" ? 0 : platformFeeBasisPoints,
  });
}

/**
 * The totals of a stay from `checkIn` to `checkOut` at each of these listings, by listing id: a
 * stay by the night counts its nights, a student room the months that cover the dates. Listings
 * that take no bookings, have no rate for their unit, or would refuse the stay's length get none.
 */
export async function stayTotals(
  listingIds: number[],
  checkIn: string,
  checkOut: string,
): Promise<Record<number, StayTotal>> {
  if (listingIds.length === 0 || checkOut <= checkIn) return {};
  const db = await getDb();
  const rows = await db
    .select({
      listing: bookableListingColumns,
      settings: bookingSettings,
    })
    .from(listings)
    .innerJoin(bookingSettings, eq(bookingSettings.listingId, listings.id))
    .where(inArray(listings.id, listingIds));
  const feeBasisPoints = await serviceFeeBasisPoints(db);
  const totals: Record<number, StayTotal> = {};
  for (const { listing, settings } of rows) {
    const unit = bookingUnitOf(listing);
    if (unit !== "night" && unit !== "month") continue;
    let rateUsdCents: number;
    try {
      rateUsdCents = unitRate(listing, unit);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    const quantity =
      unit === "night" ? daysBetween(checkIn, checkOut) : monthsCovering(checkIn, checkOut);
    if (quantity < settings.minStay) continue;
    if (settings.maxStay !== null && quantity > settings.maxStay) continue;
    const price = stayPrice({ unit, rateUsdCents, settings, quantity }, feeBasisPoints);
    totals[listing.id] = { unit, quantity, totalUsdCents: price.totalUsdCents };
  }
  return totals;
}
