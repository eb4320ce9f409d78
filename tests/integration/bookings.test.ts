import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfig } from "../../app/config.server.ts";
import { queryRows } from "../../app/db/client.server.ts";
import { bookingEvents, bookings, tourDepartures } from "../../app/db/schema/index.ts";
import { AppError } from "../../app/lib/app-error.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { formatDay } from "../../app/lib/format-day.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { answerRequest } from "../../app/services/bookings/booking-answer.server.ts";
import { cancelBooking } from "../../app/services/bookings/booking-cancel.server.ts";
import {
  completeStays,
  expireRequests,
} from "../../app/services/bookings/booking-sweeps.server.ts";
import { quoteBooking } from "../../app/services/bookings/booking-quote.server.ts";
import {
  listGuestBookings,
  listHostBookings,
  readBooking,
} from "../../app/services/bookings/booking-read.server.ts";
import { saveBookingSettings } from "../../app/services/bookings/booking-settings.server.ts";
import {
  closeNights,
  listingAvailability,
  openNights,
  saveDeparture,
} from "../../app/services/bookings/calendar.server.ts";
import { addFeed, listingFeed } from "../../app/services/bookings/ical.server.ts";
import { parseCalendarRanges } from "../../app/services/bookings/ical-parse.ts";
import { USD } from "../../app/lib/money.ts";
import { parseBrowseParams } from "../../app/lib/schemas/browse.ts";
import { browseListings } from "../../app/services/listings/browse.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

const NOW = new Date("2027-03-01T10:00:00Z");
const TODAY = isoDay(NOW);
const day = (offset: number) => addDays(TODAY, offset);

const STAY_SETTINGS = {
  mode: "instant",
  cancellationPolicy: "moderate",
  minStay: 2,
  maxStay: 14,
  noticeDays: 1,
  preparationDays: 1,
  maxGuests: 4,
  cleaningFeeUsd: "25",
};

