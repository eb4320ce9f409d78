import { and, asc, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Database } from "../../db/client.server.ts";
import {
  bookingEvents,
  bookings,
  listings,
  platformSettings,
  tourDepartures,
  user,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  addDays,
  addMonths,
  BOOKING_HORIZON_DAYS,
  daysBetween,
  isoDay,
  priceBreakdown,
  refundFor,
  REQUEST_HOURS,
  type BookingEvent,
  type BookingStatus,
  type Canceller,
} from "../../lib/booking-values.ts";
import { formatDay } from "../../lib/format-day.ts";
import { can } from "../../lib/permissions.ts";
import {
  bookingRequestSchema,
  cancelInputSchema,
  quoteQuerySchema,
  type BookingView,
  type Quote,
} from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, requireListingId, type Actor } from "../listings/listing-actor.server.ts";
import { findCurrency } from "../reference/reference.server.ts";
import { requireBookable, type Bookable, type Tx } from "./bookable.server.ts";
import { mailBookingTransition } from "./booking-mail.server.ts";
import { datesTaken, requireFreeNights } from "./calendar.server.ts";

/**
 * Bookings from quote to check-out. Every transition runs in one transaction with its event row
 * (what, from which status, by whom, when); the e-mails to both parties go after it commits.
 */

interface Stay {
  checkIn: string;
  checkOut: string;
  quantity: number;
  guests: number;
  departureId: number | null;
}

/** The stay a request describes, judged by the listing's rules (notice, length, guests). */
function stayOf(
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

/** The departure of a tour booking, its dates and seats checked. */
async function departureStay(db: Database | Tx, bookable: Bookable, stay: Stay, now: Date) {
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

function requireSeats(
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

async function serviceFeeBasisPoints(db: Database | Tx): Promise<number> {
  const [row] = await db
    .select({ bp: platformSettings.serviceFeeBasisPoints })
    .from(platformSettings)
    .limit(1);
  return row?.bp ?? 0;
}

/**
 * The display currency a request names, read before any transaction: the currency list may be
 * loaded from the database, which an embedded one-connection database cannot serve while a
 * transaction holds its connection.
 */
async function requestedCurrency(currencyCode?: string) {
  const currency = await findCurrency(currencyCode);
  if (currencyCode && currency.code !== currencyCode) {
    throw new AppError("VALIDATION_FAILED", "bookings.errors.unknownCurrency", {
      currency: "bookings.errors.unknownCurrency",
    });
  }
  return currency;
}

async function priceOf(
  db: Database | Tx,
  bookable: Bookable,
  stay: Stay,
  currency: Awaited<ReturnType<typeof requestedCurrency>>,
) {
  const breakdown = priceBreakdown({
    rateUsdCents: bookable.rateUsdCents,
    quantity: stay.quantity,
    cleaningFeeUsdCents: bookable.unit === "departure" ? 0 : bookable.settings.cleaningFeeUsdCents,
    serviceFeeBasisPoints: await serviceFeeBasisPoints(db),
  });
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
  const listingId = requireListingId(rawListingId);
  const request = parsedOrRefused(quoteQuerySchema.safeParse(query), "bookings.errors.guests");
  const db = await getDb();
  const bookable = await requireBookable(db, listingId);
  let stay = stayOf(bookable, request, now);
  if (bookable.unit === "departure") stay = await departureStay(db, bookable, stay, now);
  else {
    await requireFreeNights(db, listingId, {
      ...stay,
      preparationDays: bookable.settings.preparationDays,
    });
  }
  return {
    listingId,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    mode: bookable.settings.mode,
    cancellationPolicy: bookable.settings.cancellationPolicy,
    price: await priceOf(db, bookable, stay, await requestedCurrency(request.currency)),
  };
}

type Executor = Database | Tx;

async function recordEvent(
  db: Executor,
  bookingId: number,
  event: BookingEvent,
  fromStatus: BookingStatus | null,
  toStatus: BookingStatus,
  actorId: string | null,
  note: string | null = null,
) {
  await db.insert(bookingEvents).values({ bookingId, event, fromStatus, toStatus, actorId, note });
}

/** The PostgreSQL error behind a failed query (drizzle wraps the driver's). */
function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string") {
      return { code: candidate.code, constraint: candidate.constraint as string | undefined };
    }
    current = candidate.cause;
  }
  return {};
}

