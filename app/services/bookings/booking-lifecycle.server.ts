import { and, asc, eq, inArray, lte, notExists, or, sql } from "drizzle-orm";
import { getDb, type DbTransaction, type Executor } from "../../db/client.server.ts";
import { transactionWithRetry } from "../../db/transaction-retry.server.ts";
import {
  bookingEvents,
  bookingSettings,
  bookings,
  payments,
  tourDepartures,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  HOLDING_STATUSES,
  isoDay,
  refundFor,
  REQUEST_HOURS,
  type BookingEvent,
  type BookingStatus,
  type Canceller,
} from "../../lib/booking-values.ts";
import { dayIn } from "../../lib/listing-time-zone.ts";
import { CHECKOUT_MINUTES, type RefundReason } from "../../lib/payment-values.ts";
import { cancelInputSchema, type BookingView } from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { cancellerOf, cancelRefusal, checkInBegun } from "./booking-rights.server.ts";
import { sendPendingRefunds } from "../payments/refunds.server.ts";
import { listingTimeZone } from "./bookable.server.ts";
import { mailBookingTransition, type MailEvent } from "./booking-mail.server.ts";
import { refundableShare, refundPaidShare, releaseHeld } from "./held-money.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import {
  bookingById,
  bookingRow,
  publicView,
  requireParty,
  type BookingRow,
} from "./booking-read.server.ts";

/**
 * A booking after it is made: paid, answered, cancelled with its refund, expired or completed.
 * Every transition runs in one transaction with its event row (what, from which status, by whom,
 * when); the e-mails to both parties go after it commits. Refunds of what was paid online are
 * recorded in the cancelling transaction and sent after it commits.
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
async function transition(
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
  return publicView(updated, actor, now);
}

/**
 * Gives back `fraction` of what the booking was paid online (nothing to do for one paid at the
 * property), inside the transaction that ends it, and keeps the amount on the booking. True when
 * refunds wait to be sent after commit.
 */
async function refundOnline(
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
  const refusal = cancelRefusal(actor, booking, today);
  if (refusal) throw refusal;
  // The administrator cancels a booking that is not theirs: why goes to the audit log.
  if (canceller === "admin" && !reason) {
    throw new AppError("VALIDATION_FAILED", "bookings.errors.adminReason", {
      reason: "bookings.errors.adminReason",
    });
  }
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
  return publicView(updated, actor, now);
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
