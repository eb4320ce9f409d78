import { and, asc, desc, eq, inArray, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Database } from "../../db/client.server.ts";
import { databaseErrorOf, transactionWithRetry } from "../../db/transaction-retry.server.ts";
import {
  bookingEvents,
  bookingSettings,
  bookings,
  listings,
  payments,
  refunds,
  tourDepartures,
  user,
} from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  addDays,
  addMonths,
  BOOKING_HORIZON_DAYS,
  daysBetween,
  HOLDING_STATUSES,
  isoDay,
  refundFor,
  REQUEST_HOURS,
  type BookingEvent,
  type BookingStatus,
  type Canceller,
} from "../../lib/booking-values.ts";
import { paymentTerms } from "../../lib/booking-payment.ts";
import { dayIn } from "../../lib/listing-time-zone.ts";
import { formatDay } from "../../lib/format-day.ts";
import { CHECKOUT_MINUTES, type RefundReason } from "../../lib/payment-values.ts";
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
import {
  chargeNow,
  createPayment,
  openCheckout,
  requirePaymentProvider,
  type PaymentRow,
} from "../payments/checkout.server.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { sendPendingRefunds } from "../payments/refunds.server.ts";
import { findCurrency } from "../reference/reference.server.ts";
import { requireMayWrite } from "../safety/blocks.server.ts";
import { writeBookingMessage } from "../conversations/conversations.server.ts";
import { listingTimeZone, requireBookable, type Bookable, type Tx } from "./bookable.server.ts";
import { mailBookingTransition, type MailEvent } from "./booking-mail.server.ts";
import { requireHoldAllowed } from "./booking-holds.server.ts";
import { requireFreeNights } from "./calendar.server.ts";
import { serviceFeeBasisPoints, stayPrice } from "./stay-price.server.ts";
import { refundableShare, refundPaidShare, releaseHeld } from "./held-money.server.ts";
import { datesTakenRefusal, type StayAsked } from "./nearest-free-dates.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * Bookings from quote to check-out. Every transition runs in one transaction with its event row
 * (what, from which status, by whom, when); the e-mails to both parties go after it commits.
 * A listing paid online holds the nights while its guest pays at the provider's checkout
 * (awaiting_payment); the payment's webhook takes it on (booking-payment.server.ts). Refunds of
 * what was paid online are recorded in the cancelling transaction and sent after it commits.
 */

const t = createTranslator();

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

