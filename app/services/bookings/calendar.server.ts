import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { getDb, queryRows, type Database, type DbTransaction } from "../../db/client.server.ts";
import { bookings, calendarBlocks, tourDepartures } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  addDays,
  addMonths,
  HOLDING_STATUSES,
  isoDay,
  type BookingUnit,
} from "../../lib/booking-values.ts";
import { formatDay } from "../../lib/format-day.ts";
import {
  availabilityQuerySchema,
  calendarRangeSchema,
  departureInputSchema,
  type Availability,
} from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { readListingBooking } from "./bookable.server.ts";
import { requireManagedListing } from "./booking-settings.server.ts";
import { datesTakenRefusal, type StayAsked } from "./nearest-free-dates.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * A listing's calendar: the nights bookings hold, the nights its lister closed (by hand or from an
 * imported calendar), and a tour's departures with their seats.
 */

const holding = inArray(bookings.status, [...HOLDING_STATUSES]);

/**
 * Refuses a stay of `[checkIn, checkOut)` that meets a holding booking (preparation days
 * included) or closed nights within `preparationDays` of it. Taken dates are refused without
 * naming the booking in the way, with the nearest free dates instead; closed nights are named
 * (the host closed them). The exclusion constraint on bookings is the guarantee; this is the
 * check that explains.
 */
export async function requireFreeNights(
  db: Database | DbTransaction,
  listingId: number,
  stay: StayAsked,
): Promise<void> {
  const held = sql`daterange(${stay.checkIn}::date, ${stay.checkOut}::date + ${stay.preparationDays}::int, '[)')`;
  const [taken] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.listingId, listingId),
        holding,
        sql`${bookings.unit} <> 'departure'`,
        sql`${bookings.occupied} && ${held}`,
      ),
    )
    .limit(1);
  if (taken) throw await datesTakenRefusal(db, listingId, stay);
  const [closed] = await db
    .select({ startsOn: calendarBlocks.startsOn, endsOn: calendarBlocks.endsOn })
    .from(calendarBlocks)
    .where(
      and(
        eq(calendarBlocks.listingId, listingId),
        lt(calendarBlocks.startsOn, addDays(stay.checkOut, stay.preparationDays)),
        gt(calendarBlocks.endsOn, addDays(stay.checkIn, -stay.preparationDays)),
      ),
    )
    .orderBy(asc(calendarBlocks.startsOn))
    .limit(1);
  if (closed) {
    throw new AppError("CONFLICT", "bookings.errors.datesClosed", undefined, {
      from: formatDay(stay.checkIn),
      to: formatDay(stay.checkOut),
      closed: nightsText(closed.startsOn, closed.endsOn),
    });
  }
}

/** "Mar 3, 2027" for one night, "Mar 3, 2027 – Mar 6, 2027" for the nights of a range. */
function nightsText(from: string, toExclusive: string): string {
  const last = addDays(toExclusive, -1);
  return last === from ? formatDay(from) : `${formatDay(from)} – ${formatDay(last)}`;
}

/** What a public calendar shows of a published listing that takes bookings, over a window. */
export async function listingAvailability(
  rawListingId: unknown,
  query: unknown,
  now = new Date(),
): Promise<Availability> {
  const listingId = requireId(rawListingId, "listing");
  const { from: asked, months = 3 } = parsedOrRefused(
    availabilityQuerySchema.safeParse(query),
    "bookings.errors.date",
  );
  const db = await getDb();
  const found = await readListingBooking(db, listingId);
  if (!found || !found.public) {
    throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  }
  if (!found.unit || !found.settings) throw new AppError("CONFLICT", "bookings.errors.notBookable");
  const today = isoDay(now);
  const from = asked && asked > today ? asked : today;
  // To the end of the last month shown, so a calendar's last month is whole.
  const to = addMonths(`${addMonths(from, months).slice(0, 7)}-01`, 1);
  const settings = found.settings;
  return {
    listingId,
    unit: found.unit,
    mode: settings.mode,
    cancellationPolicy: settings.cancellationPolicy,
    from,
    to,
    firstBookableDay: addDays(today, settings.noticeDays),
    minStay: settings.minStay,
    maxStay: settings.maxStay,
    maxGuests: settings.maxGuests,
    unavailable: found.unit === "departure" ? [] : await unavailableNights(db, listingId, from, to),
    departures: found.unit === "departure" ? await departuresBetween(db, listingId, from, to) : [],
  };
}