/**
 * Books a stay for the signed-in guest: confirmed at once on an instant-book listing, otherwise a
 * request the host has REQUEST_HOURS to answer. Two bookings of the same nights are refused by the
 * database's exclusion constraint, whichever commits second; seats by the departure's CHECK.
 */
export async function createBooking(
  actor: Actor | null,
  rawListingId: unknown,
  input: unknown,
  now = new Date(),
): Promise<BookingView> {
  requireAllowed(actor, "booking:create");
  const listingId = requireListingId(rawListingId);
  const request = parsedOrRefused(bookingRequestSchema.safeParse(input), "bookings.errors.guests");
  const db = await getDb();
  const bookable = await requireBookable(db, listingId);
  if (bookable.listing.userId === actor.id) {
    throw new AppError("FORBIDDEN", "bookings.errors.ownListing");
  }
  let stay = stayOf(bookable, request, now);
  const currency = await requestedCurrency(request.currency);
  const status: BookingStatus = bookable.settings.mode === "instant" ? "confirmed" : "requested";
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      if (bookable.unit === "departure") {
        stay = await departureStay(tx, bookable, stay, now);
        const [taken] = await tx
          .update(tourDepartures)
          .set({ seatsTaken: sql`${tourDepartures.seatsTaken} + ${stay.guests}` })
          .where(
            and(
              eq(tourDepartures.id, stay.departureId!),
              sql`${tourDepartures.seatsTaken} + ${stay.guests} <= ${tourDepartures.seats}`,
            ),
          )
          .returning({ id: tourDepartures.id });
        if (!taken) {
          const [departure] = await tx
            .select()
            .from(tourDepartures)
            .where(eq(tourDepartures.id, stay.departureId!));
          requireSeats(departure!, stay.guests);
        }
      } else {
        await requireFreeNights(tx, listingId, {
          ...stay,
          preparationDays: bookable.settings.preparationDays,
        });
      }
      const price = await priceOf(tx, bookable, stay, currency);
      const [row] = await tx
        .insert(bookings)
        .values({
          listingId,
          guestId: actor.id,
          hostId: bookable.listing.userId,
          unit: bookable.unit,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          preparationDays: bookable.unit === "departure" ? 0 : bookable.settings.preparationDays,
          departureId: stay.departureId,
          guests: stay.guests,
          quantity: stay.quantity,
          status,
          cancellationPolicy: bookable.settings.cancellationPolicy,
          rateUsdCents: price.rateUsdCents,
          subtotalUsdCents: price.subtotalUsdCents,
          cleaningFeeUsdCents: price.cleaningFeeUsdCents,
          serviceFeeUsdCents: price.serviceFeeUsdCents,
          totalUsdCents: price.totalUsdCents,
          currencyCode: price.currency,
          currencyRate: price.currencyRate,
          message: request.message,
          expiresAt:
            status === "requested" ? new Date(now.getTime() + REQUEST_HOURS * 3_600_000) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      await recordEvent(
        tx,
        row!.id,
        status === "confirmed" ? "booked" : "requested",
        null,
        status,
        actor.id,
      );
      return row!.id;
    });
  } catch (error) {
    const { code, constraint } = databaseErrorOf(error);
    if (code === "23P01" && constraint === "bookings_no_overlap") {
      throw datesTaken(stay, await holdingBookingOn(db, listingId, stay));
    }
    if (code === "23514" && constraint === "tour_departures_seats_taken_check") {
      throw new AppError("CONFLICT", "bookings.errors.departureFull", undefined, {
        date: formatDay(stay.checkIn),
      });
    }
    throw error;
  }
  const booking = await bookingById(db, id);
  await mailBookingTransition(booking, status === "confirmed" ? "booked" : "requested");
  return booking;
}

/** The booking that won the nights a refused one asked for, to name it. */
async function holdingBookingOn(db: Database, listingId: number, stay: Stay) {
  const [row] = await db
    .select({ checkIn: bookings.checkIn, checkOut: bookings.checkOut })
    .from(bookings)
    .where(
      and(
        eq(bookings.listingId, listingId),
        inArray(bookings.status, ["requested", "confirmed"]),
        sql`${bookings.occupied} && daterange(${stay.checkIn}::date, ${stay.checkOut}::date)`,
      ),
    )
    .limit(1);
  return row ?? stay;
}

