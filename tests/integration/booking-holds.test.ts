import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../app/db/client.server.ts";
import { bookings, payments } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { AppError } from "../../app/lib/app-error.ts";
import { addDays, addMonths, isoDay } from "../../app/lib/booking-values.ts";
import { formatDay } from "../../app/lib/format-day.ts";
import { HOLD_LIMITS } from "../../app/services/bookings/booking-holds.server.ts";
import { closeNights } from "../../app/services/bookings/calendar.server.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { answerRequest } from "../../app/services/bookings/booking-answer.server.ts";
import { cancelBooking } from "../../app/services/bookings/booking-cancel.server.ts";
import { completeStays } from "../../app/services/bookings/booking-sweeps.server.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay, type StaySettings } from "../support/factories/bookings.ts";
import { textOf } from "../support/page-handler.ts";
import { startTestPayments, type TestPayments } from "../support/payments.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

/**
 * What one account can hold without paying (issue 24, item 10), what a refusal of taken dates
 * tells a stranger (item 17), and a strict policy's days counted on the listing's calendar
 * (item 6), through the services, the API and the listing page.
 */

const t = createTranslator();

const STAY: StaySettings = { maxStay: 60 };

describe(`what one guest can hold, and what a refusal tells, on ${testEngine}`, () => {
  let app: TestApp;
  let pay: TestPayments;
  let send: ServerApp;
  let host: MadeUser;
  const day = (offset: number) => addDays(isoDay(new Date()), offset);

  beforeAll(async () => {
    // The guests here book again and again: the hold limits are tested, not the hourly rate.
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    pay = await startTestPayments();
    send = await createServerApp(app);
    host = await makeUser({ role: "agent", name: "Ama Host" });
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  /** A stay by the night at $100 taking bookings with the settings given over STAY's. */
  async function stay(settings: StaySettings = {}, countryCode = "GH") {
    return (await makeStay({ owner: host, countryCode, settings: { ...STAY, ...settings } })).id;
  }

  /** The booking card's form, posted to the listing page as a browser without scripts does. */
  function bookOnPage(guest: MadeUser, listingId: number, checkIn: string, checkOut: string) {
    return send(`/listing/${listingId}`, {
      form: { intent: "book", checkIn, checkOut, guests: "1" },
      jar: guest.jar,
      ip: app.nextIp(),
    });
  }

  function bookOnApi(guest: MadeUser, listingId: number, checkIn: string, checkOut: string) {
    return send(`/api/v1/listings/${listingId}/bookings`, {
      json: { checkIn, checkOut, guests: 1 },
      jar: guest.jar,
      ip: app.nextIp(),
    });
  }

  it("a new account holds 3 at most, an unpaid checkout, a request and a stay paid at the property alike; the API answers 409 and the page says the same", async () => {
    const online = await stay({ paymentMode: "full" });
    const request = await stay({ mode: "request" });
    const atProperty = await stay();
    const guest = await makeUser({ role: "user" });

    const checkout = await createBooking(guest.viewer, online, {
      checkIn: day(10),
      checkOut: day(12),
      guests: 1,
    });
    expect(checkout.status).toBe("awaiting_payment");
    const asked = await createBooking(guest.viewer, request, {
      checkIn: day(10),
      checkOut: day(12),
      guests: 1,
    });
    expect(asked.status).toBe("requested");
    const confirmed = await createBooking(guest.viewer, atProperty, {
      checkIn: day(10),
      checkOut: day(12),
      guests: 1,
    });
    expect(confirmed.status).toBe("confirmed");

    const words = t("bookings.errors.tooManyHoldsNewGuest", {
      count: HOLD_LIMITS.newGuest.holds,
      more: HOLD_LIMITS.returningGuest.holds,
    });
    const api = await bookOnApi(guest, atProperty, day(20), day(22));
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ error: { code: "CONFLICT", message: words } });
    const page = await bookOnPage(guest, atProperty, day(20), day(22));
    expect(await textOf(page)).toContain(words);
    const held = await app.handle.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.guestId, guest.id));
    expect(held).toHaveLength(3);

    // A hold that ends (the host declines) makes room for the next booking.
    await answerRequest(host.viewer, asked.id, "decline", {});
    expect((await bookOnApi(guest, atProperty, day(20), day(22))).status).toBe(201);
    // A paid checkout is no longer a hold: paying makes room too.
    const [payment] = await app.handle.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, checkout.id));
    await pay.pay(payment!.id);
    expect((await bookOnApi(guest, atProperty, day(30), day(32))).status).toBe(201);
    expect((await bookOnApi(guest, atProperty, day(40), day(42))).status).toBe(409);
  });

  it("the probe's burst: 25 parallel bookings of 30 nights by one new account hold one stay of 30 nights on a listing, and 3 stays across listings", async () => {
    const listingId = await stay();
    const guest = await makeUser({ role: "user" });
    const burst = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        createBooking(guest.viewer, listingId, {
          checkIn: day(1 + i * 30),
          checkOut: day(31 + i * 30),
          guests: 1,
        }),
      ),
    );
    expect(burst.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of burst) {
      if (r.status === "rejected") {
        expect(r.reason).toBeInstanceOf(AppError);
        expect((r.reason as AppError).message).toBe("bookings.errors.tooManyNightsHere");
      }
    }
    const others = await Promise.all(Array.from({ length: 5 }, () => stay()));
    const spread = await Promise.allSettled(
      others.map((id) =>
        createBooking(guest.viewer, id, { checkIn: day(1), checkOut: day(31), guests: 1 }),
      ),
    );
    expect(spread.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const [row] = await queryRows<{ holds: number; nights: number }>(
      app.handle.db,
      sql`select count(*)::int as holds, sum(check_out - check_in)::int as nights
          from bookings where guest_id = ${guest.id} and status = 'confirmed'`,
    );
    expect(row).toEqual({ holds: 3, nights: 90 });
  });

  it("a single stay longer than the nights limit is bounded by the listing's maximum stay, but nothing more is held beside it", async () => {
    const listingId = await stay();
    const guest = await makeUser({ role: "user" });
    await createBooking(guest.viewer, listingId, { checkIn: day(5), checkOut: day(45), guests: 1 });
    expect(
      await refusalOf(
        createBooking(guest.viewer, listingId, { checkIn: day(50), checkOut: day(51), guests: 1 }),
      ),
    ).toEqual({
      code: "CONFLICT",
      message: "bookings.errors.tooManyNightsHere",
      params: { count: HOLD_LIMITS.newGuest.nightsPerListing, held: 40 },
    });
  });

  it("after a completed stay a guest may hold 6 bookings and 90 unpaid nights at one listing", async () => {
    const listingId = await stay({ maxStay: 90 });
    const guest = await makeUser({ role: "user" });
    const past = new Date(Date.now() - 10 * 86_400_000);
    await createBooking(
      guest.viewer,
      listingId,
      { checkIn: isoDay(past), checkOut: addDays(isoDay(past), 2), guests: 1 },
      past,
    );
    await completeStays();
    const [completed] = await app.handle.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.guestId, guest.id));
    expect(completed!.status).toBe("completed");

    for (let i = 0; i < 6; i++) {
      await createBooking(guest.viewer, listingId, {
        checkIn: day(1 + i * 15),
        checkOut: day(16 + i * 15),
        guests: 1,
      });
    }
    const seventh = await stay();
    expect(
      await refusalOf(
        createBooking(guest.viewer, seventh, { checkIn: day(1), checkOut: day(2), guests: 1 }),
      ),
    ).toMatchObject({ message: "bookings.errors.tooManyHolds", params: { count: 6 } });
    const held = await app.handle.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.guestId, guest.id), inArray(bookings.status, ["confirmed"])));
    expect(held).toHaveLength(6);
    // 90 nights held at the first listing: one more is refused there.
    const [first] = held;
    await cancelBooking(guest.viewer, first!.id, {});
    expect(
      await refusalOf(
        createBooking(guest.viewer, listingId, {
          checkIn: day(120),
          checkOut: day(136),
          guests: 1,
        }),
      ),
    ).toMatchObject({
      message: "bookings.errors.tooManyNightsHere",
      params: { count: HOLD_LIMITS.returningGuest.nightsPerListing, held: 75 },
    });
  });

  it("taken dates are refused without another guest's dates, with the nearest free ones, on the API and the page", async () => {
    const listingId = await stay({ preparationDays: 1 });
    const first = await makeUser({ role: "user" });
    const stranger = await makeUser({ role: "user" });
    // Holds day 10 to 13, and day 13 for preparation.
    await createBooking(first.viewer, listingId, {
      checkIn: day(10),
      checkOut: day(13),
      guests: 1,
    });
    const words = t("bookings.errors.datesTaken", {
      from: formatDay(day(11)),
      to: formatDay(day(13)),
      nearest: `${formatDay(day(7))} – ${formatDay(day(9))} or ${formatDay(day(14))} – ${formatDay(day(16))}`,
    });
    const api = await bookOnApi(stranger, listingId, day(11), day(13));
    expect(api.status).toBe(409);
    const { error } = (await api.json()) as { error: { message: string } };
    expect(error.message).toBe(words);
    const page = await textOf(await bookOnPage(stranger, listingId, day(11), day(13)));
    expect(page).toContain(words);
    for (const text of [error.message, page]) {
      expect(text).not.toContain(formatDay(day(10)));
    }
    // The nearest dates offered are free indeed.
    expect((await bookOnApi(stranger, listingId, day(14), day(16))).status).toBe(201);
  });

  it("when no other dates of the same length are free while bookings are open, the refusal says so", async () => {
    const listingId = await stay();
    const first = await makeUser({ role: "user" });
    const stranger = await makeUser({ role: "user" });
    await createBooking(first.viewer, listingId, {
      checkIn: day(10),
      checkOut: day(12),
      guests: 1,
    });
    await closeNights(host.viewer, listingId, { from: day(0), to: day(10) });
    await closeNights(host.viewer, listingId, { from: day(12), to: day(800) });
    expect(
      await refusalOf(
        createBooking(stranger.viewer, listingId, {
          checkIn: day(10),
          checkOut: day(12),
          guests: 1,
        }),
      ),
    ).toEqual({
      code: "CONFLICT",
      message: "bookings.errors.datesTakenNoneFree",
      params: { from: formatDay(day(10)), to: formatDay(day(12)) },
    });
  });

  it("a stay by the month is offered the same number of months", async () => {
    const { id: room } = await makeStay({
      owner: host,
      category: "student-housing",
      listingType: "rent",
      propertyType: "apartment",
      priceUsdCents: 30_000,
      priceType: "per_month",
      settings: { maxStay: 12 },
    });
    const first = await makeUser({ role: "user" });
    const second = await makeUser({ role: "user" });
    const moveIn = day(40);
    const held = await createBooking(first.viewer, room, { checkIn: moveIn, months: 2, guests: 1 });
    const refused = await refusalOf(
      createBooking(second.viewer, room, { checkIn: addDays(moveIn, 10), months: 3, guests: 1 }),
    );
    // No three months end before the held stay begins (it is 40 days away): the nearest start
    // the day it ends.
    expect(refused).toEqual({
      code: "CONFLICT",
      message: "bookings.errors.datesTaken",
      params: {
        from: formatDay(addDays(moveIn, 10)),
        to: formatDay(addMonths(addDays(moveIn, 10), 3)),
        nearest: `${formatDay(held.checkOut)} – ${formatDay(addMonths(held.checkOut, 3))}`,
      },
    });
  });

  it("strict: booked 14 calendar days ahead in Nairobi at 23:00, cancelled 2 minutes later, refunds everything", async () => {
    const listingId = await stay({ cancellationPolicy: "strict" }, "KE");
    const guest = await makeUser({ role: "user" });
    // 23:00 on March 1 in Nairobi (UTC+3); check-in March 15 is 14 days away there.
    const bookedAt = new Date("2027-03-01T20:00:00Z");
    const booked = await createBooking(
      guest.viewer,
      listingId,
      { checkIn: "2027-03-15", checkOut: "2027-03-17", guests: 1 },
      bookedAt,
    );
    const cancelled = await cancelBooking(
      guest.viewer,
      booked.id,
      {},
      new Date(bookedAt.getTime() + 2 * 60_000),
    );
    expect(cancelled.refundUsdCents).toBe(booked.price.totalUsdCents);
  });
});
