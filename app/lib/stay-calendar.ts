import { addDays, dayStart } from "./booking-values.ts";

/**
 * The listing page's availability calendar as pure rules: which days can be picked, what a pick
 * does to the stay chosen, and where the keyboard moves the focus.
 */

export interface ChosenDates {
  checkIn: string;
  checkOut: string;
}

export interface CalendarDays {
  /** The first day shown and the day after the last. */
  from: string;
  to: string;
  firstBookableDay: string;
  /** Nights not free, each `[from, to)`. */
  unavailable: { from: string; to: string }[];
}

/** Whether a stay may start on this day: its night is free, after the lister's notice. */
export function isFreeNight(days: CalendarDays, day: string): boolean {
  return (
    day >= days.from &&
    day < days.to &&
    day >= days.firstBookableDay &&
    !days.unavailable.some((range) => day >= range.from && day < range.to)
  );
}

/** Whether a stay from `checkIn` can end on `day`: every night between is free. */
export function isCheckOutFor(days: CalendarDays, checkIn: string, day: string): boolean {
  if (day <= checkIn || day > days.to) return false;
  for (let night = checkIn; night < day; night = addDays(night, 1)) {
    if (!isFreeNight(days, night)) return false;
  }
  return true;
}

/** Whether a pick of this day does anything: a check-in day, or the check-out of the one chosen. */
export function isPickable(
  days: CalendarDays,
  chosen: ChosenDates,
  unit: "night" | "month",
  day: string,
): boolean {
  if (isFreeNight(days, day)) return true;
  return unit === "night" && waitingForCheckOut(chosen) && isCheckOutFor(days, chosen.checkIn, day);
}

function waitingForCheckOut(chosen: ChosenDates): boolean {
  return chosen.checkIn !== "" && chosen.checkOut === "";
}

/**
 * The stay after a pick: the first pick is the check-in, the next later day the check-out (when
 * the nights between are free); a pick after both starts again. A room let by the month has only
 * its move-in day. A day that cannot be picked changes nothing.
 */
export function pickDay(
  days: CalendarDays,
  chosen: ChosenDates,
  unit: "night" | "month",
  day: string,
): ChosenDates {
  if (unit === "night" && waitingForCheckOut(chosen) && isCheckOutFor(days, chosen.checkIn, day)) {
    return { checkIn: chosen.checkIn, checkOut: day };
  }
  if (!isFreeNight(days, day)) return chosen;
  return { checkIn: day, checkOut: "" };
}

/** Monday 0 … Sunday 6. */
function weekday(day: string): number {
  return (dayStart(day).getUTCDay() + 6) % 7;
}

/**
 * The day the focus moves to on a key of the grid (the ARIA date grid's keys): arrows by a day
 * or a week, Home and End to the week's first and last day; it stays within the days shown.
 * Null for any other key.
 */
export function dayAfterKey(day: string, key: string, shown: { from: string; to: string }) {
  let next: string;
  switch (key) {
    case "ArrowLeft":
      next = addDays(day, -1);
      break;
    case "ArrowRight":
      next = addDays(day, 1);
      break;
    case "ArrowUp":
      next = addDays(day, -7);
      break;
    case "ArrowDown":
      next = addDays(day, 7);
      break;
    case "Home":
      next = addDays(day, -weekday(day));
      break;
    case "End":
      next = addDays(day, 6 - weekday(day));
      break;
    default:
      return null;
  }
  const last = addDays(shown.to, -1);
  if (next < shown.from) return shown.from;
  if (next > last) return last;
  return next;
}