/**
 * The days in `[from, to)` a new stay cannot use, merged into ranges: nights held by bookings
 * with their preparation days, and closed nights.
 */
export async function unavailableNights(
  db: Database | DbTransaction,
  listingId: number,
  from: string,
  to: string,
): Promise<{ from: string; to: string }[]> {
  const rows = await queryRows<{ starts: string; ends: string }>(
    db,
    sql`
      SELECT lower(m)::text AS starts, upper(m)::text AS ends
      FROM (SELECT range_agg(r) AS merged FROM (
        SELECT ${bookings.occupied} AS r FROM ${bookings}
        WHERE ${bookings.listingId} = ${listingId} AND ${holding}
          AND ${bookings.unit} <> 'departure'
          AND ${bookings.occupied} && daterange(${from}::date, ${to}::date)
        UNION ALL
        SELECT daterange(${calendarBlocks.startsOn}, ${calendarBlocks.endsOn}) FROM ${calendarBlocks}
        WHERE ${calendarBlocks.listingId} = ${listingId}
          AND ${calendarBlocks.startsOn} < ${to}::date AND ${calendarBlocks.endsOn} > ${from}::date
      ) AS held) AS a, unnest(a.merged) AS m
      ORDER BY 1`,
  );
  return rows.map((r) => ({ from: r.starts, to: r.ends }));
}

async function departuresBetween(
  db: Database | DbTransaction,
  listingId: number,
  from: string,
  to: string,
) {
  const rows = await db
    .select({
      id: tourDepartures.id,
      departsOn: tourDepartures.departsOn,
      seats: tourDepartures.seats,
      seatsTaken: tourDepartures.seatsTaken,
    })
    .from(tourDepartures)
    .where(
      and(
        eq(tourDepartures.listingId, listingId),
        gte(tourDepartures.departsOn, from),
        lt(tourDepartures.departsOn, to),
      ),
    )
    .orderBy(asc(tourDepartures.departsOn));
  return rows.map(({ seatsTaken, ...d }) => ({ ...d, seatsLeft: d.seats - seatsTaken }));
}

/** Closes nights `[from, to)` by hand. Nights a booking holds stay open: cancel it first. */
export async function closeNights(actor: Actor | null, rawListingId: unknown, input: unknown) {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireStayListing(actor, rawListingId);
  const range = parsedOrRefused(calendarRangeSchema.safeParse(input), "bookings.errors.date");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.listingId, found.listingId),
          holding,
          lt(bookings.checkIn, range.to),
          gt(bookings.checkOut, range.from),
        ),
      )
      .limit(1);
    if (held) {
      throw new AppError("CONFLICT", "bookings.errors.bookingsOnDates", undefined, {
        from: formatDay(range.from),
        to: formatDay(range.to),
      });
    }
    const [block] = await tx
      .insert(calendarBlocks)
      .values({ listingId: found.listingId, startsOn: range.from, endsOn: range.to })
      .returning({ id: calendarBlocks.id });
    return { id: block!.id, ...range };
  });
}

/**
 * Opens nights `[from, to)` the lister closed by hand: blocks inside go, blocks across an edge are
 * cut back. Nights closed by an imported calendar follow that calendar.
 */
export async function openNights(actor: Actor | null, rawListingId: unknown, input: unknown) {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireStayListing(actor, rawListingId);
  const range = parsedOrRefused(calendarRangeSchema.safeParse(input), "bookings.errors.date");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const own = and(eq(calendarBlocks.listingId, found.listingId), isNull(calendarBlocks.feedId));
    const overlapping = await tx
      .select()
      .from(calendarBlocks)
      .where(
        and(own, lt(calendarBlocks.startsOn, range.to), gt(calendarBlocks.endsOn, range.from)),
      );
    for (const block of overlapping) {
      await tx.delete(calendarBlocks).where(eq(calendarBlocks.id, block.id));
      const pieces = [
        { startsOn: block.startsOn, endsOn: range.from },
        { startsOn: range.to, endsOn: block.endsOn },
      ].filter((p) => p.endsOn > p.startsOn);
      for (const piece of pieces) {
        await tx.insert(calendarBlocks).values({ listingId: found.listingId, ...piece });
      }
    }
  });
  return range;
}