/** Frees a departure's seats when a booking of it stops holding them. */
async function releaseSeats(tx: Tx, booking: { departureId: number | null; guests: number }) {
  if (booking.departureId === null) return;
  await tx
    .update(tourDepartures)
    .set({ seatsTaken: sql`greatest(${tourDepartures.seatsTaken} - ${booking.guests}, 0)` })
    .where(eq(tourDepartures.id, booking.departureId));
}

type BookingRow = typeof bookings.$inferSelect;

/**
 * Moves a booking from one of `from` to `to` inside a transaction, only if it is still in one of
 * `from` (a second answer to the same request changes nothing and is told so).
 */
async function transition(
  tx: Tx,
  booking: BookingRow,
  change: {
    from: readonly BookingStatus[];
    to: BookingStatus;
    event: BookingEvent;
    actorId: string | null;
    note?: string | null;
    set?: Partial<typeof bookings.$inferInsert>;
    refusal: "bookings.errors.notRequested" | "bookings.errors.notCancellable";
  },
  now: Date,
) {
  const [moved] = await tx
    .update(bookings)
    .set({ status: change.to, updatedAt: now, ...change.set })
    .where(and(eq(bookings.id, booking.id), inArray(bookings.status, [...change.from])))
    .returning({ id: bookings.id });
  if (!moved) throw new AppError("CONFLICT", change.refusal);
  if (change.to !== "confirmed" && change.to !== "completed") await releaseSeats(tx, booking);
  await recordEvent(
    tx,
    booking.id,
    change.event,
    booking.status,
    change.to,
    change.actorId,
    change.note ?? null,
  );
}

async function bookingRow(db: Executor, rawId: unknown): Promise<BookingRow> {
  const id = requireListingId(rawId);
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new AppError("NOT_FOUND", "bookings.errors.notFound");
  return row;
}

/** A booking its actor may see: the guest, the host, or the administrator; anyone else 404. */
function requireParty(actor: Actor, booking: BookingRow) {
  const party =
    booking.guestId === actor.id || booking.hostId === actor.id || can(actor, "booking:list-all");
  if (!party) throw new AppError("NOT_FOUND", "bookings.errors.notFound");
}

/** The host's answer to a request: accepted (then it is a confirmed booking) or declined. */
export async function answerRequest(
  actor: Actor | null,
  rawBookingId: unknown,
  decision: "accept" | "decline",
  input: unknown = {},
  now = new Date(),
): Promise<BookingView> {
  requireAllowed(actor, "dashboard:open");
  const db = await getDb();
  const booking = await bookingRow(db, rawBookingId);
  requireParty(actor, booking);
  requireAllowed(actor, "booking:manage-listing", { ownerId: booking.hostId });
  const { reason } = parsedOrRefused(
    cancelInputSchema.safeParse(input ?? {}),
    "bookings.errors.reason",
  );
  if (booking.status === "requested" && booking.expiresAt && booking.expiresAt <= now) {
    await expireRequests(now);
    throw new AppError("CONFLICT", "bookings.errors.notRequested");
  }
  await db.transaction((tx) =>
    transition(
      tx,
      booking,
      decision === "accept"
        ? {
            from: ["requested"],
            to: "confirmed",
            event: "accepted",
            actorId: actor.id,
            set: { expiresAt: null },
            refusal: "bookings.errors.notRequested",
          }
        : {
            from: ["requested"],
            to: "declined",
            event: "declined",
            actorId: actor.id,
            note: reason,
            set: { expiresAt: null, cancelReason: reason },
            refusal: "bookings.errors.notRequested",
          },
      now,
    ),
  );
  const updated = await bookingById(db, booking.id);
  await mailBookingTransition(updated, decision === "accept" ? "accepted" : "declined");
  return updated;
}

/**
 * Cancels a request or a confirmed booking. The guest gets back what the policy gives at this
 * moment; a host's or the administrator's cancellation refunds everything. A request the guest
 * withdraws costs nothing.
 */
