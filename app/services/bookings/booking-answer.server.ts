import { getDb } from "../../db/client.server.ts";
import { transactionWithRetry } from "../../db/transaction-retry.server.ts";
import { cancelInputSchema, type BookingView } from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { sendPendingRefunds } from "../payments/refunds.server.ts";
import { refundOnline, transition } from "./booking-lifecycle.server.ts";
import { mailBookingTransition } from "./booking-mail.server.ts";
import { expireRequests } from "./booking-sweeps.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { bookingById, bookingRow, publicView, requireParty } from "./booking-read.server.ts";
import { answerRefusal, requestLapsed } from "./booking-rights.server.ts";

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
  const refusal = answerRefusal(actor, booking, now);
  if (refusal) {
    // A lapsed request is marked now, as the sweep would, so the host sees why.
    if (requestLapsed(booking, now)) await expireRequests(now);
    throw refusal;
  }
  const { reason } = parsedOrRefused(
    cancelInputSchema.safeParse(input ?? {}),
    "bookings.errors.reason",
  );
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
