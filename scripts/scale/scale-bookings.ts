import type { bookings } from "../../app/db/schema/index.ts";
import { addDays, isoDay, priceBreakdown } from "../../app/lib/booking-values.ts";
import type { Random } from "../demo/demo-data.ts";

type BookingRow = typeof bookings.$inferInsert;

/**
 * Synthetic stays on listings that take bookings: for about a third of them, a few confirmed
 * stays of 2–6 nights one after another with a gap, from some weeks ago to some weeks ahead, by
 * random guests. They never overlap, as the exclusion constraint requires.
 */
export function scaleStays(
  listings: readonly { id: number; userId: string; priceUsdCents: number }[],
  guests: readonly string[],
  rnd: Random,
  now: Date,
): BookingRow[] {
  const today = isoDay(now);
  const rows: BookingRow[] = [];
  for (const listing of listings) {
    if (!rnd.chance(0.35)) continue;
    let start = addDays(today, -rnd.int(10, 40));
    for (let n = rnd.int(1, 5); n > 0; n--) {
      const nights = rnd.int(2, 6);
      const checkOut = addDays(start, nights);
      const price = priceBreakdown({
        rateUsdCents: listing.priceUsdCents,
        quantity: nights,
        cleaningFeeUsdCents: 0,
        serviceFeeBasisPoints: 300,
      });
      const guestId = rnd.pick(guests);
      if (guestId === listing.userId) continue;
      rows.push({
        listingId: listing.id,
        guestId,
        hostId: listing.userId,
        unit: "night",
        checkIn: start,
        checkOut,
        guests: rnd.int(1, 3),
        quantity: nights,
        status: checkOut <= today ? "completed" : "confirmed",
        cancellationPolicy: "moderate",
        rateUsdCents: price.rateUsdCents,
        subtotalUsdCents: price.subtotalUsdCents,
        cleaningFeeUsdCents: 0,
        serviceFeeUsdCents: price.serviceFeeUsdCents,
        totalUsdCents: price.totalUsdCents,
        currencyCode: "USD",
        currencyRate: "1",
      });
      start = addDays(checkOut, rnd.int(1, 12));
    }
  }
  return rows;
}
