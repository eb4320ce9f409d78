import { sql } from "drizzle-orm";
import { queryRows, type DbTransaction } from "../../db/client.server.ts";
import { bookings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay } from "../../lib/booking-values.ts";

/**
 * What one account may hold without paying (decision record 005). A hold is a booking that keeps
 * nights or seats from everyone else while nothing binds its guest: a checkout not yet paid, a
 * request the host has not answered, or a confirmed stay paid at the property that has not begun.
 * An account with no completed stay yet is held to less.
 */
export const HOLD_LIMITS = {
  /** No completed stay yet. */
  newGuest: { holds: 3, nightsPerListing: 30 },
  /** At least one completed stay. */
  returningGuest: { holds: 6, nightsPerListing: 90 },
} as const;

/** The advisory lock class of "one guest's holds", beside the guest's own key. */
const HOLDS_LOCK_CLASS = 2405;

/**
 * Refuses a new booking that would take its guest past a limit: unpaid or unanswered holds in
 * all, or unpaid nights at this listing (a single stay longer than that limit, the guest's only
 * hold here, is bounded by the listing's own maximum stay instead). Runs in the booking's
 * transaction, after taking a lock on the guest, so a burst of parallel bookings by one account
 * is counted one by one and cannot slip past the limit together.
 */
export async function requireHoldAllowed(
  tx: DbTransaction,
  booking: {
    guestId: string;
    listingId: number;
    /** Nights of the new stay; 0 for seats on a departure. */
    nights: number;
  },
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${HOLDS_LOCK_CLASS}, hashtext(${booking.guestId}))`,
  );
  const unpaid = sql`(${bookings.status} IN ('awaiting_payment', 'requested')
    OR (${bookings.status} = 'confirmed' AND ${bookings.paymentMode} = 'on_arrival'
      AND ${bookings.checkIn} >= ${isoDay(now)}::date))`;
  const [row] = await queryRows<{ holds: number; nightsHere: number; returning: boolean }>(
    tx,
    sql`
      SELECT count(*) FILTER (WHERE ${unpaid})::int AS holds,
        coalesce(sum(${bookings.checkOut} - ${bookings.checkIn}) FILTER (
          WHERE ${unpaid} AND ${bookings.listingId} = ${booking.listingId}
            AND ${bookings.unit} <> 'departure'
        ), 0)::int AS "nightsHere",
        coalesce(bool_or(${bookings.status} = 'completed'), false) AS returning
      FROM ${bookings}
      WHERE ${bookings.guestId} = ${booking.guestId}`,
  );
  const { holds, nightsHere, returning } = row!;
  const limits = returning ? HOLD_LIMITS.returningGuest : HOLD_LIMITS.newGuest;
  if (holds >= limits.holds) {
    throw new AppError(
      "CONFLICT",
      returning ? "bookings.errors.tooManyHolds" : "bookings.errors.tooManyHoldsNewGuest",
      undefined,
      { count: limits.holds, more: HOLD_LIMITS.returningGuest.holds },
    );
  }
  if (
    booking.nights > 0 &&
    nightsHere > 0 &&
    nightsHere + booking.nights > limits.nightsPerListing
  ) {
    throw new AppError("CONFLICT", "bookings.errors.tooManyNightsHere", undefined, {
      count: limits.nightsPerListing,
      held: nightsHere,
    });
  }
}