/** A stay by the night or the month as the calendar checks it, with the check-in days allowed. */
function stayAsked(bookable: Bookable, stay: Stay, now: Date): StayAsked {
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
  const listingId = requireListingId(rawListingId);
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

/** Where the guest pays a booking of a listing paid online: the provider's checkout. */
export type CreatedBooking = BookingView & { checkoutUrl?: string };

/**
 * Books a stay for the signed-in guest: confirmed at once on an instant-book listing, otherwise a
 * request the host has REQUEST_HOURS to answer. Two bookings of the same nights are refused by the
 * database's exclusion constraint, whichever commits second; seats by the departure's CHECK.
 *
 * On a listing paid online (in full or a deposit) the booking first holds the nights for
 * CHECKOUT_MINUTES, awaiting payment: its pending payment is written in the same transaction and
 * the provider's checkout opened after commit (`checkoutUrl`, where the guest is sent). The
 * payment's webhook confirms it or makes it a request. When the provider cannot be reached the
 * booking expires at once and the guest is told.
 */
export async function createBooking(
  actor: Actor | null,
  rawListingId: unknown,
  input: unknown,
  now = new Date(),
): Promise<CreatedBooking> {
  requireAllowed(actor, "booking:create");
  await requireUnderWriteLimit("booking", actor);
  const listingId = requireListingId(rawListingId);
  const request = parsedOrRefused(bookingRequestSchema.safeParse(input), "bookings.errors.guests");
  const db = await getDb();
  const bookable = await requireBookable(db, listingId);
  if (bookable.listing.userId === actor.id) {
    throw new AppError("FORBIDDEN", "bookings.errors.ownListing");
  }
  // A request's message reaches the host like a message: a block between them stops it too.
  if (request.message) await requireMayWrite(db, actor.id, bookable.listing.userId);
  let stay = stayOf(bookable, request, now);
  const currency = await requestedCurrency(request.currency);
  const paidOnline = bookable.settings.paymentMode !== "on_arrival";
  // Refused before anything is held when nobody can take the payment.
  if (paidOnline) requirePaymentProvider();
  const status: BookingStatus = paidOnline
    ? "awaiting_payment"
    : bookable.settings.mode === "instant"
      ? "confirmed"
      : "requested";
  let id: number;
  let payment: PaymentRow | null = null;
  try {
    // A deadlock between overlapping bookings (each waiting on the other's exclusion check)
    // is run again; the second run meets the winner's nights and is refused in words.
    id = await transactionWithRetry(db, async (tx) => {
      await requireHoldAllowed(
        tx,
        {
          guestId: actor.id,
          listingId,
          nights: bookable.unit === "departure" ? 0 : daysBetween(stay.checkIn, stay.checkOut),
        },
        now,
      );
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
        await requireFreeNights(tx, listingId, stayAsked(bookable, stay, now));
      }
      const price = await priceOf(tx, bookable, stay, currency);
      const terms = paymentTerms(
        bookable.settings.paymentMode,
        bookable.settings.depositPercent,
        price.totalUsdCents,
      );
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
          paymentMode: terms.mode,
          dueNowUsdCents: terms.dueNowUsdCents,
          expiresAt: expiryOf(status, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      await recordEvent(tx, row!.id, firstEvent(status), null, status, actor.id);
      if (request.message) {
        await writeBookingMessage(
          tx,
          { id: row!.id, listingId, guestId: actor.id, hostId: bookable.listing.userId },
          request.message,
        );
      }
      if (paidOnline) {
        payment = await createPayment(tx, {
          payerId: actor.id,
          purpose: "booking",
          bookingId: row!.id,
          amountUsdCents: terms.dueNowUsdCents,
          description: t("payments.bookings.description", {
            id: row!.id,
            title: bookable.listing.title,
          }),
          displayCurrency: currency.code,
        });
      }
      return row!.id;
    });
  } catch (error) {
    const { code, constraint } = databaseErrorOf(error);
    if (code === "23P01" && constraint === "bookings_no_overlap") {
      throw await datesTakenRefusal(db, listingId, stayAsked(bookable, stay, now));
    }
    if (code === "23514" && constraint === "tour_departures_seats_taken_check") {
      throw new AppError("CONFLICT", "bookings.errors.departureFull", undefined, {
        date: formatDay(stay.checkIn),
      });
    }
    throw error;
  }
  const booking = await bookingById(db, id);
  if (payment) {
    const checkoutUrl = await openCheckout(payment, booking.guestEmail, async (database) => {
      const row = await bookingRow(database, id);
      await database.transaction((tx) => expireUnpaid(tx, row, now));
    });
    return { ...publicView(booking), checkoutUrl };
  }
  await mailBookingTransition(booking, status === "confirmed" ? "booked" : "requested");
  return publicView(booking);
}

/** A booking row locked for the rest of the transaction, or null when there is none. */
export async function lockBooking(tx: Tx, id: number): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
  return row ?? null;
}

/**
 * The payment of a booking awaiting it arrived (inside the webhook's transaction): confirmed on
 * an instant-book listing, otherwise a request whose host has REQUEST_HOURS from now. The mode is
 * the listing's at this moment (a listing that stopped taking bookings meanwhile: a request).
 */