async function requireStayListing(actor: Actor | null, rawListingId: unknown) {
  const found = await requireManagedListing(actor, rawListingId);
  if (found.unit === "departure") throw new AppError("CONFLICT", "bookings.errors.notBookable");
  return found;
}

async function requireTourListing(actor: Actor | null, rawListingId: unknown) {
  const found = await requireManagedListing(actor, rawListingId);
  if (found.unit !== "departure") throw new AppError("CONFLICT", "bookings.errors.notBookable");
  return found;
}

/** Adds a departure, or changes its seats (never below those booked). */
export async function saveDeparture(actor: Actor | null, rawListingId: unknown, input: unknown) {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireTourListing(actor, rawListingId);
  const departure = parsedOrRefused(departureInputSchema.safeParse(input), "bookings.errors.seats");
  const db = await getDb();
  const [existing] = await db
    .select()
    .from(tourDepartures)
    .where(
      and(
        eq(tourDepartures.listingId, found.listingId),
        eq(tourDepartures.departsOn, departure.departsOn),
      ),
    );
  if (existing) {
    if (departure.seats < existing.seatsTaken) {
      throw new AppError("CONFLICT", "bookings.errors.seatsBelowTaken", undefined, {
        count: existing.seatsTaken,
      });
    }
    await db
      .update(tourDepartures)
      .set({ seats: departure.seats })
      .where(eq(tourDepartures.id, existing.id));
    return { id: existing.id, ...departure };
  }
  const [row] = await db
    .insert(tourDepartures)
    .values({ listingId: found.listingId, ...departure })
    .returning({ id: tourDepartures.id });
  return { id: row!.id, ...departure };
}

export async function removeDeparture(
  actor: Actor | null,
  rawListingId: unknown,
  rawDepartureId: unknown,
) {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireTourListing(actor, rawListingId);
  const departureId = requireId(rawDepartureId, "departure");
  const db = await getDb();
  const [held] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.departureId, departureId), holding))
    .limit(1);
  if (held) throw new AppError("CONFLICT", "bookings.errors.departureHasBookings");
  await db
    .delete(tourDepartures)
    .where(and(eq(tourDepartures.id, departureId), eq(tourDepartures.listingId, found.listingId)));
}

/** The lister's month view: bookings and closed nights of their listing over a window. */
export async function listingCalendar(
  actor: Actor | null,
  rawListingId: unknown,
  query: unknown,
  now = new Date(),
) {
  const found = await requireManagedListing(actor, rawListingId);
  const { from: asked, months = 1 } = parsedOrRefused(
    availabilityQuerySchema.safeParse(query),
    "bookings.errors.date",
  );
  const from = asked ?? `${isoDay(now).slice(0, 7)}-01`;
  const to = addMonths(from, months);
  const db = await getDb();
  const [blocks, booked] = await Promise.all([
    db
      .select({
        id: calendarBlocks.id,
        from: calendarBlocks.startsOn,
        to: calendarBlocks.endsOn,
        imported: sql<boolean>`${calendarBlocks.feedId} IS NOT NULL`,
        summary: calendarBlocks.summary,
      })
      .from(calendarBlocks)
      .where(
        and(
          eq(calendarBlocks.listingId, found.listingId),
          lt(calendarBlocks.startsOn, to),
          gt(calendarBlocks.endsOn, from),
        ),
      )
      .orderBy(asc(calendarBlocks.startsOn)),
    db
      .select({
        id: bookings.id,
        from: bookings.checkIn,
        to: bookings.checkOut,
        status: bookings.status,
        guests: bookings.guests,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.listingId, found.listingId),
          holding,
          lt(bookings.checkIn, to),
          gt(bookings.checkOut, from),
        ),
      )
      .orderBy(asc(bookings.checkIn)),
  ]);
  return {
    listingId: found.listingId,
    title: found.listing.title,
    unit: found.unit as BookingUnit,
    from,
    to,
    blocks,
    bookings: booked,
    departures:
      found.unit === "departure" ? await departuresBetween(db, found.listingId, from, to) : [],
  };
}
