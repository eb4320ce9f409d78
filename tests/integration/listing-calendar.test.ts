import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookingSettings,
  calendarBlocks,
  icalFeeds,
  tourDepartures,
} from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { shiftMonth } from "../../app/lib/months.ts";
import { isoDay } from "../../app/lib/booking-values.ts";
import { formatDay } from "../../app/lib/format-day.ts";
import { unitWords } from "../../app/lib/unit-words.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking } from "../support/factories/bookings.ts";
import { location, toastOf } from "../support/flash.ts";
import { markupOf, textOf } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/** The settings form as a browser sends it. */
const SETTINGS = {
  intent: "settings",
  mode: "instant",
  cancellationPolicy: "strict",
  minStay: "2",
  maxStay: "14",
  noticeDays: "1",
  preparationDays: "1",
  maxGuests: "4",
  cleaningFeeUsd: "25.50",
};

/** A month two months from now: every night of it is in the future. */
const MONTH = shiftMonth(isoDay(new Date()).slice(0, 7), 2);
const day = (n: number) => `${MONTH}-${String(n).padStart(2, "0")}`;

function pagePath(listingId: number, month?: string): string {
  return `/dashboard/my-listings/${listingId}/calendar${month ? `?month=${month}` : ""}`;
}

/** The state each day of the rendered month table shows (`data-state` of its cell). */
function dayStates(html: string): Record<string, string> {
  const states: Record<string, string> = {};
  for (const match of html.matchAll(/data-day="([\d-]+)" data-state="([a-z]+)"/g)) {
    states[match[1]!] = match[2]!;
  }
  return states;
}