export async function markBookingPaid(
  tx: Tx,
  booking: BookingRow,
  now: Date,
): Promise<"booked" | "requested"> {
  const [settings] = await tx
    .select({ mode: bookingSettings.mode })
    .from(bookingSettings)
    .where(eq(bookingSettings.listingId, booking.listingId));
  const to: BookingStatus = settings?.mode === "instant" ? "confirmed" : "requested";
  await transition(
    tx,
    booking,
    {
      from: ["awaiting_payment"],
      to,
      event: "paid",
      actorId: booking.guestId,
      set: { expiresAt: expiryOf(to, now) },
      refusal: "bookings.errors.notRequested",
    },
    now,
  );
  return to === "confirmed" ? "booked" : "requested";
}

/** The event a booking starts with, by the status it starts in. */
function firstEvent(status: BookingStatus): BookingEvent {
  if (status === "awaiting_payment") return "checkout";
  return status === "confirmed" ? "booked" : "requested";
}

/** How long a new booking waits: a checkout for its payment, a request for its host. */
function expiryOf(status: BookingStatus, now: Date): Date | null {
  if (status === "awaiting_payment") return new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
  if (status === "requested") return new Date(now.getTime() + REQUEST_HOURS * 3_600_000);
  return null;
}

/**
 * A booking whose payment will not come (the checkout failed, was abandoned, or never opened)
 * expires and lets its nights and seats go. False when it was no longer awaiting payment.
 */
export async function expireUnpaid(tx: Tx, booking: BookingRow, now: Date): Promise<boolean> {
  return transition(
    tx,
    booking,
    {
      from: ["awaiting_payment"],
      to: "expired",
      event: "expired",
      actorId: null,
      set: { expiresAt: null },
      refusal: "bookings.errors.notRequested",
    },
    now,
  )
    .then(() => true)
    .catch((error: unknown) => {
      if (error instanceof AppError) return false;
      throw error;
    });
}

/** Frees a departure's seats when a booking of it stops holding them. */
async function releaseSeats(tx: Tx, booking: { departureId: number | null; guests: number }) {
  if (booking.departureId === null) return;
  await tx
    .update(tourDepartures)
    .set({ seatsTaken: sql`greatest(${tourDepartures.seatsTaken} - ${booking.guests}, 0)` })
    .where(eq(tourDepartures.id, booking.departureId));
}

export type BookingRow = typeof bookings.$inferSelect;

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
  if (!HOLDING_STATUSES.some((s) => s === change.to) && change.to !== "completed") {
    await releaseSeats(tx, booking);
  }
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

export async function bookingRow(db: Executor, rawId: unknown): Promise<BookingRow> {
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
  await requireUnderWriteLimit("bookingChange", actor);
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
  let refunding = false;
  await transactionWithRetry(db, async (tx) => {
    await transition(
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
    );
    // A declined request paid online is refunded in full.
    if (decision === "decline") refunding = await refundOnline(tx, booking, 1, "booking_declined");
  });
  if (refunding) await sendPendingRefunds();
  const updated = await bookingById(db, booking.id);
  await mailBookingTransition(updated, decision === "accept" ? "accepted" : "declined");
  return publicView(updated);
}

/**
 * Gives back `fraction` of what the booking was paid online (nothing to do for one paid at the
 * property), inside the transaction that ends it, and keeps the amount on the booking. True when
 * refunds wait to be sent after commit.
 */
async function refundOnline(
  tx: Tx,
  booking: BookingRow,
  fraction: number,
  reason: RefundReason,
): Promise<boolean> {
  if (booking.paymentMode === "on_arrival") return false;
  const refunded = await refundPaidShare(
    tx,
    { hostId: booking.hostId, bookingId: booking.id },
    fraction,
    reason,
  );
  if (refunded === null) return false;
  await tx.update(bookings).set({ refundUsdCents: refunded }).where(eq(bookings.id, booking.id));
  return refunded > 0;
}

