import type { Category, ListingType, PriceType } from "./listing-values.ts";
import { dayIn } from "./listing-time-zone.ts";

/**
 * The bookings vocabulary and its pure rules (what a listing is booked by, what a stay costs,
 * what a cancellation gives back), shared by the database's CHECK constraints, the zod contract,
 * the services and the pages.
 */

/**
 * The most events an imported calendar may have: more than a listing's calendar holds in years
 * (a whole hotel's 13,443 are refused), so parsing and storing one stays short.
 */
export const MAX_IMPORTED_EVENTS = 3_000;

/** What a lister is told about a calendar that could not be imported (the message's key). */
export type FeedFailure = "bookings.errors.feedUnreadable" | "bookings.errors.feedTooManyEvents";

/** The booking card's choice, carried in the listing page's URL (its form is a GET). */
export const BOOKING_CARD_FIELDS = [
  "checkIn",
  "checkOut",
  "months",
  "departureId",
  "guests",
] as const;

export const BOOKING_MODES = ["instant", "request"] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict"] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/**
 * A request waits (requested) and ends accepted — then it is a confirmed booking — declined or
 * expired; an instant booking starts confirmed. A listing paid online first holds the nights
 * while its guest is at the provider's checkout (awaiting_payment): the payment's webhook makes
 * it requested or confirmed, an abandoned checkout expires it. A confirmed booking ends cancelled
 * (by whom is kept beside it) or completed after check-out.
 */
export const BOOKING_STATUSES = [
  "awaiting_payment",
  "requested",
  "declined",
  "expired",
  "confirmed",
  "cancelled",
  "completed",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The statuses that hold nights or seats: the database refuses two of them on the same nights. */
export const HOLDING_STATUSES = [
  "awaiting_payment",
  "requested",
  "confirmed",
] as const satisfies BookingStatus[];

/** What happened to a booking, one row per transition with who and when. */
export const BOOKING_EVENTS = [
  "checkout",
  "paid",
  "requested",
  "booked",
  "accepted",
  "declined",
  "expired",
  "cancelled",
  "completed",
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

export const CANCELLERS = ["guest", "host", "admin"] as const;
export type Canceller = (typeof CANCELLERS)[number];

/** How a listing is booked: by the night, by the month, or a seat on a departure. */
export const BOOKING_UNITS = ["night", "month", "departure"] as const;
export type BookingUnit = (typeof BOOKING_UNITS)[number];

/** The price type a unit needs: a rate per night prices nights, and so on. */
export const UNIT_PRICE_TYPE: Record<BookingUnit, PriceType> = {
  night: "per_night",
  month: "per_month",
  departure: "per_person",
};

/** How long a request waits for the host before it expires. */
export const REQUEST_HOURS = 24;

export const MAX_GUESTS = 50;
export const MAX_NOTICE_DAYS = 365;
export const MAX_PREPARATION_DAYS = 30;
/** The furthest ahead a stay can be booked, and the longest one (nights or months). */
export const BOOKING_HORIZON_DAYS = 730;
export const MAX_STAY = 365;
export const MAX_MESSAGE_LENGTH = 1000;

/**
 * What a listing is booked by, or null when it takes no bookings: stays in hotels and guesthouses
 * by the night, student rooms by the month, travel packages by departure, and a real-estate
 * listing offered as a short let (listing type `booking`) by the night.
 */
export function bookingUnitOf(listing: {
  category: Category;
  listingType: ListingType;
}): BookingUnit | null {
  switch (listing.category) {
    case "hospitality":
      return "night";
    case "student-housing":
      return "month";
    case "travel-agencies":
      return "departure";
    case "real-estate":
      return listing.listingType === "booking" ? "night" : null;
    default:
      return null;
  }
}

const DAY_MS = 86_400_000;

/** A calendar date ("2026-12-01") as a UTC midnight; the site's dates are days, not instants. */
export function dayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return isoDay(new Date(dayStart(isoDate).getTime() + days * DAY_MS));
}

/** The date `months` calendar months later, kept on the last day when the month is shorter. */
export function addMonths(isoDate: string, months: number): string {
  const start = dayStart(isoDate);
  const target = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, start.getUTCDate()),
  );
  if (target.getUTCDate() !== start.getUTCDate()) target.setUTCDate(0);
  return isoDay(target);
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((dayStart(toIso).getTime() - dayStart(fromIso).getTime()) / DAY_MS);
}

