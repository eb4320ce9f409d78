import { inArray, sql } from "drizzle-orm";
import { queryRows, type Database, type DbTransaction } from "../../db/client.server.ts";
import { bookings, calendarBlocks } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  addDays,
  addMonths,
  dayStart,
  HOLDING_STATUSES,
  type BookingUnit,
} from "../../lib/booking-values.ts";
import { formatDay } from "../../lib/format-day.ts";

/**
 * When the dates a guest asked for are taken, the refusal says so without telling whose or which
 * dates took them (another guest's stay is nobody else's business) and offers the nearest dates
 * of the same length that are free, read from the same calendar the booking is checked against.
 */

/** A stay asked for, and the check-in days the listing allows (its notice and horizon). */
export interface StayAsked {
  checkIn: string;
  checkOut: string;
  preparationDays: number;
  unit: Exclude<BookingUnit, "departure">;
  /** Nights, or months for a listing let by the month. */
  quantity: number;
  firstDay: string;
  lastDay: string;
}

export interface FreeStay {
  checkIn: string;
  checkOut: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.round(dayStart(isoDate).getTime() / DAY_MS);

/**
 * The free stay of the same length nearest before the one asked and the nearest after it, in
 * date order (none, one or two). A stay is free when no holding booking's nights and preparation
 * days meet its nights plus its own preparation days, and no closed night lies within its
 * preparation days of it — the rules requireFreeNights and the exclusion constraint apply.
 */
export async function nearestFreeStays(
  db: Database | DbTransaction,
  listingId: number,
  stay: StayAsked,
): Promise<FreeStay[]> {
  const prep = stay.preparationDays;
  const checkOutOf = (checkIn: string) =>
    stay.unit === "month" ? addMonths(checkIn, stay.quantity) : addDays(checkIn, stay.quantity);
  const from = addDays(stay.firstDay, -prep);
  const to = addDays(checkOutOf(stay.lastDay), prep);
  const busy = await queryRows<{ starts: string; ends: string; closed: boolean }>(
    db,
    sql`
      SELECT lower(${bookings.occupied})::text AS starts, upper(${bookings.occupied})::text AS ends,
        false AS closed
      FROM ${bookings}
      WHERE ${bookings.listingId} = ${listingId}
        AND ${inArray(bookings.status, [...HOLDING_STATUSES])}
        AND ${bookings.unit} <> 'departure'
        AND ${bookings.occupied} && daterange(${from}::date, ${to}::date)
      UNION ALL
      SELECT ${calendarBlocks.startsOn}::text, ${calendarBlocks.endsOn}::text, true
      FROM ${calendarBlocks}
      WHERE ${calendarBlocks.listingId} = ${listingId}
        AND ${calendarBlocks.startsOn} < ${to}::date AND ${calendarBlocks.endsOn} > ${from}::date`,
  );
  const ranges = busy.map((b) => ({
    starts: dayNumber(b.starts),
    ends: dayNumber(b.ends),
    closed: b.closed,
  }));
  const isFree = (checkIn: string) => {
    const start = dayNumber(checkIn);
    const end = dayNumber(checkOutOf(checkIn));
    return ranges.every((r) =>
      r.closed
        ? !(start - prep < r.ends && end + prep > r.starts)
        : !(start < r.ends && end + prep > r.starts),
    );
  };
  const asked = dayNumber(stay.checkIn);
  const first = dayNumber(stay.firstDay);
  const last = dayNumber(stay.lastDay);
  let before: string | null = null;
  let after: string | null = null;
  for (let distance = 1; ; distance++) {
    const earlier = asked - distance;
    const later = asked + distance;
    if (earlier < first && later > last) break;
    if (before === null && earlier >= first && earlier <= last) {
      const day = addDays(stay.checkIn, -distance);
      if (isFree(day)) before = day;
    }
    if (after === null && later >= first && later <= last) {
      const day = addDays(stay.checkIn, distance);
      if (isFree(day)) after = day;
    }
    if (before !== null && after !== null) break;
  }
  return [before, after]
    .filter((day): day is string => day !== null)
    .map((checkIn) => ({ checkIn, checkOut: checkOutOf(checkIn) }));
}

const stayText = (stay: FreeStay) => `${formatDay(stay.checkIn)} – ${formatDay(stay.checkOut)}`;

/** The refusal of taken dates: no one else's dates, the nearest free ones instead. */
export async function datesTakenRefusal(
  db: Database | DbTransaction,
  listingId: number,
  stay: StayAsked,
): Promise<AppError> {
  const free = await nearestFreeStays(db, listingId, stay);
  const params = { from: formatDay(stay.checkIn), to: formatDay(stay.checkOut) };
  if (free.length === 0) {
    return new AppError("CONFLICT", "bookings.errors.datesTakenNoneFree", undefined, params);
  }
  return new AppError("CONFLICT", "bookings.errors.datesTaken", undefined, {
    ...params,
    nearest: free.map(stayText).join(" or "),
  });
}
