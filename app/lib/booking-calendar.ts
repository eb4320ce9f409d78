import type { MessageKey } from "../i18n/translate.ts";
import { addDays, type BookingStatus } from "./booking-values.ts";
import { monthDays } from "./months.ts";
import type { Toast } from "./toast.ts";

/**
 * The lister's month view of a listing's calendar, as pure functions of what the calendar
 * service returns: which month a page shows, its weeks, and what each day is.
 */

/** Nights `[from, to)`: `to` is the first day free again, as a check-out is. */
export interface NightRange {
  from: string;
  to: string;
}

export interface CalendarBlock extends NightRange {
  id: number;
  imported: boolean;
  summary: string | null;
}

export interface CalendarBooking extends NightRange {
  id: number;
  status: BookingStatus;
  guests: number;
}

export interface CalendarDeparture {
  id: number;
  departsOn: string;
  seats: number;
  seatsLeft: number;
}

export type DayState =
  | { kind: "free" }
  | { kind: "booked"; status: BookingStatus; guests: number }
  | { kind: "closed" }
  | { kind: "imported"; summary: string | null }
  | { kind: "past" };

/** Monday of the week a day is in, 0 for Monday to 6 for Sunday. */
function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The month as weeks from Monday to Sunday; days of the other months are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const cells: (string | null)[] = [
    ...Array.from({ length: weekdayIndex(`${month}-01`) }, () => null),
    ...monthDays(month),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

function covers(range: NightRange, day: string): boolean {
  return range.from <= day && day < range.to;
}

/**
 * What the night of a day is: booked (the booking wins, past or not, so the host keeps the
 * history), gone by (before `today`, nothing to offer or close any more), closed by hand, closed
 * by import, free.
 */
export function dayState(
  day: string,
  calendar: { bookings: CalendarBooking[]; blocks: CalendarBlock[] },
  today: string,
): DayState {
  const booking = calendar.bookings.find((b) => covers(b, day));
  if (booking) return { kind: "booked", status: booking.status, guests: booking.guests };
  if (day < today) return { kind: "past" };
  const own = calendar.blocks.find((b) => !b.imported && covers(b, day));
  if (own) return { kind: "closed" };
  const imported = calendar.blocks.find((b) => b.imported && covers(b, day));
  if (imported) return { kind: "imported", summary: imported.summary };
  return { kind: "free" };
}

function sameState(a: DayState, b: DayState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The days as runs of the same state: first and last day (both included) and the state. */
export function stateRuns(
  days: string[],
  stateOf: (day: string) => DayState,
): { first: string; last: string; state: DayState }[] {
  const runs: { first: string; last: string; state: DayState }[] = [];
  for (const day of days) {
    const state = stateOf(day);
    const current = runs.at(-1);
    if (current && sameState(current.state, state)) current.last = day;
    else runs.push({ first: day, last: day, state });
  }
  return runs;
}

/** The day after a last night, as the `to` of a range; undefined for a value that is no day. */
export function dayAfter(lastNight: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(lastNight)) return undefined;
  const date = new Date(`${lastNight}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(lastNight)) return undefined;
  return addDays(lastNight, 1);
}

/** The forms of the page, told apart by their `intent` field. */
export const CALENDAR_INTENTS = [
  "settings",
  "stop",
  "close",
  "open",
  "departure",
  "remove-departure",
  "renew-link",
  "add-feed",
  "remove-feed",
] as const;
export type CalendarIntent = (typeof CALENDAR_INTENTS)[number];

/**
 * What the page's action answers when it changed nothing: the message under each field, a
 * refusal that names no field (shown above the form, so it reads without JavaScript), the values
 * as sent and the toast.
 */
export interface CalendarFormResult {
  intent: CalendarIntent;
  fieldErrors: Partial<Record<string, MessageKey>>;
  refusal: { message: MessageKey; params: Record<string, string | number> } | null;
  values: Partial<Record<string, string>>;
  toast: Toast;
}