/** The share of the total a refund of `refundUsdCents` is: what comes back of each payment. */
function shareOf(booking: BookingRow, refundUsdCents: number): number {
  return booking.totalUsdCents > 0 ? refundUsdCents / booking.totalUsdCents : 0;
}

/**
 * Cancels a request or a confirmed booking. The guest gets back what the policy gives at this
 * moment; a host's or the administrator's cancellation refunds everything. A request the guest
 * withdraws costs nothing. Of a booking paid online, the refund is that share of each payment,
 * and what the host keeps becomes payable to them at once.
 */
export async function cancelBooking(
  actor: Actor | null,
  rawBookingId: unknown,
  input: unknown = {},
  now = new Date(),
): Promise<BookingView> {
  requireAllowed(actor, "dashboard:open");
  await requireUnderWriteLimit("bookingChange", actor);
  const db = await getDb();
  const booking = await bookingRow(db, rawBookingId);
  requireParty(actor, booking);
  const { reason } = parsedOrRefused(
    cancelInputSchema.safeParse(input ?? {}),
    "bookings.errors.reason",
  );
  const canceller = cancellerOf(actor, booking);
  const timeZone = await listingTimeZone(db, booking.listingId);
  const today = dayIn(now, timeZone);
  requireCancelRights(actor, booking, canceller, reason, today);
  const refund = refundNow(booking, canceller, timeZone, now);
  let refunding = false;
  await db.transaction(async (tx) => {
    await transition(
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
    );
    refunding = await refundOnline(tx, booking, shareOf(booking, refund), "booking_cancelled");
    if (canceller === "admin") {
      await recordAudit(tx, actor.id, {
        action: "booking.cancel",
        targetType: "booking",
        targetId: booking.id,
        detail: { reason, refundUsdCents: refund, checkInBegun: checkInBegun(booking, today) },
      });
    }
    // What the policy lets the host keep is theirs now: the stay it was held for will not be.
    if (booking.paymentMode !== "on_arrival") {
      await releaseHeld(tx, { hostId: booking.hostId, bookingId: booking.id });
    }
  });
  if (refunding) await sendPendingRefunds();
  const updated = await bookingById(db, booking.id);
  await mailBookingTransition(updated, "cancelled");
  return publicView(updated);
}

/** A stay's check-in day has come, in the listing's time zone (`today` is that day there). */
function checkInBegun(booking: BookingRow, today: string): boolean {
  return booking.status === "confirmed" && today >= booking.checkIn;
}

/**
 * Who may cancel: the guest; the host until check-in (after it the host could take back a stay
 * already paid out to them); the administrator always, with a reason that goes to the audit log.
 */
function requireCancelRights(
  actor: Actor,
  booking: BookingRow,
  canceller: Canceller,
  reason: string | null,
  today: string,
) {
  if (canceller === "host") {
    requireAllowed(actor, "booking:manage-listing", { ownerId: booking.hostId });
    if (checkInBegun(booking, today)) {
      throw new AppError("CONFLICT", "bookings.errors.hostCancelStarted");
    }
  }
  if (canceller === "admin") {
    requireAllowed(actor, "booking:cancel-any");
    if (!reason) {
      throw new AppError("VALIDATION_FAILED", "bookings.errors.adminReason", {
        reason: "bookings.errors.adminReason",
      });
    }
  }
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
  const timeZone = await listingTimeZone(db, booking.listingId);
  const refund = refundNow(booking, cancellerOf(actor, booking), timeZone, now);
  const online =
    booking.paymentMode === "on_arrival"
      ? null
      : await refundableShare(
          db,
          { hostId: booking.hostId, bookingId: booking.id },
          shareOf(booking, refund),
        );
  return {
    bookingId: booking.id,
    /** Of a booking paid online, what comes back of what was paid; else what the policy gives. */
    refundUsdCents: online?.refundUsdCents ?? refund,
    totalUsdCents: booking.totalUsdCents,
    /** Paid online so far; null for a booking paid at the property. */
    paidUsdCents: online?.paidUsdCents ?? null,
  };
}

