import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { Worker } from "node:worker_threads";
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
import { logger } from "../../lib/logger.server.ts";
import {
  addDays,
  BOOKING_HORIZON_DAYS,
  type FeedFailure,
  HOLDING_STATUSES,
  isoDay,
  MAX_IMPORTED_EVENTS,
} from "../../lib/booking-values.ts";
import { icalFeedInputSchema } from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { fetchPublicText, PublicFetchError } from "../core/public-fetch.server.ts";
import { requireManagedListing } from "./booking-settings.server.ts";
import { closedRanges, type CalendarRange, type ParsedCalendar } from "./ical-parse.ts";
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

const FETCH_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_FEED_BYTES = 2_000_000;
/** Parsing runs in a worker this long at most, with this much memory. */
const PARSE_LIMITS = { timeoutMs: 5_000, memoryMb: 96 };
/** How often an imported calendar is read again. */
export const FEED_REFRESH_MS = 3 * 3_600_000;

/**
 * The worker's file, from the project's root like the migrations folder: the server's build is
 * one bundle, and the worker runs this source file under Node's type stripping.
 */
const PARSE_WORKER = path.resolve("app/services/bookings/ical-parse.worker.ts");

/**
 * Parses in a worker thread, so a large calendar never holds up other requests; it is stopped
 * at its time limit or when it outgrows its memory, and the calendar is refused.
 */