describe(`the listing's bookings & calendar page on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let owner: MadeUser;
  let otherAgent: MadeUser;
  let plainUser: MadeUser;
  let admin: MadeUser;
  let stay: number;
  let tour: number;
  let weekly: number;
  let rent: number;
  let feedServer: Server;
  const feedBase = "http://calendar.example";

  beforeAll(async () => {
    const calendarText = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//EN",
      "BEGIN:VEVENT",
      `DTSTART;VALUE=DATE:${day(20).replaceAll("-", "")}`,
      `DTEND;VALUE=DATE:${day(23).replaceAll("-", "")}`,
      "UID:abc@elsewhere.test",
      "SUMMARY:Reserved",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    feedServer = createServer((request, response) => {
      if (request.url === "/elsewhere.ics") {
        response.writeHead(200, { "content-type": "text/calendar" });
        response.end(calendarText);
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
    // The local server stands for another platform's public host (decision 013).
    const feedPort = (feedServer.address() as AddressInfo).port;
    app = await startTestApp({ PUBLIC_FETCH_TEST_HOSTS: `calendar.example=127.0.0.1:${feedPort}` });
    send = await createServerApp(app);
    owner = await makeUser({ role: "agent", name: "Ama Host" });
    otherAgent = await makeUser({ role: "agent", name: "Kwame Other" });
    plainUser = await makeUser({ role: "user", name: "Kofi Guest" });
    admin = await makeUser({ role: "admin" });
    const hotel = {
      owner,
      category: "hospitality" as const,
      listingType: "booking" as const,
      propertyType: "guesthouse" as const,
      priceUsdCents: 10_000,
      priceType: "per_night" as const,
    };
    stay = (await makeListing({ ...hotel, title: "Osu Guesthouse" })).id;
    weekly = (await makeListing({ ...hotel, title: "Weekly Lodge", priceType: "per_week" })).id;
    tour = (
      await makeListing({
        owner,
        category: "travel-agencies",
        listingType: "booking",
        propertyType: null,
        title: "Serengeti Safari",
        priceUsdCents: 50_000,
        priceType: "per_person",
      })
    ).id;
    rent = (await makeListing({ owner, title: "Airport Residential flat" })).id;
  });
  afterAll(async () => {
    await new Promise((resolve) => feedServer?.close(resolve));
    await app.close();
  });

  async function html(path: string, who: MadeUser = owner): Promise<string> {
    const response = await send(path, { jar: who.jar });
    expect(response.status, path).toBe(200);
    return markupOf(await textOf(response));
  }

  function post(
    listingId: number,
    form: Record<string, string>,
    who: MadeUser = owner,
    month?: string,
  ) {
    return send(pagePath(listingId, month), { method: "POST", form, jar: who.jar });
  }

  async function settingsOf(listingId: number) {
    const [row] = await app.handle.db
      .select()
      .from(bookingSettings)
      .where(eq(bookingSettings.listingId, listingId));
    return row ?? null;
  }

  async function blocksOf(listingId: number) {
    return app.handle.db
      .select({ from: calendarBlocks.startsOn, to: calendarBlocks.endsOn })
      .from(calendarBlocks)
      .where(eq(calendarBlocks.listingId, listingId))
      .orderBy(calendarBlocks.startsOn);
  }

  /** Runs a call that must be refused, and checks it wrote nothing. */
  async function changesNothing(call: () => Promise<Response>): Promise<Response> {
    const before = await databaseSnapshot(app.handle.db);
    const response = await call();
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    return response;
  }

  it("starts with no settings, then the owner saves them and the listing takes bookings", async () => {
    const before = await html(pagePath(stay));
    expect(before).toContain(t("bookingManage.title"));
    expect(before).toContain("Osu Guesthouse");
    expect(before).toContain(t("bookingManage.state.off"));
    expect(before).toContain(t("bookingManage.settings.start"));
    expect(before).toContain(t("bookings.policyRules.strict", unitWords(t, "night")));
    expect(before).toContain(t("bookingManage.settings.minStay.night"));
    expect(before).toContain(t("bookingManage.ical.exportOff"));
    expect(before).not.toContain(t("bookingManage.settings.stop"));

    const response = await post(stay, SETTINGS);
    expect(response.status).toBe(302);
    expect(location(response)).toBe(pagePath(stay, isoDay(new Date()).slice(0, 7)));
    expect(toastOf(response)).toMatchObject({
      title: "bookingManage.toasts.settingsSaved",
      description: "bookingManage.toasts.settingsSavedDescription.instant",
      params: { title: "Osu Guesthouse" },
    });
    expect(await settingsOf(stay)).toMatchObject({
      mode: "instant",
      cancellationPolicy: "strict",
      minStay: 2,
      maxStay: 14,
      noticeDays: 1,
      preparationDays: 1,
      maxGuests: 4,
      cleaningFeeUsdCents: 2550,
    });

    const after = await html(pagePath(stay));
    expect(after).toContain(t("bookingManage.state.instant"));
    expect(after).toContain(t("bookingManage.settings.save"));
    expect(after).toContain('value="25.5"');
    expect(after).toContain(t("bookingManage.settings.stop"));
    // The export address is absolute, and the feed answers there.
    const token = (await settingsOf(stay))!.icalToken;
    const exportUrl = `${app.config.appUrl}/calendar/${token}.ics`;
    expect(after).toContain(`value="${exportUrl}"`);
    expect(after).toMatch(/readOnly=""|readonly=""/);
    const feed = await send(`/calendar/${token}.ics`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    // A new link revokes the old one.
    const renewed = await post(stay, { intent: "renew-link" });
    expect(toastOf(renewed)).toMatchObject({ title: "bookingManage.toasts.linkRenewed" });
    expect((await settingsOf(stay))!.icalToken).not.toBe(token);
    expect((await send(`/calendar/${token}.ics`)).status).toBe(404);
  });

  it("refuses bad settings with a message under each field and saves nothing", async () => {
    const response = await changesNothing(() =>
      post(stay, {
        ...SETTINGS,
        mode: "sometimes",
        minStay: "0",
        maxStay: "abc",
        noticeDays: "-1",
        preparationDays: "31",
        maxGuests: "51",
        cleaningFeeUsd: "lots",
      }),
    );
    expect(response.status).toBe(400);
    const page = markupOf(await textOf(response));
    for (const key of [
      "bookings.errors.mode",
      "bookings.errors.minStay",
      "bookings.errors.maxStay",
      "bookings.errors.notice",
      "bookings.errors.preparation",
      "bookings.errors.maxGuests",
      "bookings.errors.cleaningFee",
    ] as const) {
      expect(page, key).toContain(t(key));
    }
    // The form shows what was sent, marked invalid.
    expect(page).toContain('value="lots"');
    expect(page).toMatch(/aria-invalid="true"[^>]*name="minStay"|name="minStay"[^>]*aria-invalid/);

    // A maximum shorter than the minimum.
    const shorter = await changesNothing(() => post(stay, { ...SETTINGS, maxStay: "1" }));
    expect(shorter.status).toBe(400);
    expect(markupOf(await textOf(shorter))).toContain(t("bookings.errors.maxStay"));
  });

  it("refuses a hotel priced per week with the service's reason, and saves nothing", async () => {
    const page = await html(pagePath(weekly));
    expect(page).toContain(
      t("bookingManage.priceDoesNotFit", { unit: "night", priceType: "per night" }),
    );
    const response = await changesNothing(() => post(weekly, SETTINGS));
    expect(response.status).toBe(409);
    const refused = markupOf(await textOf(response));
    expect(refused).toContain(t("bookings.errors.priceTypeForUnit", { priceType: "per night" }));
    expect(refused).toMatch(/role="alert"/);
    expect(await settingsOf(weekly)).toBeNull();
  });

  it("closes nights, shows them in the month, and opens some again", async () => {
    const closed = await post(stay, { intent: "close", from: day(10), last: day(12) });
    expect(closed.status).toBe(302);
    expect(location(closed)).toBe(pagePath(stay, MONTH));
    expect(toastOf(closed)).toMatchObject({ title: "bookingManage.toasts.closed" });
    // The page's first and last nights are the service's [from, to).
    expect(await blocksOf(stay)).toEqual([{ from: day(10), to: day(13) }]);

    const page = await html(pagePath(stay, MONTH));
    const states = dayStates(page);
    expect(states[day(9)]).toBe("free");
    expect([states[day(10)], states[day(11)], states[day(12)]]).toEqual([
      "closed",
      "closed",
      "closed",
    ]);
    expect(states[day(13)]).toBe("free");
    expect(page).toMatch(/<table[^>]*>.*<caption[^>]*>[A-Z][a-z]+ \d{4}<\/caption>/s);
    expect(page).toContain('scope="col"');
    expect(page).toContain(t("bookingManage.calendar.openRange"));

    // Opening the middle night splits the closed range in two.
    const opened = await post(stay, { intent: "open", from: day(11), last: day(11) }, owner, MONTH);
    expect(toastOf(opened)).toMatchObject({ title: "bookingManage.toasts.opened" });
    expect(await blocksOf(stay)).toEqual([
      { from: day(10), to: day(11) },
      { from: day(12), to: day(13) },
    ]);
    await post(stay, { intent: "open", from: day(10), last: day(12) });
    expect(await blocksOf(stay)).toEqual([]);
  });

  it("refuses a last night before the first, or no date, and closes nothing", async () => {
    const backwards = await changesNothing(() =>
      post(stay, { intent: "close", from: day(12), last: day(10) }),
    );
    expect(backwards.status).toBe(400);
    expect(markupOf(await textOf(backwards))).toContain(t("bookingManage.errors.lastNight"));

    const noDate = await changesNothing(() =>
      post(stay, { intent: "close", from: "soon", last: "2027-02-31" }),
    );
    expect(noDate.status).toBe(400);
    const page = markupOf(await textOf(noDate));
    expect(page).toContain(t("bookings.errors.date"));
    expect(page).toContain(t("bookingManage.errors.lastNight"));
  });

  it("shows a booking's nights as booked, and will not close them", async () => {
    await makeBooking({
      listing: { id: stay },
      guest: plainUser,
      checkIn: day(5),
      nights: 3,
      guests: 2,
    });
    const states = dayStates(await html(pagePath(stay, MONTH)));
    expect([states[day(5)], states[day(6)], states[day(7)], states[day(8)]]).toEqual([
      "booked",
      "booked",
      "booked",
      "free",
    ]);
    const page = await html(pagePath(stay, MONTH));
    expect(page).toContain(
      t("bookingManage.calendar.booked", { status: t("bookings.statuses.confirmed") }),
    );

    const response = await changesNothing(() =>
      post(stay, { intent: "close", from: day(6), last: day(6) }),
    );
    expect(response.status).toBe(409);
    expect(markupOf(await textOf(response))).toContain(
      t("bookings.errors.bookingsOnDates", { from: formatDay(day(6)), to: formatDay(day(7)) }),
    );
  });

  it("imports a calendar that can be read, refuses one that cannot, and removes it", async () => {
    const unreadable = await changesNothing(() =>
      post(stay, { intent: "add-feed", url: `${feedBase}/missing.ics` }),
    );
    expect(unreadable.status).toBe(400);
    const refused = markupOf(await textOf(unreadable));
    expect(refused).toContain(t("bookings.errors.feedUnreadable"));
    expect(refused).toContain(`value="${feedBase}/missing.ics"`);

    const added = await post(stay, { intent: "add-feed", url: `${feedBase}/elsewhere.ics` });
    expect(added.status).toBe(302);
    expect(toastOf(added)).toMatchObject({
      title: "bookingManage.toasts.feedAdded",
      params: { count: 1 },
    });
    const page = await html(pagePath(stay, MONTH));
    expect(page).toContain(`${feedBase}/elsewhere.ics`);
    expect(page).toContain("Last read ");
    const states = dayStates(page);
    expect([states[day(20)], states[day(22)], states[day(23)]]).toEqual([
      "imported",
      "imported",
      "free",
    ]);

    const [feed] = await app.handle.db
      .select()
      .from(icalFeeds)
      .where(eq(icalFeeds.listingId, stay));
    const removed = await post(stay, { intent: "remove-feed", feedId: String(feed!.id) });
    expect(toastOf(removed)).toMatchObject({ title: "bookingManage.toasts.feedRemoved" });
    expect(
      await app.handle.db.select().from(icalFeeds).where(eq(icalFeeds.listingId, stay)),
    ).toEqual([]);
    expect(await blocksOf(stay)).toEqual([]);
  });

  it("adds, changes and removes a tour's departures; stay fields are not asked", async () => {
    const start = await html(pagePath(tour, MONTH));
    expect(start).toContain(t("bookingManage.units.departure"));
    expect(start).toContain(t("bookingManage.departures.none"));
    expect(start).not.toContain(t("bookingManage.settings.minStay.night"));
    expect(start).not.toContain(t("bookingManage.ical.title"));

    const settings = await post(tour, {
      ...SETTINGS,
      minStay: "1",
      maxStay: "",
      preparationDays: "0",
    });
    expect(settings.status).toBe(302);

    const added = await post(
      tour,
      { intent: "departure", departsOn: day(15), seats: "12" },
      owner,
      MONTH,
    );
    expect(added.status).toBe(302);
    expect(location(added)).toBe(pagePath(tour, MONTH));
    expect(toastOf(added)).toMatchObject({
      title: "bookingManage.toasts.departureSaved",
      params: { count: 12 },
    });
    const rows = () =>
      app.handle.db
        .select({
          id: tourDepartures.id,
          departsOn: tourDepartures.departsOn,
          seats: tourDepartures.seats,
        })
        .from(tourDepartures)
        .where(eq(tourDepartures.listingId, tour));
    expect(await rows()).toMatchObject([{ departsOn: day(15), seats: 12 }]);

    // Two seats booked: the list says 12 seats, 2 booked, 10 left, and it cannot be removed.
    await createBooking(plainUser.viewer, tour, {
      departureId: String((await rows())[0]!.id),
      guests: "2",
    });
    const page = await html(pagePath(tour, MONTH));
    expect(page).toContain(`data-departure="${day(15)}"`);
    expect(page).toMatch(/Seats left(<!-- -->)?:<\/dt><dd[^>]*>10<\/dd>/);
    expect(page).toContain(t("bookingManage.departures.hasBookings"));
    expect(dayStates(page)[day(15)]).toBe("departure");

    // The same date again changes its seats; never below those booked.
    await post(tour, { intent: "departure", departsOn: day(15), seats: "20" });
    expect(await rows()).toMatchObject([{ seats: 20 }]);
    const below = await changesNothing(() =>
      post(tour, { intent: "departure", departsOn: day(15), seats: "1" }),
    );
    expect(below.status).toBe(409);
    expect(markupOf(await textOf(below))).toContain(
      t("bookings.errors.seatsBelowTaken", { count: 2 }),
    );

    // Bad input: a message under each field, nothing saved.
    const bad = await changesNothing(() =>
      post(tour, { intent: "departure", departsOn: "next week", seats: "0" }),
    );
    expect(bad.status).toBe(400);
    const refused = markupOf(await textOf(bad));
    expect(refused).toContain(t("bookings.errors.date"));
    expect(refused).toContain(t("bookings.errors.seats"));

    // A departure without bookings goes; one with bookings stays.
    await post(tour, { intent: "departure", departsOn: day(25), seats: "8" });
    const empty = (await rows()).find((d) => d.departsOn === day(25))!;
    const removed = await post(tour, { intent: "remove-departure", departureId: String(empty.id) });
    expect(toastOf(removed)).toMatchObject({ title: "bookingManage.toasts.departureRemoved" });
    const booked = (await rows()).find((d) => d.departsOn === day(15))!;
    const kept = await changesNothing(() =>
      post(tour, { intent: "remove-departure", departureId: String(booked.id) }),
    );
    expect(kept.status).toBe(409);
    expect(markupOf(await textOf(kept))).toContain(t("bookings.errors.departureHasBookings"));
    expect((await rows()).map((d) => d.departsOn)).toEqual([day(15)]);
  });

  it("stops taking bookings; bookings already made stay", async () => {
    const response = await post(stay, { intent: "stop" });
    expect(toastOf(response)).toMatchObject({ title: "bookingManage.toasts.stopped" });
    expect(await settingsOf(stay)).toBeNull();
    const page = await html(pagePath(stay, MONTH));
    expect(page).toContain(t("bookingManage.state.off"));
    expect(dayStates(page)[day(5)]).toBe("booked");
    // Started again from the form, with a new export address.
    await post(stay, SETTINGS);
    expect(await settingsOf(stay)).toMatchObject({ mode: "instant" });
  });

  it("refuses another agent and a plain user, reading or writing, and lets the admin in", async () => {
    for (const who of [otherAgent, plainUser]) {
      const read = await send(pagePath(stay), { jar: who.jar });
      expect(read.status).toBe(302);
      expect(location(read)).toBe("/dashboard/overview");
      expect(toastOf(read)).toMatchObject({ title: "auth.toasts.accessDenied" });
      const forms: Record<string, string>[] = [
        { ...SETTINGS, mode: "request" },
        { intent: "stop" },
        { intent: "close", from: day(1), last: day(2) },
        { intent: "renew-link" },
      ];
      for (const form of forms) {
        const write = await changesNothing(() => post(stay, form, who));
        expect(write.status).toBe(302);
        expect(toastOf(write)).toMatchObject({ title: "auth.toasts.accessDenied" });
      }
      const tourWrite = await changesNothing(() =>
        post(tour, { intent: "departure", departsOn: day(3), seats: "5" }, who),
      );
      expect(toastOf(tourWrite)).toMatchObject({ title: "auth.toasts.accessDenied" });
    }
    const visitor = await changesNothing(() =>
      send(pagePath(stay), { method: "POST", form: { intent: "stop" } }),
    );
    expect(location(visitor)).toBe("/");
    expect(toastOf(visitor)).toMatchObject({ title: "auth.toasts.authRequired" });

    expect(await html(pagePath(stay), admin)).toContain("Osu Guesthouse");
    expect(await settingsOf(stay)).toMatchObject({ mode: "instant" });
    const closed = await app.handle.db
      .select()
      .from(calendarBlocks)
      .where(and(eq(calendarBlocks.listingId, stay), eq(calendarBlocks.startsOn, day(1))));
    expect(closed).toEqual([]);
  });

  it("sends a listing that takes no bookings back to My Listings, and a missing one to 404", async () => {
    const response = await send(pagePath(rent), { jar: owner.jar });
    expect(location(response)).toBe("/dashboard/my-listings");
    expect(toastOf(response)).toMatchObject({
      title: "bookingManage.toasts.notBookable",
      description: "bookings.errors.notBookable",
    });
    expect((await send(pagePath(2_000_000_000), { jar: owner.jar })).status).toBe(404);
    expect((await send("/dashboard/my-listings/abc/calendar", { jar: owner.jar })).status).toBe(
      404,
    );
  });

  it("links to the page from My Listings for listings that take bookings", async () => {
    const page = await html("/dashboard/my-listings");
    for (const id of [stay, weekly, tour]) {
      expect(page).toContain(`href="${pagePath(id)}"`);
    }
    expect(page).not.toContain(`href="${pagePath(rent)}"`);
    expect(page).toContain(`>${t("bookingManage.link")}</a>`);
  });

  it("shows this month by default and ignores a month it cannot read", async () => {
    const thisMonth = isoDay(new Date()).slice(0, 7);
    for (const month of [undefined, "2027-13", "garbage", "1899-01"]) {
      const states = dayStates(await html(pagePath(stay, month)));
      expect(Object.keys(states)[0], String(month)).toBe(`${thisMonth}-01`);
    }
    const page = await html(pagePath(stay, MONTH));
    expect(page).toContain(`href="${pagePath(stay, shiftMonth(MONTH, 1))}"`);
    expect(page).toContain(`href="${pagePath(stay, shiftMonth(MONTH, -1))}"`);
  });
});