/**
 * The months a stay from `checkIn` to `checkOut` takes when let by the month: the fewest whole
 * months that cover it (a search for 10 January to 20 June is six months), at least one.
 */
export function monthsCovering(checkIn: string, checkOut: string): number {
  let months = 1;
  while (addMonths(checkIn, months) < checkOut && months < MAX_STAY) months += 1;
  return months;
}

export interface PriceBreakdown {
  /** The rate of one unit (night, month or seat), in US cents. */
  rateUsdCents: number;
  /** Nights, months or seats. */
  quantity: number;
  subtotalUsdCents: number;
  cleaningFeeUsdCents: number;
  serviceFeeUsdCents: number;
  totalUsdCents: number;
}

/** Quantity × rate, the lister's cleaning fee (once per stay) and the platform's service fee. */
export function priceBreakdown(input: {
  rateUsdCents: number;
  quantity: number;
  cleaningFeeUsdCents: number;
  serviceFeeBasisPoints: number;
}): PriceBreakdown {
  const subtotal = input.rateUsdCents * input.quantity;
  const serviceFee = Math.round(
    ((subtotal + input.cleaningFeeUsdCents) * input.serviceFeeBasisPoints) / 10_000,
  );
  return {
    rateUsdCents: input.rateUsdCents,
    quantity: input.quantity,
    subtotalUsdCents: subtotal,
    cleaningFeeUsdCents: input.cleaningFeeUsdCents,
    serviceFeeUsdCents: serviceFee,
    totalUsdCents: subtotal + input.cleaningFeeUsdCents + serviceFee,
  };
}

/**
 * The refund rules of each policy, as the guest reads them before confirming. Days are calendar
 * days in the listing's time zone, counted from the day of cancelling to the check-in day (the
 * day before check-in is 1 day before it). `fullDays`: a cancellation at least this many days
 * before check-in gets everything back; `halfDays`: at least this many days before gets half of
 * the stay back (never the service fee) — 0 is the check-in day itself; later, nothing. Strict
 * also refunds in full within `graceHours` of booking when check-in was 14 or more days away on
 * the day of booking.
 */
export const POLICY_RULES: Record<
  CancellationPolicy,
  { fullDays: number; halfDays: number | null; graceHours: number | null }
> = {
  flexible: { fullDays: 1, halfDays: 0, graceHours: null },
  moderate: { fullDays: 5, halfDays: 0, graceHours: null },
  strict: { fullDays: 30, halfDays: 7, graceHours: 48 },
};

const STRICT_GRACE_MIN_DAYS = 14;

/**
 * What a cancellation gives back, in US cents. A host's or the administrator's cancellation
 * refunds everything; a guest's follows the booking's policy at the moment of cancelling, its
 * days counted on the calendar of `timeZone` (the listing's), never by the hour.
 */
export function refundFor(input: {
  policy: CancellationPolicy;
  canceller: Canceller;
  totalUsdCents: number;
  serviceFeeUsdCents: number;
  checkIn: string;
  bookedAt: Date;
  now: Date;
  timeZone: string;
}): number {
  if (input.canceller !== "guest") return input.totalUsdCents;
  const rules = POLICY_RULES[input.policy];
  const daysBefore = daysBetween(dayIn(input.now, input.timeZone), input.checkIn);
  // After the check-in day the stay has begun.
  if (daysBefore < 0) return 0;
  if (daysBefore >= rules.fullDays) return input.totalUsdCents;
  if (
    rules.graceHours !== null &&
    input.now.getTime() - input.bookedAt.getTime() <= rules.graceHours * 3_600_000 &&
    daysBetween(dayIn(input.bookedAt, input.timeZone), input.checkIn) >= STRICT_GRACE_MIN_DAYS
  ) {
    return input.totalUsdCents;
  }
  if (rules.halfDays !== null && daysBefore >= rules.halfDays) {
    return Math.round((input.totalUsdCents - input.serviceFeeUsdCents) / 2);
  }
  return 0;
}
