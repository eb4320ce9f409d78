import { randomBytes } from "node:crypto";
import {
  addDays,
  bookingUnitOf,
  CANCELLATION_POLICIES,
  isoDay,
  UNIT_PRICE_TYPE,
} from "../../app/lib/booking-values.ts";
import type {
  Category,
  ListingStatus,
  ListingType,
  PriceType,
} from "../../app/lib/listing-values.ts";
import type { BookingPaymentMode } from "../../app/lib/payment-values.ts";
import { createRandom } from "./demo-data.ts";

/**
 * How the demo catalogue takes bookings: every live stay, student room, short let and tour whose
 * price fits its unit takes bookings, instantly or on request, under one of the three policies;
 * tours get a departure every fortnight for three months. Seeded, like the rest of the demo.
 */

export interface BookableDemoListing {
  category: Category;
  listingType: ListingType;
  status: ListingStatus;
  priceType: PriceType | null;
  bedrooms: number | null;
}

export interface DemoBookings {
  settings: {
    index: number;
    mode: "instant" | "request";
    cancellationPolicy: (typeof CANCELLATION_POLICIES)[number];
    minStay: number;
    maxStay: number | null;
    noticeDays: number;
    preparationDays: number;
    maxGuests: number;
    cleaningFeeUsdCents: number;
    icalToken: string;
    paymentMode: BookingPaymentMode;
    depositPercent: number | null;
  }[];
  departures: { index: number; departsOn: string; seats: number }[];
}

/** Most demo stays are paid online (in full, or a deposit), some at the property: 12 / 5 / 3 in 20. */
function demoPaymentTerms(draw: number): {
  paymentMode: BookingPaymentMode;
  depositPercent: number | null;
} {
  if (draw <= 12) return { paymentMode: "full", depositPercent: null };
  if (draw <= 17) return { paymentMode: "deposit", depositPercent: draw <= 15 ? 30 : 50 };
  return { paymentMode: "on_arrival", depositPercent: null };
}

export function buildDemoBookings(
  listings: readonly BookableDemoListing[],
  now: Date,
  seed = 20_261_201,
): DemoBookings {
  const rnd = createRandom(seed);
  // Payment terms come from a sequence of their own, so the rest of the demo stays as it was.
  const payRnd = createRandom(seed + 1);
  const out: DemoBookings = { settings: [], departures: [] };
  const today = isoDay(now);
  listings.forEach((listing, index) => {
    const unit = bookingUnitOf(listing);
    if (!unit || listing.status !== "approved" || listing.priceType !== UNIT_PRICE_TYPE[unit]) {
      return;
    }
    const nights = unit === "night";
    out.settings.push({
      index,
      mode: rnd.chance(0.6) ? "instant" : "request",
      cancellationPolicy: rnd.pick(CANCELLATION_POLICIES),
      minStay: unit === "month" ? rnd.int(1, 3) : nights ? rnd.int(1, 2) : 1,
      maxStay: nights ? 28 : unit === "month" ? 12 : null,
      noticeDays: rnd.int(0, 1),
      preparationDays: nights ? rnd.int(0, 1) : 0,
      maxGuests: unit === "departure" ? 8 : Math.max(1, (listing.bedrooms ?? 1) * 2),
      cleaningFeeUsdCents: nights ? rnd.int(0, 6) * 500 : 0,
      icalToken: randomBytes(24).toString("base64url"),
      ...demoPaymentTerms(payRnd.int(1, 20)),
    });
    if (unit === "departure") {
      const first = rnd.int(3, 10);
      for (let week = 0; week < 12; week += 2) {
        out.departures.push({
          index,
          departsOn: addDays(today, first + week * 7),
          seats: rnd.int(8, 16),
        });
      }
    }
  });
  return out;
}
