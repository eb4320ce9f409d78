import { and, eq } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { tourDepartures } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  addDays,
  addMonths,
  BOOKING_HORIZON_DAYS,
  daysBetween,
  isoDay,
} from "../../lib/booking-values.ts";
import { paymentTerms } from "../../lib/booking-payment.ts";
import { formatDay } from "../../lib/format-day.ts";
import { quoteQuerySchema, type Quote } from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireId } from "../core/ids.server.ts";
import { chargeNow } from "../payments/checkout.server.ts";
import { findCurrency } from "../reference/reference.server.ts";
import { requireBookable, type Bookable } from "./bookable.server.ts";
import { requireFreeNights } from "./calendar.server.ts";
import { serviceFeeBasisPoints, stayPrice } from "./stay-price.server.ts";
import { type StayAsked } from "./nearest-free-dates.server.ts";

/**
 * A stay asked for, checked against the listing's rules, and its price: the booking card's
 * quote, and the checks a new booking runs again inside its transaction.
 */

interface Stay {
  checkIn: string;
  checkOut: string;
  quantity: number;
  guests: number;
  departureId: number | null;
}

/** The stay a request describes, judged by the listing's rules (notice, length, guests). */
export function stayOf(
  bookable: Bookable,
  request: {
    checkIn?: string;
    checkOut?: string;
    months?: number;
    departureId?: number;
    guests: number;
  },
  now: Date,
): Stay {
  const { settings, unit } = bookable;
  if (request.guests > settings.maxGuests) {
    throw new AppError(
      "VALIDATION_FAILED",
      "bookings.errors.tooManyGuests",
      { guests: "bookings.errors.tooManyGuests" },
      {
        count: settings.maxGuests,
      },
    );
  }
  if (unit === "departure") {
    if (request.departureId === undefined) {
      throw new AppError("VALIDATION_FAILED", "bookings.errors.departureRequired", {
        departureId: "bookings.errors.departureRequired",
      });
    }
    return {
      checkIn: "",
      checkOut: "",
      quantity: request.guests,
      guests: request.guests,
      departureId: request.departureId,
    };
  }
  const checkIn = request.checkIn;
  let checkOut: string | undefined;
  let quantity: number;
  if (unit === "month") {
    if (!checkIn || request.months === undefined) {
      throw new AppError("VALIDATION_FAILED", "bookings.errors.moveInRequired", {
        checkIn: "bookings.errors.moveInRequired",
      });
    }
    quantity = request.months;
    checkOut = addMonths(checkIn, quantity);
  } else {
    checkOut = request.checkOut;
    if (!checkIn || !checkOut) {
      throw new AppError("VALIDATION_FAILED", "bookings.errors.datesRequired", {
        checkIn: "bookings.errors.datesRequired",
      });
    }
    if (checkOut <= checkIn) {
      throw new AppError("VALIDATION_FAILED", "bookings.errors.checkOutAfterCheckIn", {
        checkOut: "bookings.errors.checkOutAfterCheckIn",
      });
    }
    quantity = daysBetween(checkIn, checkOut);
  }
  requireDayAllowed(bookable, checkIn, now);
  const nights = unit === "night";
  if (quantity < settings.minStay) {
    throw new AppError(
      "CONFLICT",
      nights ? "bookings.errors.minNights" : "bookings.errors.minMonths",
      undefined,
      {
        count: settings.minStay,
      },
    );
  }
  if (settings.maxStay !== null && quantity > settings.maxStay) {
    throw new AppError(
      "CONFLICT",
      nights ? "bookings.errors.maxNights" : "bookings.errors.maxMonths",
      undefined,
      {
        count: settings.maxStay,
      },
    );
  }
  return { checkIn, checkOut, quantity, guests: request.guests, departureId: null };
}

/** A first day (check-in, move-in or departure) from today's notice on, within the horizon. */
function requireDayAllowed(bookable: Bookable, day: string, now: Date) {
  const today = isoDay(now);
  if (day < today) throw new AppError("CONFLICT", "bookings.errors.inPast");
  const first = addDays(today, bookable.settings.noticeDays);
  if (day < first) {
    throw new AppError("CONFLICT", "bookings.errors.tooSoon", undefined, {
      days: bookable.settings.noticeDays,
      date: formatDay(first),
    });
  }
  if (day > addDays(today, BOOKING_HORIZON_DAYS)) {
    throw new AppError("CONFLICT", "bookings.errors.tooFarAhead");
  }
}