export async function cancelBooking(
  actor: Actor | null,
  rawBookingId: unknown,
  input: unknown = {},
  now = new Date(),
): Promise<BookingView> {
  requireAllowed(actor, "dashboard:open");
  const db = await getDb();
  const booking = await bookingRow(db, rawBookingId);
  requireParty(actor, booking);
  const { reason } = parsedOrRefused(
    cancelInputSchema.safeParse(input ?? {}),
    "bookings.errors.reason",
  );
  const canceller = cancellerOf(actor, booking);
  if (canceller === "admin") requireAllowed(actor, "booking:cancel-any");
  if (canceller === "host")
    requireAllowed(actor, "booking:manage-listing", { ownerId: booking.hostId });
  const refund = refundNow(booking, canceller, now);
  await db.transaction((tx) =>
    transition(
      tx,
      booking,
      {
        from: ["requested", "confirmed"],
        to: "cancelled",
        event: "cancelled",
        actorId: actor.id,
        note: reason,
        set: {
          cancelledBy: canceller,
          cancelReason: reason,
          refundUsdCents: refund,
          expiresAt: null,
        },
        refusal: "bookings.errors.notCancellable",
      },
      now,
    ),
  );
  const updated = await bookingById(db, booking.id);
  await mailBookingTransition(updated, "cancelled");
  return updated;
}

/** What the guest would get back by cancelling now, shown before they confirm. */
export async function refundPreview(actor: Actor | null, rawBookingId: unknown, now = new Date()) {
  requireAllowed(actor, "dashboard:open");
  const db = await getDb();
  const booking = await bookingRow(db, rawBookingId);
  requireParty(actor, booking);
  if (booking.status !== "requested" && booking.status !== "confirmed") {
    throw new AppError("CONFLICT", "bookings.errors.notCancellable");
  }
  return {
    bookingId: booking.id,
    refundUsdCents: refundNow(booking, cancellerOf(actor, booking), now),
    totalUsdCents: booking.totalUsdCents,
  };
}

function cancellerOf(actor: Actor, booking: BookingRow): Canceller {
  if (booking.guestId === actor.id) return "guest";
  return booking.hostId === actor.id ? "host" : "admin";
}

/** A withdrawn request costs nothing; a confirmed booking refunds by its policy, now. */
function refundNow(booking: BookingRow, canceller: Canceller, now: Date): number {
  if (booking.status === "requested") return booking.totalUsdCents;
  return refundFor({
    policy: booking.cancellationPolicy,
    canceller,
    totalUsdCents: booking.totalUsdCents,
    serviceFeeUsdCents: booking.serviceFeeUsdCents,
    checkIn: booking.checkIn,
    bookedAt: booking.createdAt,
    now,
  });
}

/**
 * The scheduled jobs' transition: each due booking moved in its own transaction, so one that an
 * answer or a cancellation moved meanwhile is skipped, not failed; both parties are e-mailed.
 */
async function moveDue(
  due: BookingRow[],
  change: { from: BookingStatus; to: BookingStatus; event: BookingEvent },
  now: Date,
): Promise<number> {
  const db = await getDb();
  let moved = 0;
  for (const booking of due) {
    const done = await db
      .transaction((tx) =>
        transition(
          tx,
          booking,
          {
            from: [change.from],
            to: change.to,
            event: change.event,
            actorId: null,
            set: { expiresAt: null },
            refusal: "bookings.errors.notRequested",
          },
          now,
        ),
      )
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      });
    if (!done) continue;
    moved++;
    await mailBookingTransition(await bookingById(db, booking.id), change.event);
  }
  return moved;
}

/** Requests past their deadline expire; their nights and seats are free again. */
export async function expireRequests(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, "requested"), lte(bookings.expiresAt, now)))
    .orderBy(asc(bookings.expiresAt))
    .limit(500);
  return moveDue(due, { from: "requested", to: "expired", event: "expired" }, now);
}

/** Confirmed stays whose check-out day has come are completed. */
export async function completeStays(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, "confirmed"), lte(bookings.checkOut, isoDay(now))))
    .orderBy(asc(bookings.checkOut))
    .limit(500);
  return moveDue(due, { from: "confirmed", to: "completed", event: "completed" }, now);
}

const guest = alias(user, "guest");
const host = alias(user, "host");

