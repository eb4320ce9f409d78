import { and, eq, inArray, sql } from "drizzle-orm";
import { type DbTransaction, type Executor } from "../../db/client.server.ts";
import { bookingEvents, bookingSettings, bookings, tourDepartures } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  HOLDING_STATUSES,
  REQUEST_HOURS,
  type BookingEvent,
  type BookingStatus,
} from "../../lib/booking-values.ts";
import { CHECKOUT_MINUTES, type RefundReason } from "../../lib/payment-values.ts";
import { refundPaidShare } from "./held-money.server.ts";
import { type BookingRow } from "./booking-read.server.ts";

/**
 * A booking after it is made: paid, answered, cancelled with its refund, expired or completed.
 * Every transition runs in one transaction with its event row (what, from which status, by whom,
 * when); the e-mails to both parties go after it commits. The host's answer is in
 * booking-answer.server.ts, cancelling in booking-cancel.server.ts, the scheduled expiries and
 * completions in booking-sweeps.server.ts; they move bookings with `transition` below.
 */

export async function recordEvent(
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

/** A booking row locked for the rest of the transaction, or null when there is none. */
export async function lockBooking(tx: DbTransaction, id: number): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
  return row ?? null;
}

/**
 * The payment of a booking awaiting it arrived (inside the webhook's transaction): confirmed on
 * an instant-book listing, otherwise a request whose host has REQUEST_HOURS from now. The mode is
 * the listing's at this moment (a listing that stopped taking bookings meanwhile: a request).
 */
export async function markBookingPaid(
  tx: DbTransaction,
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
export function firstEvent(status: BookingStatus): BookingEvent {
  if (status === "awaiting_payment") return "checkout";
  return status === "confirmed" ? "booked" : "requested";
}

/** How long a new booking waits: a checkout for its payment, a request for its host. */
export function expiryOf(status: BookingStatus, now: Date): Date | null {
  if (status === "awaiting_payment") return new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
  if (status === "requested") return new Date(now.getTime() + REQUEST_HOURS * 3_600_000);
  return null;
}

/**
 * A booking whose payment will not come (the checkout failed, was abandoned, or never opened)
 * expires and lets its nights and seats go. False when it was no longer awaiting payment.
 */
export async function expireUnpaid(
  tx: DbTransaction,
  booking: BookingRow,
  now: Date,
): Promise<boolean> {
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
async function releaseSeats(
  tx: DbTransaction,
  booking: { departureId: number | null; guests: number },
) {
  if (booking.departureId === null) return;
  await tx
    .update(tourDepartures)
    .set({ seatsTaken: sql`greatest(${tourDepartures.seatsTaken} - ${booking.guests}, 0)` })
    .where(eq(tourDepartures.id, booking.departureId));
}

/**
 * Moves a booking from one of `from` to `to` inside a transaction, only if it is still in one of
 * `from` (a second answer to the same request changes nothing and is told so).
 */
export async function transition(
  tx: DbTransaction,
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

/**
 * Gives back `fraction` of what the booking was paid online (nothing to do for one paid at the
 * property), inside the transaction that ends it, and keeps the amount on the booking. True when
 * refunds wait to be sent after commit.
 */
export async function refundOnline(
  tx: DbTransaction,
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