export function parseInWorker(text: string, limits = PARSE_LIMITS): Promise<ParsedCalendar> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSE_WORKER, {
      workerData: { text, maxEvents: MAX_IMPORTED_EVENTS },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error("parsing took too long"));
    }, limits.timeoutMs);
    worker.once("message", (parsed: ParsedCalendar) => {
      clearTimeout(timer);
      resolve(parsed);
      void worker.terminate();
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the parsing worker stopped (${code})`));
    });
  });
}

/**
 * Fetches and parses a calendar. Whatever went wrong while fetching, the lister gets the same
 * text, so the answer never tells what is behind an address; the reason goes to the log.
 */
async function readFeed(
  feedId: number,
  url: string,
): Promise<{ ok: true; ranges: CalendarRange[] } | { ok: false; error: FeedFailure }> {
  let parsed: ParsedCalendar;
  try {
    const text = await fetchPublicText(url, {
      maxBytes: MAX_FEED_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      accept: "text/calendar",
    });
    parsed = await parseInWorker(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // A refused or unreachable address is the lister's to fix; a parse stopped at its limits
    // (or a worker that could not start) is worth a look.
    if (error instanceof PublicFetchError) {
      logger.info({ feedId, reason: error.reason, detail }, "calendar import failed");
    } else {
      logger.warn({ feedId, reason: "parse", detail }, "calendar import failed");
    }
    return { ok: false, error: "bookings.errors.feedUnreadable" };
  }
  if (parsed.ok) return parsed;
  logger.info({ feedId, reason: parsed.reason }, "calendar import refused");
  return {
    ok: false,
    error:
      parsed.reason === "too-many-events"
        ? "bookings.errors.feedTooManyEvents"
        : "bookings.errors.feedUnreadable",
  };
}

/** Rows written per statement: each one short, so requests waiting on the database go between. */
const WRITE_BATCH = 50;

/**
 * The embedded database answers within promise callbacks, so back-to-back statements would
 * never let timers and sockets run; this lets them.
 */
const yieldToOtherRequests = () => setImmediate();

/**
 * Makes a feed's closed ranges these: only what changed is written, new ranges before old ones
 * go, in short statements rather than one long transaction (the embedded database answers
 * nothing else during a transaction). Meanwhile a night is closed by the old or the new
 * calendar, as it was between two reads of it anyway.
 */
async function replaceBlocks(listingId: number, feedId: number, ranges: CalendarRange[]) {
  const db = await getDb();
  const keyOf = (r: { startsOn: string; endsOn: string; summary: string | null }) =>
    `${r.startsOn}/${r.endsOn}/${r.summary ?? ""}`;
  const wanted = ranges.map((r) => ({
    listingId,
    feedId,
    startsOn: r.start,
    endsOn: r.end,
    summary: r.summary?.slice(0, 200) ?? null,
  }));
  const existing = await db
    .select({
      id: calendarBlocks.id,
      startsOn: calendarBlocks.startsOn,
      endsOn: calendarBlocks.endsOn,
      summary: calendarBlocks.summary,
    })
    .from(calendarBlocks)
    .where(eq(calendarBlocks.feedId, feedId));
  const kept = new Map<string, number>();
  for (const row of existing) if (!kept.has(keyOf(row))) kept.set(keyOf(row), row.id);
  const keptIds = new Set(kept.values());
  const wantedKeys = new Set(wanted.map(keyOf));
  const added = wanted.filter((row) => !kept.has(keyOf(row)));
  const gone = existing
    .filter((row) => !keptIds.has(row.id) || !wantedKeys.has(keyOf(row)))
    .map((row) => row.id);
  for (let i = 0; i < added.length; i += WRITE_BATCH) {
    await db.insert(calendarBlocks).values(added.slice(i, i + WRITE_BATCH));
    await yieldToOtherRequests();
  }
  for (let i = 0; i < gone.length; i += WRITE_BATCH * 5) {
    await db
      .delete(calendarBlocks)
      .where(inArray(calendarBlocks.id, gone.slice(i, i + WRITE_BATCH * 5)));
  }
}

/**
 * Reads one imported calendar and replaces its closed nights with what it says now (past nights
 * and those too far ahead to book dropped). A calendar that cannot be read keeps its previous
 * nights and records why.
 */
export async function refreshFeed(
  feedId: number,
  now = new Date(),
): Promise<{ ok: boolean; nights: number; error: FeedFailure | null }> {
  const db = await getDb();
  const [feed] = await db.select().from(icalFeeds).where(eq(icalFeeds.id, feedId));
  if (!feed) return { ok: false, nights: 0, error: null };
  const read = await readFeed(feedId, feed.url);
  if (!read.ok) {
    await db
      .update(icalFeeds)
      .set({ lastError: read.error, lastSyncedAt: now })
      .where(eq(icalFeeds.id, feedId));
    return { ok: false, nights: 0, error: read.error };
  }
  const today = isoDay(now);
  // The latest night a stay can hold: check-in within the horizon, then the longest stay.
  const upcoming = closedRanges(read.ranges, today, addDays(today, 2 * BOOKING_HORIZON_DAYS + 1));
  await replaceBlocks(feed.listingId, feedId, upcoming);
  await db
    .update(icalFeeds)
    .set({ lastError: null, lastSyncedAt: now })
    .where(eq(icalFeeds.id, feedId));
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
      result.error ?? "bookings.errors.feedUnreadable",
      { url: "bookings.errors.icalUrl" },
      { max: MAX_IMPORTED_EVENTS },
    );
  }
  return { id: feed.id, url, nights: result.nights };
}

export async function removeFeed(actor: Actor | null, rawListingId: unknown, rawFeedId: unknown) {
  await requireUnderWriteLimit("listingEdit", actor);
  const found = await requireManagedListing(actor, rawListingId);
  const feedId = requireId(rawFeedId, "feed");
  const db = await getDb();
  await db
    .delete(icalFeeds)
    .where(and(eq(icalFeeds.id, feedId), eq(icalFeeds.listingId, found.listingId)));
}

/** A failure as recorded (older rows hold the fetch's own words, never shown to the lister). */
function feedFailureOf(recorded: string | null): FeedFailure | null {
  if (recorded === null) return null;
  return recorded === "bookings.errors.feedTooManyEvents"
    ? recorded
    : "bookings.errors.feedUnreadable";
}

export async function listFeeds(actor: Actor | null, rawListingId: unknown) {
  const found = await requireManagedListing(actor, rawListingId);
  const db = await getDb();
  const rows = await db.select().from(icalFeeds).where(eq(icalFeeds.listingId, found.listingId));
  return rows.map((f) => ({
    id: f.id,
    url: f.url,
    lastSyncedAt: f.lastSyncedAt?.toISOString() ?? null,
    lastError: feedFailureOf(f.lastError),
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
