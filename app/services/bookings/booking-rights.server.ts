import { AppError } from "../../lib/app-error.ts";
import type { BookingStatus, Canceller } from "../../lib/booking-values.ts";
import { can } from "../../lib/permissions.ts";
import type { BookingRights } from "../../lib/schemas/bookings.ts";
import type { Actor } from "../core/actor.server.ts";

/**
 * What a party may do with a booking. The writes check with these functions and the views carry
 * their answer (`may`), so a page or an API client offers an action exactly when the write would
 * take it.
 */

/** The facts of a booking the rules read. */
export interface BookingParties {
  status: BookingStatus;
  guestId: string;
  hostId: string;
  checkIn: string;
  checkOut: string;
  /** When an open request lapses unanswered (a row's Date, a view's ISO text). */
  expiresAt: Date | string | null;
  /** The owner of the running agency the listing is under: they act as its host. */
  agencyOwnerId?: string | undefined;
}

/** Who cancels: the guest first, then the host (or their agency's owner), then the administrator. */
export function cancellerOf(actor: Actor, booking: BookingParties): Canceller {
  if (booking.guestId === actor.id) return "guest";
  return booking.hostId === actor.id || booking.agencyOwnerId === actor.id ? "host" : "admin";
}

/** The permission table's resource for the booking's listing. */
function listingOf(booking: BookingParties) {
  return { ownerId: booking.hostId, agencyOwnerId: booking.agencyOwnerId };
}

/** A stay's check-in day has come, in the listing's time zone (`today` is that day there). */
export function checkInBegun(booking: BookingParties, today: string): boolean {
  return booking.status === "confirmed" && today >= booking.checkIn;
}

/**
 * Why the actor may not cancel the booking on `today` (the listing's day), or null when they may.
 * A request or a confirmed stay not yet over is cancellable: by the guest; by the host until
 * check-in (after it the host could take back a stay already paid out to them); by the
 * administrator always. The administrator's reason is the write's own check, not a right.
 */
export function cancelRefusal(
  actor: Actor,
  booking: BookingParties,
  today: string,
): AppError | null {
  const canceller = cancellerOf(actor, booking);
  if (canceller === "host") {
    if (!can(actor, "booking:manage-listing", listingOf(booking))) {
      return new AppError("FORBIDDEN", "api.errors.forbidden");
    }
    if (checkInBegun(booking, today)) {
      return new AppError("CONFLICT", "bookings.errors.hostCancelStarted");
    }
  }
  if (canceller === "admin" && !can(actor, "booking:cancel-any")) {
    return new AppError("FORBIDDEN", "api.errors.forbidden");
  }
  const open =
    booking.status === "requested" || (booking.status === "confirmed" && booking.checkOut > today);
  return open ? null : new AppError("CONFLICT", "bookings.errors.notCancellable");
}

/** A request whose time to answer has run out, though the sweep may not have marked it yet. */
export function requestLapsed(booking: BookingParties, now: Date): boolean {
  return (
    booking.status === "requested" &&
    booking.expiresAt !== null &&
    new Date(booking.expiresAt) <= now
  );
}

/**
 * Why the actor may not accept or decline the booking at `now`, or null when they may: the
 * listing's manager (its host, or the administrator), while the request is open and has not lapsed.
 */
export function answerRefusal(actor: Actor, booking: BookingParties, now: Date): AppError | null {
  if (!can(actor, "booking:manage-listing", listingOf(booking))) {
    return new AppError("FORBIDDEN", "api.errors.forbidden");
  }
  return booking.status !== "requested" || requestLapsed(booking, now)
    ? new AppError("CONFLICT", "bookings.errors.notRequested")
    : null;
}

/** What the actor may do with the booking at `now`, `today` being that day at the listing. */
export function bookingRights(
  actor: Actor,
  booking: BookingParties,
  now: Date,
  today: string,
): BookingRights {
  return {
    cancel: cancelRefusal(actor, booking, today) ? null : cancellerOf(actor, booking),
    answer: answerRefusal(actor, booking, now) === null,
  };
}