function cancellerOf(actor: Actor, booking: BookingRow): Canceller {
  if (booking.guestId === actor.id) return "guest";
  return booking.hostId === actor.id ? "host" : "admin";
}

/**
 * A withdrawn request costs nothing; a confirmed booking refunds by its policy, now, its days
 * counted on the listing's calendar.
 */
function refundNow(booking: BookingRow, canceller: Canceller, timeZone: string, now: Date): number {
  if (booking.status === "requested") return booking.totalUsdCents;
  return refundFor({
    timeZone,
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
 * answer or a cancellation moved meanwhile is skipped, not failed; both parties are e-mailed (the
 * guest alone about a checkout never paid). A request that ends unanswered is refunded in full.
 */
async function moveDue(
  due: BookingRow[],
  change: { from: BookingStatus; to: BookingStatus; event: BookingEvent; mail: MailEvent },
  now: Date,
): Promise<number> {
  const db = await getDb();
  let moved = 0;
  let refunding = false;
  for (const booking of due) {
    const done = await db
      .transaction(async (tx) => {
        await transition(
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
        );
        if (change.from === "requested" && change.to === "expired") {
          refunding = (await refundOnline(tx, booking, 1, "booking_expired")) || refunding;
        }
      })
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      });
    if (!done) continue;
    moved++;
    await mailBookingTransition(await bookingById(db, booking.id), change.mail);
  }
  if (refunding) await sendPendingRefunds();
  return moved;
}

/**
 * How long past its checkout's end a booking awaiting payment keeps its nights while its payment
 * is still pending: by then the reconciliation job has asked the provider about it. A payment
 * that arrives later still is refunded by the payments core.
 */
const UNPAID_GRACE_MS = 60 * 60_000;

/**
 * Requests past their deadline expire; their nights and seats are free again, and what they were
 * paid online is refunded. So do bookings awaiting payment past their checkout, once their
 * payment failed or was abandoned, or an hour later when the provider never said.
 */
export async function expireRequests(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, "requested"), lte(bookings.expiresAt, now)))
    .orderBy(asc(bookings.expiresAt))
    .limit(500);
  const pendingPayment = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookings.id),
        eq(payments.purpose, "booking"),
        eq(payments.status, "pending"),
      ),
    );
  const unpaid = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "awaiting_payment"),
        lte(bookings.expiresAt, now),
        or(
          lte(bookings.expiresAt, new Date(now.getTime() - UNPAID_GRACE_MS)),
          notExists(pendingPayment),
        ),
      ),
    )
    .orderBy(asc(bookings.expiresAt))
    .limit(500);
  return (
    (await moveDue(
      due,
      { from: "requested", to: "expired", event: "expired", mail: "expired" },
      now,
    )) +
    (await moveDue(
      unpaid,
      { from: "awaiting_payment", to: "expired", event: "expired", mail: "unpaid" },
      now,
    ))
  );
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
  return moveDue(
    due,
    { from: "confirmed", to: "completed", event: "completed", mail: "completed" },
    now,
  );
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

type ViewRow = {
  booking: BookingRow;
  listingTitle: string;
  listingCity: string;
  guestName: string;
  guestEmail: string;
  hostName: string;
  hostEmail: string;
};

