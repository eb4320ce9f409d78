import ICAL from "ical.js";
import { addDays } from "../../lib/booking-values.ts";

/**
 * Reading an imported calendar's events as all-day ranges. Pure, so it runs in the parsing
 * worker (ical-parse.worker.ts, under plain Node: relative imports with their extensions only).
 */

export interface CalendarRange {
  /** First day, and the day after the last, as ISO days (check-out is exclusive too). */
  start: string;
  end: string;
  summary: string | null;
}

export type ParsedCalendar =
  | { ok: true; ranges: CalendarRange[] }
  | { ok: false; reason: "not-a-calendar" | "too-many-events" };

function dayOf(time: ICAL.Time): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/** The all-day ranges of a calendar's events: `[start, end)` as ISO days. */
export function parseCalendarRanges(text: string): CalendarRange[] {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  const ranges: CalendarRange[] = [];
  for (const vevent of vcalendar.getAllSubcomponents("vevent")) {
    // Given no exceptions, ical.js does not look through every other event for this one's
    // (which made a calendar of n events cost n² steps); only the dates are read here.
    const event = new ICAL.Event(vevent, { exceptions: [] });
    if (!event.startDate) continue;
    const start = dayOf(event.startDate);
    let end = event.endDate ? dayOf(event.endDate) : addDays(start, 1);
    // A timed event ending during a day still takes that night's day off the calendar.
    if (event.endDate && !event.endDate.isDate && (event.endDate.hour || event.endDate.minute)) {
      end = addDays(end, 1);
    }
    if (end <= start) end = addDays(start, 1);
    ranges.push({ start, end, summary: event.summary ?? null });
  }
  return ranges;
}

/**
 * A fetched calendar's ranges, or why it is refused: not iCalendar, or more than `maxEvents`
 * events (counted on the text, before the parser spends any time on them).
 */
export function readCalendar(text: string, maxEvents: number): ParsedCalendar {
  if (!/^BEGIN:VCALENDAR\r?$/im.test(text)) return { ok: false, reason: "not-a-calendar" };
  const events = text.match(/^BEGIN:VEVENT\r?$/gim)?.length ?? 0;
  if (events > maxEvents) return { ok: false, reason: "too-many-events" };
  try {
    return { ok: true, ranges: parseCalendarRanges(text) };
  } catch {
    return { ok: false, reason: "not-a-calendar" };
  }
}

/**
 * What a calendar closes from `from` up to `until` (exclusive): its ranges cut to that window,
 * overlapping or touching ones joined (keeping the first one's summary). Nights past `until` can
 * never be booked, so however many events a calendar has, this is at most one range per two days.
 */
export function closedRanges(
  ranges: CalendarRange[],
  from: string,
  until: string,
): CalendarRange[] {
  const cut = ranges
    .map((r) => ({
      ...r,
      start: r.start < from ? from : r.start,
      end: r.end > until ? until : r.end,
    }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const joined: CalendarRange[] = [];
  for (const range of cut) {
    const last = joined.at(-1);
    if (last && range.start <= last.end) {
      if (range.end > last.end) last.end = range.end;
    } else {
      joined.push({ ...range });
    }
  }
  return joined;
}
