import { and, asc, eq, lte, notExists, or } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { bookings, payments } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay, type BookingEvent, type BookingStatus } from "../../lib/booking-values.ts";
import { sendPendingRefunds } from "../payments/refunds.server.ts";
import { refundOnline, transition } from "./booking-lifecycle.server.ts";
import { mailBookingTransition, type MailEvent } from "./booking-mail.server.ts";
import { bookingById, type BookingRow } from "./booking-read.server.ts";

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
