import type { MessageKey } from "../i18n/translator.ts";
import { addDays, type Canceller } from "./booking-values.ts";
import { monthDays } from "./months.ts";
import type { BookingView } from "./schemas/bookings.ts";

/**
 * The dashboard's Bookings tab as pure rules over the bookings the services list: which group a
 * guest's booking belongs to, what the host still has to answer, how long a request has left and
 * which nights of a month each listing has taken. The page's loader applies them with the time of
 * the request, so the server's render and the browser's hydration agree.
 */

export interface TripGroups {
  /** Bookings awaiting payment, requests and confirmed stays not yet over, the soonest first. */
  upcoming: BookingView[];
  /** Completed stays and confirmed ones whose check-out has passed, the latest first. */
  past: BookingView[];
  /** Cancelled, declined and expired, the latest booked first. */
  cancelled: BookingView[];
}

/** A guest's bookings in the three groups of "My bookings", as of `today`. */
export function groupTrips(bookings: readonly BookingView[], today: string): TripGroups {
  const groups: TripGroups = { upcoming: [], past: [], cancelled: [] };
  for (const booking of bookings) {
    // A booking awaiting payment holds its nights while the guest is at the checkout.
    if (booking.status === "requested" || booking.status === "awaiting_payment") {
      groups.upcoming.push(booking);
    } else if (booking.status === "confirmed") {
      (booking.checkOut > today ? groups.upcoming : groups.past).push(booking);
    } else if (booking.status === "completed") groups.past.push(booking);
    else groups.cancelled.push(booking);
  }
  groups.upcoming.sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.id - b.id);
  groups.past.sort((a, b) => b.checkIn.localeCompare(a.checkIn) || b.id - a.id);
  groups.cancelled.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return groups;
}

export interface HostInbox {
  /** Open requests, the soonest deadline first. */
  requests: BookingView[];
  /** Confirmed stays not yet over, the soonest check-in first. */
  upcoming: BookingView[];
}

/** The host's bookings to act on: requests to answer, then confirmed stays to come. */
export function hostInbox(bookings: readonly BookingView[], today: string): HostInbox {
  const requests = bookings
    .filter((b) => b.status === "requested")
    .sort((a, b) => (a.expiresAt ?? "").localeCompare(b.expiresAt ?? "") || a.id - b.id);
  const upcoming = bookings
    .filter((b) => b.status === "confirmed" && b.checkOut > today)
    .sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.id - b.id);
  return { requests, upcoming };
}

/** Hours and minutes from `now` to a request's deadline; zero of both once it has passed. */
export function timeLeft(expiresAt: string, now: string): { hours: number; minutes: number } {
  const ms = Math.max(0, new Date(expiresAt).getTime() - new Date(now).getTime());
  const minutes = Math.floor(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

export type NightState = "booked" | "requested";

export interface OccupancyCell {
  state: NightState;
  bookingId: number;
  guestName: string;
}

export interface OccupancyRow {
  listingId: number;
  title: string;
  /** One per day of the month: the booking that holds that night, or null when it is free. */
  cells: (OccupancyCell | null)[];
}

/**
 * The month's nights per listing: booked (confirmed or completed) or requested, from check-in up
 * to the night before check-out (a tour holds its departure day). Only listings with a booking
 * in the month get a row, in the order of their titles.
 */
export function occupancy(bookings: readonly BookingView[], month: string): OccupancyRow[] {
  const days = monthDays(month);
  const first = days[0]!;
  const end = addDays(days[days.length - 1]!, 1);
  const rows = new Map<number, OccupancyRow>();
  for (const booking of bookings) {
    const state: NightState | null =
      booking.status === "requested"
        ? "requested"
        : booking.status === "confirmed" || booking.status === "completed"
          ? "booked"
          : null;
    if (!state || booking.checkIn >= end || booking.checkOut <= first) continue;
    let row = rows.get(booking.listingId);
    if (!row) {
      row = {
        listingId: booking.listingId,
        title: booking.listingTitle,
        cells: days.map(() => null),
      };
      rows.set(booking.listingId, row);
    }
    days.forEach((day, index) => {
      if (day < booking.checkIn || day >= booking.checkOut) return;
      // A confirmed booking outranks a request drawn on the same night.
      if (row.cells[index]?.state === "booked") return;
      row.cells[index] = { state, bookingId: booking.id, guestName: booking.guestName };
    });
  }
  return [...rows.values()].sort(
    (a, b) => a.title.localeCompare(b.title) || a.listingId - b.listingId,
  );
}

export const BOOKINGS_PATH = "/dashboard/bookings";

/**
 * The tab's address: the month the occupancy shows (left out for the current one) and the
 * confirm step a row opened (`?cancel=` or `?decline=`), so every step works without scripts.
 */
export function bookingsHref(options: {
  month?: string | null;
  cancel?: number;
  decline?: number;
}): string {
  const params = new URLSearchParams();
  if (options.month) params.set("month", options.month);
  if (options.cancel) params.set("cancel", String(options.cancel));
  if (options.decline) params.set("decline", String(options.decline));
  const query = params.toString();
  return query ? `${BOOKINGS_PATH}?${query}` : BOOKINGS_PATH;
}

/** The confirm step `?cancel=` or `?decline=` opened, or why it cannot open. */
export type BookingPanel =
  | {
      kind: "cancel";
      booking: BookingView;
      /** What the guest gets back if the booking is cancelled now, in US cents. */
      refundUsdCents: number;
      canceller: Canceller;
      /** The host and the administrator say why; a guest need not. */
      reasonRequired: boolean;
    }
  | { kind: "decline"; booking: BookingView }
  | { kind: "refused"; message: MessageKey; params?: Record<string, string | number> };
