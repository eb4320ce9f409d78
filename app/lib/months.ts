import { addDays, addMonths } from "./booking-values.ts";

/**
 * Calendar months as "YYYY-MM": the month a page's `?month=` names, the months around it and its
 * days. The host's calendar and the Bookings tab's occupancy table page through months with
 * these.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2200;

/** The month `?month=` names ("2027-03", years 2000 to 2200), or null when it names none. */
export function requestedMonth(value: string | null | undefined): string | null {
  const match = value ? MONTH.exec(value) : null;
  if (!match) return null;
  const year = Number(match[1]);
  return year >= FIRST_YEAR && year <= LAST_YEAR ? match[0] : null;
}

/** The month `?month=` names, or the month of `today` ("YYYY-MM-DD") when it names none. */
export function monthOf(value: string | null | undefined, today: string): string {
  return requestedMonth(value) ?? today.slice(0, 7);
}

/** The month `by` months before (negative) or after ("2027-01" − 1 → "2026-12"). */
export function shiftMonth(month: string, by: number): string {
  return addMonths(`${month}-01`, by).slice(0, 7);
}

/** Every day of the month, "YYYY-MM-DD", in order. */
export function monthDays(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}
