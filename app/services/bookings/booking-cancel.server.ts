import { getDb } from "../../db/client.server.ts";
import { AppError } from "../../lib/app-error.ts";
import { refundFor, type Canceller } from "../../lib/booking-values.ts";
import { dayIn } from "../../lib/listing-time-zone.ts";
import { cancelInputSchema, type BookingView } from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { cancellerOf, cancelRefusal, checkInBegun } from "./booking-rights.server.ts";
import { sendPendingRefunds } from "../payments/refunds.server.ts";
import { listingTimeZone } from "./bookable.server.ts";
import { refundOnline, transition } from "./booking-lifecycle.server.ts";
import { mailBookingTransition } from "./booking-mail.server.ts";
import { refundableShare, releaseHeld } from "./held-money.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import {
  bookingById,
  bookingRow,
  publicView,
  requireParty,
  type BookingRow,
} from "./booking-read.server.ts";

/**
 * Cancelling a booking, and what cancelling now would give back. Refunds of what was paid online
 * are recorded in the cancelling transaction and sent after it commits.
 */

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
  return cancelCounted(actor, rawBookingId, input, now);
}

/**
 * cancelBooking once its abuse limit is counted: also the suspensions service's, whose one
 * counted action (suspending a person) may cancel many bookings.
 */
export async function cancelCounted(
  actor: Actor,
  rawBookingId: unknown,
  input: unknown,
  now: Date,
): Promise<BookingView> {
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
