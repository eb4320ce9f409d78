import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import ICAL from "ical.js";
import { getDb } from "../../db/client.server.ts";
import {
  bookings,
  bookingSettings,
  calendarBlocks,
  icalFeeds,
  listings,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { addDays, HOLDING_STATUSES, isoDay } from "../../lib/booking-values.ts";
import { icalFeedInputSchema } from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireListingId, type Actor } from "../listings/listing-actor.server.ts";
import { requireManagedListing } from "./booking-settings.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * Calendars in iCalendar (RFC 5545) through ical.js: the feed of a listing's taken nights that
 * other platforms import, a booking's calendar entry for the e-mails, and the import of another
 * platform's feed into closed nights.
 */

const PRODUCT_ID = "-//Gateway Africa//Bookings//EN";

function calendar(): ICAL.Component {
  const vcalendar = new ICAL.Component(["vcalendar", [], []]);
  vcalendar.updatePropertyWithValue("prodid", PRODUCT_ID);
  vcalendar.updatePropertyWithValue("version", "2.0");
  vcalendar.updatePropertyWithValue("calscale", "GREGORIAN");
  return vcalendar;
}

interface CalendarEntry {
  uid: string;
  summary: string;
  /** First day, and the day after the last (all-day events end exclusively, as check-out does). */
  start: string;
  end: string;
  description?: string;
  location?: string;
  url?: string;
}

function addEntry(vcalendar: ICAL.Component, entry: CalendarEntry, stamp: Date) {
  const vevent = new ICAL.Component("vevent");
  const event = new ICAL.Event(vevent);
  event.uid = entry.uid;
  event.summary = entry.summary;
  event.startDate = ICAL.Time.fromDateString(entry.start);
  event.endDate = ICAL.Time.fromDateString(entry.end);
  if (entry.description) event.description = entry.description;
  if (entry.location) event.location = entry.location;
  if (entry.url) vevent.addPropertyWithValue("url", entry.url);
  vevent.addPropertyWithValue("dtstamp", ICAL.Time.fromJSDate(stamp, true));
  vcalendar.addSubcomponent(vevent);
}

/** One booking as a calendar file, attached to the e-mails of a confirmed booking. */
export function bookingIcs(entry: CalendarEntry, stamp = new Date()): string {
  const vcalendar = calendar();
  vcalendar.updatePropertyWithValue("method", "PUBLISH");
  addEntry(vcalendar, entry, stamp);
  return vcalendar.toString();
}

/**
 * The feed of a listing whose secret token this is, or null: every night held by a booking and
 * every night its lister closed by hand (not those imported, so two platforms never echo each
 * other's blocks back), from a month ago on. Guests' names stay out of it.
 */
export async function listingFeed(token: string, now = new Date()): Promise<string | null> {
  const db = await getDb();
  const [found] = await db
    .select({ listingId: bookingSettings.listingId, title: listings.title })
    .from(bookingSettings)
    .innerJoin(listings, eq(listings.id, bookingSettings.listingId))
    .where(eq(bookingSettings.icalToken, token));
  if (!found) return null;
  const since = addDays(isoDay(now), -31);
  const [held, closed] = await Promise.all([
    db
      .select({ id: bookings.id, checkIn: bookings.checkIn, checkOut: bookings.checkOut })
      .from(bookings)
      .where(
        and(
          eq(bookings.listingId, found.listingId),
          inArray(bookings.status, [...HOLDING_STATUSES]),
          or(eq(bookings.unit, "night"), eq(bookings.unit, "month")),
        ),
      ),
    db
      .select({
        id: calendarBlocks.id,
        startsOn: calendarBlocks.startsOn,
        endsOn: calendarBlocks.endsOn,
      })
      .from(calendarBlocks)
      .where(and(eq(calendarBlocks.listingId, found.listingId), isNull(calendarBlocks.feedId))),
  ]);
  const vcalendar = calendar();
  vcalendar.updatePropertyWithValue("x-wr-calname", found.title);
  for (const b of held.filter((b) => b.checkOut >= since)) {
    addEntry(
      vcalendar,
      {
        uid: `booking-${b.id}@gateway-africa`,
        summary: "Booked",
        start: b.checkIn,
        end: b.checkOut,
      },
      now,
    );
  }
  for (const c of closed.filter((c) => c.endsOn >= since)) {
    addEntry(
      vcalendar,
      {
        uid: `closed-${c.id}@gateway-africa`,
        summary: "Not available",
        start: c.startsOn,
        end: c.endsOn,
      },
      now,
    );
  }
  return vcalendar.toString();
}