const viewColumns = {
  booking: bookings,
  listingTitle: listings.title,
  listingCity: listings.city,
  guestName: guest.name,
  guestEmail: guest.email,
  hostName: host.name,
  hostEmail: host.email,
};

export type BookingWithParties = BookingView & { guestEmail: string; hostEmail: string };

function toView(row: {
  booking: BookingRow;
  listingTitle: string;
  listingCity: string;
  guestName: string;
  guestEmail: string;
  hostName: string;
  hostEmail: string;
}): BookingWithParties {
  const b = row.booking;
  return {
    id: b.id,
    listingId: b.listingId,
    listingTitle: row.listingTitle,
    listingCity: row.listingCity,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    hostName: row.hostName,
    hostEmail: row.hostEmail,
    unit: b.unit,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    departureId: b.departureId,
    guests: b.guests,
    status: b.status,
    cancelledBy: b.cancelledBy,
    cancelReason: b.cancelReason,
    cancellationPolicy: b.cancellationPolicy,
    message: b.message,
    expiresAt: b.expiresAt?.toISOString() ?? null,
    refundUsdCents: b.refundUsdCents,
    createdAt: b.createdAt.toISOString(),
    price: {
      unit: b.unit,
      rateUsdCents: b.rateUsdCents,
      quantity: b.quantity,
      subtotalUsdCents: b.subtotalUsdCents,
      cleaningFeeUsdCents: b.cleaningFeeUsdCents,
      serviceFeeUsdCents: b.serviceFeeUsdCents,
      totalUsdCents: b.totalUsdCents,
      currency: b.currencyCode,
      currencyRate: b.currencyRate,
    },
  };
}

function selectViews(db: Executor, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .innerJoin(guest, eq(guest.id, bookings.guestId))
    .innerJoin(host, eq(host.id, bookings.hostId))
    .where(where);
}

async function bookingById(db: Executor, id: number): Promise<BookingWithParties> {
  const [row] = await selectViews(db, eq(bookings.id, id));
  if (!row) throw new AppError("NOT_FOUND", "bookings.errors.notFound");
  return toView(row);
}

/** One booking with its history, for its guest, its host or the administrator. */
export async function readBooking(actor: Actor | null, rawBookingId: unknown) {
  requireAllowed(actor, "dashboard:open");
  const db = await getDb();
  const booking = await bookingRow(db, rawBookingId);
  requireParty(actor, booking);
  const events = await db
    .select({
      event: bookingEvents.event,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      actorName: user.name,
      note: bookingEvents.note,
      at: bookingEvents.createdAt,
    })
    .from(bookingEvents)
    .leftJoin(user, eq(user.id, bookingEvents.actorId))
    .where(eq(bookingEvents.bookingId, booking.id))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  const { guestEmail: _g, hostEmail: _h, ...view } = await bookingById(db, booking.id);
  return { booking: view, events: events.map((e) => ({ ...e, at: e.at.toISOString() })) };
}

function publicView({ guestEmail: _g, hostEmail: _h, ...view }: BookingWithParties): BookingView {
  return view;
}

/** The guest's own bookings, soonest first. */
export async function listGuestBookings(actor: Actor | null): Promise<BookingView[]> {
  requireAllowed(actor, "booking:list-own");
  const db = await getDb();
  const rows = await selectViews(db, eq(bookings.guestId, actor.id)).orderBy(
    asc(bookings.checkIn),
    desc(bookings.id),
  );
  return rows.map((r) => publicView(toView(r)));
}

/** Bookings of the host's listings: open requests first (soonest deadline), then by stay. */
export async function listHostBookings(actor: Actor | null): Promise<BookingView[]> {
  requireAllowed(actor, "booking:list-hosted");
  const db = await getDb();
  const rows = await selectViews(db, eq(bookings.hostId, actor.id)).orderBy(
    sql`${bookings.status} = 'requested' DESC`,
    asc(bookings.expiresAt),
    asc(bookings.checkIn),
  );
  return rows.map((r) => publicView(toView(r)));
}

/** Every booking on the platform, newest first (the administrator). */
export async function listAllBookings(actor: Actor | null, limit = 200): Promise<BookingView[]> {
  requireAllowed(actor, "booking:list-all");
  const db = await getDb();
  const rows = await selectViews(db, undefined)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  return rows.map((r) => publicView(toView(r)));
}