/** A stay by the night or the month as the calendar checks it, with the check-in days allowed. */
export function stayAsked(bookable: Bookable, stay: Stay, now: Date): StayAsked {
  const today = isoDay(now);
  return {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    preparationDays: bookable.settings.preparationDays,
    unit: bookable.unit === "month" ? "month" : "night",
    quantity: stay.quantity,
    firstDay: addDays(today, bookable.settings.noticeDays),
    lastDay: addDays(today, BOOKING_HORIZON_DAYS),
  };
}

/** The departure of a tour booking, its dates and seats checked. */
export async function departureStay(
  db: Database | DbTransaction,
  bookable: Bookable,
  stay: Stay,
  now: Date,
) {
  const [departure] = await db
    .select()
    .from(tourDepartures)
    .where(
      and(
        eq(tourDepartures.id, stay.departureId!),
        eq(tourDepartures.listingId, bookable.listing.id),
      ),
    );
  if (!departure) {
    throw new AppError("VALIDATION_FAILED", "bookings.errors.departure", {
      departureId: "bookings.errors.departure",
    });
  }
  requireDayAllowed(bookable, departure.departsOn, now);
  requireSeats(departure, stay.guests);
  return { ...stay, checkIn: departure.departsOn, checkOut: addDays(departure.departsOn, 1) };
}

export function requireSeats(
  departure: { departsOn: string; seats: number; seatsTaken: number },
  seats: number,
) {
  const left = departure.seats - departure.seatsTaken;
  if (left <= 0) {
    throw new AppError("CONFLICT", "bookings.errors.departureFull", undefined, {
      date: formatDay(departure.departsOn),
    });
  }
  if (seats > left) {
    throw new AppError("CONFLICT", "bookings.errors.seatsLeft", undefined, {
      count: left,
      date: formatDay(departure.departsOn),
    });
  }
}

/**
 * The display currency a request names, read before any transaction: the currency list may be
 * loaded from the database, which an embedded one-connection database cannot serve while a
 * transaction holds its connection.
 */
export async function requestedCurrency(currencyCode?: string) {
  const currency = await findCurrency(currencyCode);
  if (currencyCode && currency.code !== currencyCode) {
    throw new AppError("VALIDATION_FAILED", "bookings.errors.unknownCurrency", {
      currency: "bookings.errors.unknownCurrency",
    });
  }
  return currency;
}

export async function priceOf(
  db: Database | DbTransaction,
  bookable: Bookable,
  stay: Stay,
  currency: Awaited<ReturnType<typeof requestedCurrency>>,
) {
  const breakdown = stayPrice(
    { ...bookable, quantity: stay.quantity },
    await serviceFeeBasisPoints(db),
  );
  return {
    unit: bookable.unit,
    ...breakdown,
    currency: currency.code,
    currencyRate: currency.ratePerUsd,
  };
}

/** The price of a stay and the rules it is booked under, without booking it. */
export async function quoteBooking(
  rawListingId: unknown,
  query: unknown,
  now = new Date(),
): Promise<Quote> {
  const listingId = requireId(rawListingId, "listing");
  const request = parsedOrRefused(quoteQuerySchema.safeParse(query), "bookings.errors.guests");
  const db = await getDb();
  const bookable = await requireBookable(db, listingId);
  let stay = stayOf(bookable, request, now);
  if (bookable.unit === "departure") stay = await departureStay(db, bookable, stay, now);
  else await requireFreeNights(db, listingId, stayAsked(bookable, stay, now));
  const price = await priceOf(db, bookable, stay, await requestedCurrency(request.currency));
  const payment = paymentTerms(
    bookable.settings.paymentMode,
    bookable.settings.depositPercent,
    price.totalUsdCents,
  );
  return {
    listingId,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    mode: bookable.settings.mode,
    cancellationPolicy: bookable.settings.cancellationPolicy,
    price,
    payment,
    // Through the checkout's own function, so the card shows what the provider will charge.
    charge: await chargeNow(db, payment.dueNowUsdCents, price.currency),
  };
}
