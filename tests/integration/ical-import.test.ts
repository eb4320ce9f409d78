import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setImmediate } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfig } from "../../app/config.server.ts";
import { calendarBlocks, icalFeeds } from "../../app/db/schema/index.ts";
import {
  addDays,
  BOOKING_HORIZON_DAYS,
  isoDay,
  MAX_IMPORTED_EVENTS,
} from "../../app/lib/booking-values.ts";
import { addFeed, listFeeds, refreshFeed } from "../../app/services/bookings/ical.server.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay } from "../support/factories/bookings.ts";
import { createServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

/**
 * Importing a calendar from a URL the lister gives (issue 24, items 13 to 15). "calendar.example"
 * is a local server treated as another platform's public host; a second local server stands for
 * what lives inside (the outbox, the payment sandbox, the database's port), and is never reached.
 */

const NOW = new Date("2027-03-01T10:00:00Z");
const day = (offset: number) => addDays(isoDay(NOW), offset);
const compact = (iso: string) => iso.replaceAll("-", "");

function calendarOf(events: number, description = ""): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Elsewhere//EN"];
  for (let i = 0; i < events; i++) {
    lines.push(
      "BEGIN:VEVENT",
      `DTSTART;VALUE=DATE:${compact(day(10 + 2 * i))}`,
      `DTEND;VALUE=DATE:${compact(day(11 + 2 * i))}`,
      `UID:${i}@elsewhere.test`,
      "SUMMARY:Reserved",
      ...(description ? [`DESCRIPTION:${description}`] : []),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

describe(`calendar import on ${testEngine}`, () => {
  let app: TestApp;
  let send: Awaited<ReturnType<typeof createServerApp>>;
  let host: MadeUser;
  let stay: number;
  let insideHits = 0;
  let insidePort = 0;
  let bytesSent = 0;
  const texts = new Map<string, string>();

  const inside = createServer((_request, response) => {
    insideHits += 1;
    response.end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
  const outside = createServer((request, response) => {
    const path = request.url ?? "";
    const text = texts.get(path);
    if (text !== undefined) {
      response.writeHead(200, { "content-type": "text/calendar" });
      response.end(text);
    } else if (path === "/to-inside") {
      response.writeHead(302, { location: `http://127.0.0.1:${insidePort}/` }).end();
    } else if (path === "/to-loopback") {
      response.writeHead(302, { location: "http://localhost/dev/outbox" }).end();
    } else if (path === "/600mb.ics") {
      // 600 MB of "calendar", sent as fast as it is read.
      response.writeHead(200, { "content-type": "text/calendar" });
      response.write("BEGIN:VCALENDAR\r\n");
      const chunk = Buffer.alloc(256 * 1024, "X");
      const more = () => {
        while (!response.destroyed && bytesSent < 600 * 1024 * 1024) {
          bytesSent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", more);
        }
        response.end();
      };
      more();
    } else {
      response.writeHead(404).end();
    }
  });

  const feedRows = () =>
    app.handle.db.select().from(icalFeeds).where(eq(icalFeeds.listingId, stay));
  const blockRows = () =>
    app.handle.db.select().from(calendarBlocks).where(eq(calendarBlocks.listingId, stay));

  beforeAll(async () => {
    await new Promise<void>((resolve) => inside.listen(0, "127.0.0.1", resolve));
    insidePort = (inside.address() as AddressInfo).port;
    await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
    const port = (outside.address() as AddressInfo).port;
    // One owner adds feed after feed here: more than the hourly calendar-feed limit allows.
    app = await startTestApp({
      PUBLIC_FETCH_TEST_HOSTS: `calendar.example=127.0.0.1:${port}`,
      RATE_LIMIT_SCALE: "100",
    });
    send = await createServerApp(app);
    host = await makeUser({ role: "agent", name: "Ama Host" });
    stay = (await makeStay({ owner: host, title: "Osu Guesthouse", settings: { maxStay: 14 } })).id;
  });
  afterAll(async () => {
    setConfig(app.config);
    await new Promise((resolve) => inside.close(resolve));
    outside.closeAllConnections();
    await new Promise((resolve) => outside.close(resolve));
    await app.close();
  });

  it("refuses every inside address with one text that tells nothing about it", async () => {
    const unreadable = {
      code: "VALIDATION_FAILED",
      message: "bookings.errors.feedUnreadable",
      fields: { url: "bookings.errors.icalUrl" },
      params: { max: 3000 },
    };
    const hostile = [
      "http://calendar.example/to-inside",
      "http://calendar.example/to-loopback",
      "http://calendar.example/missing.ics",
      "http://127.0.0.1/dev/outbox",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
      "http://localhost/",
      "http://169.254.169.254/latest/meta-data/",
    ];
    for (const url of hostile) {
      expect(await refusalOf(addFeed(host.viewer, stay, { url }, NOW)), url).toEqual(unreadable);
    }
    // Another port (an open one here, the database's, a closed one) is refused before any fetch.
    for (const port of [insidePort, 5432, 1]) {
      const url = `http://127.0.0.1:${port}/`;
      expect(await refusalOf(addFeed(host.viewer, stay, { url }, NOW)), url).toMatchObject({
        message: "bookings.errors.icalUrl",
      });
    }
    expect(insideHits).toBe(0);
    expect(await feedRows()).toEqual([]);
  });

  it("stops reading a 600 MB calendar at the limit", async () => {
    const url = "http://calendar.example/600mb.ics";
    expect(await refusalOf(addFeed(host.viewer, stay, { url }, NOW))).toMatchObject({
      message: "bookings.errors.feedUnreadable",
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bytesSent).toBeLessThan(20 * 1024 * 1024);
  });

  it("refuses a calendar with more events than the cap, saying so", async () => {
    texts.set("/hotel.ics", calendarOf(MAX_IMPORTED_EVENTS + 1));
    const url = "http://calendar.example/hotel.ics";
    expect(await refusalOf(addFeed(host.viewer, stay, { url }, NOW))).toMatchObject({
      message: "bookings.errors.feedTooManyEvents",
    });
    expect(await feedRows()).toEqual([]);
  });

  it("parses a large calendar without holding up other requests", async () => {
    // As many events as allowed, close to the size limit.
    texts.set("/large.ics", calendarOf(MAX_IMPORTED_EVENTS, "x".repeat(400)));
    const importing = addFeed(host.viewer, stay, { url: "http://calendar.example/large.ics" }, NOW);
    let done = false;
    void importing.finally(() => (done = true)).catch(() => undefined);
    // Asked again as soon as it answers, so a blocked event loop holds up one of these requests.
    const waits: number[] = [];
    while (!done) {
      const started = performance.now();
      const response = await send("/api/v1/health");
      expect(response.status).toBe(200);
      waits.push(performance.now() - started);
      await setImmediate();
    }
    const feed = await importing;
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(200);
    // Events every other day: one range each, up to the last night a stay can hold.
    const lastNight = addDays(isoDay(NOW), 2 * BOOKING_HORIZON_DAYS);
    const expected = Array.from({ length: MAX_IMPORTED_EVENTS }, (_, i) => day(10 + 2 * i)).filter(
      (start) => start <= lastNight,
    ).length;
    expect(feed.nights).toBe(expected);
    const blocks = await blockRows();
    expect(blocks).toHaveLength(expected);
    expect(blocks.every((b) => b.endsOn <= addDays(lastNight, 1))).toBe(true);
  });

  it("keeps a calendar's nights when a later read fails, and shows the same text", async () => {
    const path = "/changing.ics";
    texts.set(path, calendarOf(2));
    const feed = await addFeed(host.viewer, stay, { url: `http://calendar.example${path}` }, NOW);
    expect(feed.nights).toBe(2);
    texts.delete(path);
    expect(await refreshFeed(feed.id, NOW)).toMatchObject({
      ok: false,
      error: "bookings.errors.feedUnreadable",
    });
    const blocks = await blockRows();
    expect(blocks.filter((b) => b.feedId === feed.id)).toHaveLength(2);
    // A failure recorded in the fetch's own words before is shown as the one text too.
    await app.handle.db
      .update(icalFeeds)
      .set({ lastError: "connect ECONNREFUSED 127.0.0.1:5432" })
      .where(eq(icalFeeds.id, feed.id));
    const listed = await listFeeds(host.viewer, stay);
    expect(listed.find((f) => f.id === feed.id)?.lastError).toBe("bookings.errors.feedUnreadable");
  });
});