/** The all-day ranges of a calendar's events: `[start, end)` as ISO days. */
export function parseCalendarRanges(
  text: string,
): { start: string; end: string; summary: string | null }[] {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  const ranges: { start: string; end: string; summary: string | null }[] = [];
  for (const vevent of vcalendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(vevent);
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

function dayOf(time: ICAL.Time): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

const FETCH_TIMEOUT_MS = 15_000;
const MAX_FEED_BYTES = 2_000_000;
/** How often an imported calendar is read again. */
export const FEED_REFRESH_MS = 3 * 3_600_000;

async function fetchCalendar(url: string): Promise<string> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: "text/calendar" },
    redirect: "follow",
  });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_FEED_BYTES) throw new Error("the calendar is too large");
  if (!text.includes("BEGIN:VCALENDAR")) throw new Error("it is not an iCalendar file");
  return text;
}

/**
 * Reads one imported calendar and replaces its closed nights with what it says now (past nights
 * dropped). A calendar that cannot be read keeps its previous nights and records why.
 */
export async function refreshFeed(
  feedId: number,
  now = new Date(),
): Promise<{ ok: boolean; nights: number; error: string | null }> {
  const db = await getDb();
  const [feed] = await db.select().from(icalFeeds).where(eq(icalFeeds.id, feedId));
  if (!feed) return { ok: false, nights: 0, error: "gone" };
  let ranges: ReturnType<typeof parseCalendarRanges>;
  try {
    ranges = parseCalendarRanges(await fetchCalendar(feed.url));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(icalFeeds)
      .set({ lastError: reason.slice(0, 300), lastSyncedAt: now })
      .where(eq(icalFeeds.id, feedId));
    return { ok: false, nights: 0, error: reason };
  }
  const today = isoDay(now);
  const upcoming = ranges.filter((r) => r.end > today).slice(0, 2000);
  await db.transaction(async (tx) => {
    await tx.delete(calendarBlocks).where(eq(calendarBlocks.feedId, feedId));
    if (upcoming.length > 0) {
      await tx.insert(calendarBlocks).values(
        upcoming.map((r) => ({
          listingId: feed.listingId,
          feedId,
          startsOn: r.start < today ? today : r.start,
          endsOn: r.end,
          summary: r.summary?.slice(0, 200) ?? null,
        })),
      );
    }
    await tx
      .update(icalFeeds)
      .set({ lastError: null, lastSyncedAt: now })
      .where(eq(icalFeeds.id, feedId));
  });
  return { ok: true, nights: upcoming.length, error: null };
}

/** Adds a calendar to import and reads it at once; one that cannot be read is refused. */
export async function addFeed(
  actor: Actor | null,
  rawListingId: unknown,
  input: unknown,
  now = new Date(),
) {
  await requireUnderWriteLimit("calendarFeed", actor);
  const found = await requireManagedListing(actor, rawListingId);
  if (found.unit === "departure") throw new AppError("CONFLICT", "bookings.errors.notBookable");
  const { url } = parsedOrRefused(icalFeedInputSchema.safeParse(input), "bookings.errors.icalUrl");
  const db = await getDb();
  const [feed] = await db
    .insert(icalFeeds)
    .values({ listingId: found.listingId, url })
    .onConflictDoNothing()
    .returning({ id: icalFeeds.id });
  if (!feed) throw new AppError("CONFLICT", "bookings.errors.feedExists");
  const result = await refreshFeed(feed.id, now);
  if (!result.ok) {
    await db.delete(icalFeeds).where(eq(icalFeeds.id, feed.id));
    throw new AppError(
      "VALIDATION_FAILED",
      "bookings.errors.feedUnreadable",
      { url: "bookings.errors.icalUrl" },
      { reason: result.error ?? "" },
    );
  }
  return { id: feed.id, url, nights: result.nights };
}

export async function removeFeed(actor: Actor | null, rawListingId: unknown, rawFeedId: unknown) {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireManagedListing(actor, rawListingId);
  const feedId = requireListingId(rawFeedId);
  const db = await getDb();
  await db
    .delete(icalFeeds)
    .where(and(eq(icalFeeds.id, feedId), eq(icalFeeds.listingId, found.listingId)));
}

export async function listFeeds(actor: Actor | null, rawListingId: unknown) {
  const found = await requireManagedListing(actor, rawListingId);
  const db = await getDb();
  const rows = await db.select().from(icalFeeds).where(eq(icalFeeds.listingId, found.listingId));
  return rows.map((f) => ({
    id: f.id,
    url: f.url,
    lastSyncedAt: f.lastSyncedAt?.toISOString() ?? null,
    lastError: f.lastError,
  }));
}

/** Every imported calendar not read for FEED_REFRESH_MS, read again (the scheduled job). */
export async function refreshDueFeeds(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: icalFeeds.id })
    .from(icalFeeds)
    .where(
      or(
        isNull(icalFeeds.lastSyncedAt),
        lt(icalFeeds.lastSyncedAt, new Date(now.getTime() - FEED_REFRESH_MS)),
      ),
    );
  for (const feed of due) await refreshFeed(feed.id, now);
  return due.length;
}