describe(`bookings on ${testEngine}`, () => {
  let app: TestApp;
  let host: MadeUser;
  let guest: MadeUser;
  let other: MadeUser;
  let admin: MadeUser;
  let instantStay: number;
  let requestStay: number;

  beforeAll(async () => {
    // One guest books again and again here; the booking limit has its own test (write-limits).
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    host = await makeUser({ role: "agent", name: "Ama Host" });
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
    other = await makeUser({ role: "user", name: "Zara Other" });
    admin = await makeUser({ role: "admin" });
    const stay = {
      owner: host,
      category: "hospitality" as const,
      listingType: "booking" as const,
      propertyType: "guesthouse" as const,
      priceUsdCents: 10_000,
      priceType: "per_night" as const,
    };
    instantStay = (await makeListing({ ...stay, title: "Osu Guesthouse" })).id;
    requestStay = (await makeListing({ ...stay, title: "Labadi Beach Rooms" })).id;
    await saveBookingSettings(host.viewer, instantStay, STAY_SETTINGS);
    await saveBookingSettings(host.viewer, requestStay, {
      ...STAY_SETTINGS,
      mode: "request",
      cancellationPolicy: "strict",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("quotes nights × rate and the cleaning fee; a stay paid at the property has no service fee", async () => {
    const quote = await quoteBooking(
      instantStay,
      { checkIn: day(10), checkOut: day(13), guests: "2", currency: "NGN" },
      NOW,
    );
    expect(quote.price).toMatchObject({
      unit: "night",
      rateUsdCents: 10_000,
      quantity: 3,
      subtotalUsdCents: 30_000,
      cleaningFeeUsdCents: 2_500,
      // The platform takes its fee from money it handles (decision 007): none here.
      serviceFeeUsdCents: 0,
      totalUsdCents: 32_500,
      currency: "NGN",
    });
    expect(Number(quote.price.currencyRate)).toBeGreaterThan(1);
    expect(quote).toMatchObject({ mode: "instant", cancellationPolicy: "moderate" });
  });

  it("applies minimum and maximum nights, notice, guests and the past", async () => {
    const ask = (q: Record<string, string>) =>
      refusalOf(quoteBooking(instantStay, { guests: "2", ...q }, NOW));
    expect(await ask({ checkIn: day(10), checkOut: day(11) })).toMatchObject({
      message: "bookings.errors.minNights",
      params: { count: 2 },
    });
    expect(await ask({ checkIn: day(10), checkOut: day(30) })).toMatchObject({
      message: "bookings.errors.maxNights",
      params: { count: 14 },
    });
    expect(await ask({ checkIn: day(0), checkOut: day(3) })).toMatchObject({
      message: "bookings.errors.tooSoon",
      params: { days: 1 },
    });
    expect(await ask({ checkIn: day(-2), checkOut: day(3) })).toMatchObject({
      message: "bookings.errors.inPast",
    });
    expect(await ask({ checkIn: day(10), checkOut: day(12), guests: "5" })).toMatchObject({
      message: "bookings.errors.tooManyGuests",
    });
    expect(await ask({ checkIn: day(12), checkOut: day(10) })).toMatchObject({
      message: "bookings.errors.checkOutAfterCheckIn",
    });
    expect(await ask({ checkIn: "2027-02-30", checkOut: day(10) })).toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("confirms an instant booking at once, records who and when, and e-mails both with a calendar file", async () => {
    const booking = await createBooking(
      guest.viewer,
      instantStay,
      { checkIn: day(20), checkOut: day(23), guests: 2, message: "Arriving late." },
      NOW,
    );
    expect(booking).toMatchObject({
      status: "confirmed",
      checkIn: day(20),
      checkOut: day(23),
      guestName: "Kofi Guest",
    });
    const detail = await readBooking(guest.viewer, booking.id);
    expect(detail.events).toEqual([
      expect.objectContaining({
        event: "booked",
        fromStatus: null,
        toStatus: "confirmed",
        actorName: "Kofi Guest",
      }),
    ]);
    const guestMail = await waitForMail(app, guest.email);
    const hostMail = await waitForMail(app, host.email);
    expect(guestMail.subject).toContain("Booking confirmed: Osu Guesthouse");
    expect(hostMail.body).toContain("Kofi Guest booked Osu Guesthouse.");
    expect(hostMail.body).toContain("Arriving late.");
    expect(guestMail.body).toContain("Guests: 2");
    for (const mail of [guestMail, hostMail]) {
      expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
      expect(mail.raw).toContain(`booking-${booking.id}.ics`);
    }
  });

  it("refuses overlapping nights, preparation days included, offering the nearest free dates instead of the booking's", async () => {
    // The stay above holds day 20 to 23, and day 23 for preparation.
    const refused = await refusalOf(
      createBooking(
        other.viewer,
        instantStay,
        { checkIn: day(23), checkOut: day(25), guests: 1 },
        NOW,
      ),
    );
    expect(refused).toMatchObject({ code: "CONFLICT", message: "bookings.errors.datesTaken" });
    // Day 20 to 23 and its preparation day are taken: two nights (and a preparation day) fit
    // from day 17 at the latest, or from day 24.
    expect(refused.params).toEqual({
      from: formatDay(day(23)),
      to: formatDay(day(25)),
      nearest: `${formatDay(day(17))} – ${formatDay(day(19))} or ${formatDay(day(24))} – ${formatDay(day(26))}`,
    });
    const next = await createBooking(
      other.viewer,
      instantStay,
      { checkIn: day(24), checkOut: day(26), guests: 1 },
      NOW,
    );
    expect(next.status).toBe("confirmed");
    const before = await refusalOf(
      createBooking(
        other.viewer,
        instantStay,
        { checkIn: day(18), checkOut: day(20), guests: 1 },
        NOW,
      ),
    );
    expect(before.message).toBe("bookings.errors.datesTaken");
  });

  it("keeps closed nights out of bookings and shows them as unavailable", async () => {
    await closeNights(host.viewer, instantStay, { from: day(40), to: day(43) });
    const refused = await refusalOf(
      createBooking(
        guest.viewer,
        instantStay,
        { checkIn: day(41), checkOut: day(44), guests: 1 },
        NOW,
      ),
    );
    expect(refused.message).toBe("bookings.errors.datesClosed");
    const availability = await listingAvailability(instantStay, { months: "3" }, NOW);
    expect(availability.firstBookableDay).toBe(day(1));
    expect(availability.unavailable).toEqual(
      expect.arrayContaining([
        { from: day(20), to: day(27) },
        { from: day(40), to: day(43) },
      ]),
    );
    await openNights(host.viewer, instantStay, { from: day(41), to: day(42) });
    const after = await listingAvailability(instantStay, { months: "3" }, NOW);
    expect(after.unavailable).toEqual(
      expect.arrayContaining([
        { from: day(40), to: day(41) },
        { from: day(42), to: day(43) },
      ]),
    );
    expect(
      await refusalOf(closeNights(host.viewer, instantStay, { from: day(21), to: day(22) })),
    ).toMatchObject({
      message: "bookings.errors.bookingsOnDates",
    });
  });

  it("a host cannot book their own listing, and nobody sees other people's bookings", async () => {
    expect(
      await refusalOf(
        createBooking(
          host.viewer,
          instantStay,
          { checkIn: day(60), checkOut: day(62), guests: 1 },
          NOW,
        ),
      ),
    ).toMatchObject({
      code: "FORBIDDEN",
      message: "bookings.errors.ownListing",
    });
    const [mine] = await listGuestBookings(guest.viewer);
    expect(await refusalOf(readBooking(other.viewer, mine!.id))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await listGuestBookings(other.viewer)).every((b) => b.guestName === "Zara Other")).toBe(
      true,
    );
    expect(await refusalOf(cancelBooking(other.viewer, mine!.id))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await refusalOf(listHostBookings(guest.viewer))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("a request waits 24 hours: the guest cannot accept it, the host accepts it once", async () => {
    const request = await createBooking(
      guest.viewer,
      requestStay,
      { checkIn: day(30), checkOut: day(33), guests: 2 },
      NOW,
    );
    expect(request.status).toBe("requested");
    expect(request.expiresAt).toBe(new Date(NOW.getTime() + 24 * 3_600_000).toISOString());
    expect(
      await refusalOf(answerRequest(guest.viewer, request.id, "accept", {}, NOW)),
    ).toMatchObject({ code: "FORBIDDEN" });
    const hostInbox = await listHostBookings(host.viewer);
    expect(hostInbox[0]).toMatchObject({ id: request.id, status: "requested" });
    const accepted = await answerRequest(host.viewer, request.id, "accept", {}, NOW);
    expect(accepted.status).toBe("confirmed");
    expect(
      await refusalOf(answerRequest(host.viewer, request.id, "decline", {}, NOW)),
    ).toMatchObject({
      message: "bookings.errors.notRequested",
    });
    const { events } = await readBooking(guest.viewer, request.id);
    expect(events.map((e) => `${e.event}:${e.toStatus}`)).toEqual([
      "requested:requested",
      "accepted:confirmed",
    ]);
  });

  it("a declined request frees its nights", async () => {
    const request = await createBooking(
      guest.viewer,
      requestStay,
      { checkIn: day(50), checkOut: day(52), guests: 1 },
      NOW,
    );
    await answerRequest(host.viewer, request.id, "decline", { reason: "Closed for repairs" }, NOW);
    const again = await createBooking(
      other.viewer,
      requestStay,
      { checkIn: day(50), checkOut: day(52), guests: 1 },
      NOW,
    );
    expect(again.status).toBe("requested");
  });

  it("expires unanswered requests and completes stays after check-out, as scheduled jobs", async () => {
    const request = await createBooking(
      guest.viewer,
      requestStay,
      { checkIn: day(70), checkOut: day(72), guests: 1 },
      NOW,
    );
    expect(await expireRequests(new Date(NOW.getTime() + 23 * 3_600_000))).toBe(0);
    expect(await expireRequests(new Date(NOW.getTime() + 25 * 3_600_000))).toBeGreaterThanOrEqual(
      1,
    );
    const { booking, events } = await readBooking(guest.viewer, request.id);
    expect(booking.status).toBe("expired");
    expect(events.at(-1)).toMatchObject({ event: "expired", actorName: null });
    // The instant stay of day 20–23 is completed once day 23 has come.
    const checkOutDay = new Date(`${day(23)}T08:00:00Z`);
    expect(await completeStays(checkOutDay)).toBeGreaterThanOrEqual(1);
    const [done] = await app.handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.checkIn, day(20)));
    expect(done!.status).toBe("completed");
  });

  it("refunds by policy: moderate in full five days ahead, strict half a week ahead, hosts always in full", async () => {
    const moderate = await createBooking(
      guest.viewer,
      instantStay,
      { checkIn: day(80), checkOut: day(82), guests: 1 },
      NOW,
    );
    const full = await cancelBooking(
      guest.viewer,
      moderate.id,
      {},
      new Date(`${day(74)}T12:00:00Z`),
    );
    expect(full).toMatchObject({
      status: "cancelled",
      cancelledBy: "guest",
      refundUsdCents: moderate.price.totalUsdCents,
    });

    const late = await createBooking(
      guest.viewer,
      instantStay,
      { checkIn: day(90), checkOut: day(92), guests: 1 },
      NOW,
    );
    const half = await cancelBooking(guest.viewer, late.id, {}, new Date(`${day(88)}T12:00:00Z`));
    expect(half.refundUsdCents).toBe(
      Math.round((late.price.totalUsdCents - late.price.serviceFeeUsdCents) / 2),
    );

    const strict = await createBooking(
      guest.viewer,
      requestStay,
      { checkIn: day(100), checkOut: day(102), guests: 1 },
      NOW,
    );
    await answerRequest(host.viewer, strict.id, "accept", {}, NOW);
    const none = await cancelBooking(guest.viewer, strict.id, {}, new Date(`${day(97)}T12:00:00Z`));
    expect(none.refundUsdCents).toBe(0);

    const byHost = await createBooking(
      guest.viewer,
      instantStay,
      { checkIn: day(110), checkOut: day(112), guests: 1 },
      NOW,
    );
    const hostCancel = await cancelBooking(
      host.viewer,
      byHost.id,
      { reason: "Burst pipe" },
      new Date(`${day(109)}T12:00:00Z`),
    );
    expect(hostCancel).toMatchObject({
      cancelledBy: "host",
      refundUsdCents: byHost.price.totalUsdCents,
      cancelReason: "Burst pipe",
    });
    const hostMail = await waitForMail(app, guest.email, 1);
    expect(hostMail).toBeTruthy();
    expect(await refusalOf(cancelBooking(guest.viewer, hostCancel.id))).toMatchObject({
      message: "bookings.errors.notCancellable",
    });

    const byAdmin = await createBooking(
      guest.viewer,
      instantStay,
      { checkIn: day(120), checkOut: day(122), guests: 1 },
      NOW,
    );
    const adminCancel = await cancelBooking(
      admin.viewer,
      byAdmin.id,
      { reason: "Reported listing" },
      NOW,
    );
    expect(adminCancel).toMatchObject({
      cancelledBy: "admin",
      refundUsdCents: byAdmin.price.totalUsdCents,
    });
  });

  it("the database itself refuses overlapping holding bookings (exclusion constraint)", async () => {
    const [existing] = await app.handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.status, "confirmed"))
      .limit(1);
    const { id: _id, occupied: _o, createdAt: _c, updatedAt: _u, ...copy } = existing!;
    await expect(
      app.handle.db.insert(bookings).values({ ...copy, guestId: other.id }),
    ).rejects.toThrow();
  });

  it("20 parallel requests for the same nights end with exactly one booking", async () => {
    const guests = await Promise.all(Array.from({ length: 20 }, () => makeUser({ role: "user" })));
    const results = await Promise.allSettled(
      guests.map((g) =>
        createBooking(
          g.viewer,
          instantStay,
          { checkIn: day(150), checkOut: day(153), guests: 1 },
          NOW,
        ),
      ),
    );
    const booked = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).message).toBe("bookings.errors.datesTaken");
    }
    const [count] = await queryRows<{ n: number }>(
      app.handle.db,
      sql`select count(*)::int as n from bookings where listing_id = ${instantStay} and check_in = ${day(150)} and status = 'confirmed'`,
    );
    expect(count!.n).toBe(1);
  });

  describe("tours by departure", () => {
    let tour: number;
    let departureId: number;
    beforeAll(async () => {
      tour = (
        await makeListing({
          owner: host,
          category: "travel-agencies",
          listingType: "booking",
          propertyType: null,
          title: "Serengeti Safari",
          priceUsdCents: 50_000,
          priceType: "per_person",
        })
      ).id;
      await saveBookingSettings(host.viewer, tour, { ...STAY_SETTINGS, maxGuests: 10 });
      departureId = (await saveDeparture(host.viewer, tour, { departsOn: day(30), seats: 5 })).id;
    });

    it("sells seats and never more than a departure has, even in parallel", async () => {
      const first = await createBooking(guest.viewer, tour, { departureId, guests: 3 }, NOW);
      expect(first).toMatchObject({ status: "confirmed", checkIn: day(30), guests: 3 });
      // A tour's e-mail counts seats, not guests.
      await expect
        .poll(
          () =>
            app.sink.to(guest.email).find((mail) => mail.subject.includes("Serengeti Safari"))
              ?.body,
        )
        .toContain("Seats: 3");
      expect(first.price).toMatchObject({
        quantity: 3,
        subtotalUsdCents: 150_000,
        cleaningFeeUsdCents: 0,
      });
      expect(
        await refusalOf(createBooking(other.viewer, tour, { departureId, guests: 3 }, NOW)),
      ).toMatchObject({
        message: "bookings.errors.seatsLeft",
        params: { count: 2 },
      });
      const buyers = await Promise.all(Array.from({ length: 6 }, () => makeUser({ role: "user" })));
      const results = await Promise.allSettled(
        buyers.map((b) => createBooking(b.viewer, tour, { departureId, guests: 1 }, NOW)),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
      const [departure] = await app.handle.db
        .select()
        .from(tourDepartures)
        .where(eq(tourDepartures.id, departureId));
      expect(departure).toMatchObject({ seats: 5, seatsTaken: 5 });
      await cancelBooking(guest.viewer, first.id, {}, NOW);
      const [freed] = await app.handle.db
        .select()
        .from(tourDepartures)
        .where(eq(tourDepartures.id, departureId));
      expect(freed!.seatsTaken).toBe(2);
      const availability = await listingAvailability(tour, {}, NOW);
      expect(availability.departures).toEqual([
        { id: departureId, departsOn: day(30), seats: 5, seatsLeft: 3 },
      ]);
    });
  });

  describe("iCal", () => {
    let server: Server;
    let calendarText = "";
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === "/airbnb.ics") {
          response.writeHead(200, { "content-type": "text/calendar" });
          response.end(calendarText);
        } else {
          response.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      // The local server stands for another platform's public host (decision 013).
      const port = (server.address() as AddressInfo).port;
      setConfig({ ...app.config, publicFetchTestHosts: { "calendar.example": port } });
    });
    afterAll(async () => {
      setConfig(app.config);
      await new Promise((resolve) => server.close(resolve));
    });

    it("exports bookings and closed nights as a feed the library reads back", async () => {
      const settings = await saveBookingSettings(host.viewer, instantStay, STAY_SETTINGS);
      const token = settings.icalExportPath.replace("/calendar/", "").replace(".ics", "");
      const feed = await listingFeed(token, NOW);
      expect(feed).toBeTruthy();
      const parsed = new ICAL.Component(ICAL.parse(feed!));
      const events = parsed.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
      expect(
        events.some((e) => e.startDate.toString() === day(24) && e.endDate.toString() === day(26)),
      ).toBe(true);
      expect(
        events.some((e) => e.summary === "Not available" && e.startDate.toString() === day(40)),
      ).toBe(true);
      expect(parseCalendarRanges(feed!)).toEqual(
        expect.arrayContaining([{ start: day(24), end: day(26), summary: "Booked" }]),
      );
      expect(await listingFeed("not-a-token", NOW)).toBeNull();
    });

    it("imports another platform's calendar: its nights are closed here", async () => {
      calendarText = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN",
        "BEGIN:VEVENT",
        `DTSTART;VALUE=DATE:${day(200).replaceAll("-", "")}`,
        `DTEND;VALUE=DATE:${day(204).replaceAll("-", "")}`,
        "UID:abc@airbnb.com",
        "SUMMARY:Reserved",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n");
      const url = "http://calendar.example/airbnb.ics";
      const feed = await addFeed(host.viewer, instantStay, { url }, NOW);
      expect(feed.nights).toBe(1);
      const refused = await refusalOf(
        createBooking(
          guest.viewer,
          instantStay,
          { checkIn: day(202), checkOut: day(206), guests: 1 },
          NOW,
        ),
      );
      expect(refused.message).toBe("bookings.errors.datesClosed");
      expect(
        await refusalOf(addFeed(host.viewer, instantStay, { url: `${url}-missing` }, NOW)),
      ).toMatchObject({
        message: "bookings.errors.feedUnreadable",
      });
      expect(
        await refusalOf(addFeed(host.viewer, instantStay, { url: "ftp://example.com/x.ics" }, NOW)),
      ).toMatchObject({
        code: "VALIDATION_FAILED",
      });
    });
  });

  it("the availability filter keeps only listings free for the dates, in SQL", async () => {
    const ids = async (query: Record<string, string>) =>
      (
        await browseListings(parseBrowseParams(new URLSearchParams(query), "hospitality"), USD)
      ).listings.map((l) => l.id);
    // Day 24 to 26 is booked on the instant stay (and its preparation day after).
    expect(await ids({ checkIn: day(24), checkOut: day(26) })).toEqual([requestStay]);
    expect(await ids({ checkIn: day(27), checkOut: day(29) })).toEqual(
      expect.arrayContaining([instantStay, requestStay]),
    );
    expect(await ids({ checkIn: day(27), checkOut: day(29), guests: "5" })).toEqual([]);
    // Half a stay, or dates the wrong way round, filter nothing but listings that take bookings.
    expect(await ids({ checkIn: day(26), checkOut: day(24) })).toEqual(
      expect.arrayContaining([instantStay, requestStay]),
    );
  });

  it("keeps every transition in the events table", async () => {
    const [row] = await queryRows<{ n: number }>(
      app.handle.db,
      sql`select count(*)::int as n from ${bookingEvents}`,
    );
    expect(row!.n).toBeGreaterThan(10);
  });
});