/** What was paid online for each booking, and refunded: one query for a whole list. */
async function onlinePayments(db: Executor, ids: number[]) {
  const byBooking = new Map<number, BookingView["payment"]["refunds"]>();
  const paid = new Map<number, number>();
  const charged = new Map<number, Map<string, number>>();
  const attempts = new Map<number, BookingView["payment"]["attempts"]>();
  const checkout = new Map<number, string>();
  if (ids.length === 0) return { byBooking, paid, charged, attempts, checkout };
  const rows = await db
    .select({ payment: payments, refund: refunds })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(inArray(payments.bookingId, ids))
    .orderBy(asc(payments.createdAt), asc(refunds.createdAt));
  const counted = new Set<string>();
  for (const { payment, refund } of rows) {
    const id = payment.bookingId!;
    if (payment.status === "paid" && !counted.has(payment.id)) {
      counted.add(payment.id);
      paid.set(id, (paid.get(id) ?? 0) + payment.amountUsdCents);
      const inCurrency = charged.get(id) ?? new Map<string, number>();
      inCurrency.set(
        payment.currency,
        (inCurrency.get(payment.currency) ?? 0) + payment.amountMinor,
      );
      charged.set(id, inCurrency);
    }
    if (
      (payment.status === "failed" || payment.status === "cancelled") &&
      !counted.has(payment.id)
    ) {
      counted.add(payment.id);
      const list = attempts.get(id) ?? [];
      list.push({
        status: payment.status,
        method: payment.method,
        at: payment.updatedAt.toISOString(),
      });
      attempts.set(id, list);
    }
    if (payment.status === "pending" && payment.purpose === "booking" && payment.checkoutUrl) {
      checkout.set(id, payment.checkoutUrl);
    }
    if (refund) {
      const list = byBooking.get(id) ?? [];
      list.push({
        id: refund.id,
        amountMinor: refund.amountMinor,
        currency: payment.currency,
        status: refund.status,
      });
      byBooking.set(id, list);
    }
  }
  return { byBooking, paid, charged, attempts, checkout };
}

async function toViews(db: Executor, rows: ViewRow[]): Promise<BookingWithParties[]> {
  const online = await onlinePayments(
    db,
    rows.filter((r) => r.booking.paymentMode !== "on_arrival").map((r) => r.booking.id),
  );
  return rows.map((row) => {
    const b = row.booking;
    return toView(row, {
      ...paymentTerms(
        b.paymentMode,
        b.paymentMode === "deposit" && b.totalUsdCents > 0
          ? Math.round((b.dueNowUsdCents * 100) / b.totalUsdCents)
          : null,
        b.totalUsdCents,
      ),
      // The amount written at booking, not one recomputed from a rounded percentage.
      dueNowUsdCents: b.dueNowUsdCents,
      restUsdCents: b.totalUsdCents - b.dueNowUsdCents,
      paidUsdCents: online.paid.get(b.id) ?? 0,
      charged: [...(online.charged.get(b.id) ?? [])].map(([currency, amountMinor]) => ({
        amountMinor,
        currency,
      })),
      checkoutUrl: b.status === "awaiting_payment" ? (online.checkout.get(b.id) ?? null) : null,
      attempts: online.attempts.get(b.id) ?? [],
      refunds: online.byBooking.get(b.id) ?? [],
    });
  });
}

function toView(row: ViewRow, payment: BookingView["payment"]): BookingWithParties {
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
    payment,
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

export async function bookingById(db: Executor, id: number): Promise<BookingWithParties> {
  const [row] = await selectViews(db, eq(bookings.id, id));
  if (!row) throw new AppError("NOT_FOUND", "bookings.errors.notFound");
  return (await toViews(db, [row]))[0]!;
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
  const view = publicView(await bookingById(db, booking.id));
  return { booking: view, events: events.map((e) => ({ ...e, at: e.at.toISOString() })) };
}

/**
 * A booking as its parties and the API see it: without their e-mail addresses, which the other
 * party only gets through the counted "reveal on click". The addresses stay on the server, for
 * the booking's e-mails and the checkout.
 */
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
  return (await toViews(db, rows)).map(publicView);
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
  return (await toViews(db, rows)).map(publicView);
}

/** Every booking on the platform, newest first (the administrator). */
export async function listAllBookings(actor: Actor | null, limit = 200): Promise<BookingView[]> {
  requireAllowed(actor, "booking:list-all");
  const db = await getDb();
  const rows = await selectViews(db, undefined)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  return (await toViews(db, rows)).map(publicView);
}
