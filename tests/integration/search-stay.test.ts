import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "../../app/db/schema/index.ts";
import { addDays, isoDay, priceBreakdown } from "../../app/lib/booking-values.ts";
import { bookingPanel } from "../../app/services/bookings/booking-panel.server.ts";
import { saveBookingSettings } from "../../app/services/bookings/booking-settings.server.ts";
import { quoteBooking } from "../../app/services/bookings/booking-quote.server.ts";
import { stayPrice, stayTotals } from "../../app/services/bookings/stay-price.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The totals on search results' cards are what the booking card quotes for the same dates: both
 * come from one price function. A listing page's link with values that are no stay opens it
 * with them left out.
 */

const NOW = new Date();
const TODAY = isoDay(NOW);
const day = (offset: number) => addDays(TODAY, offset);

const SETTINGS = {
  mode: "instant",
  cancellationPolicy: "moderate",
  minStay: "1",
  maxStay: "",
  noticeDays: "1",
  preparationDays: "0",
  maxGuests: "4",
  cleaningFeeUsd: "25",
};

describe(`search stay totals on ${testEngine}`, () => {
  let app: TestApp;
  let host: MadeUser;
  let hotel: number;
  let room: number;
  let shortLet: number;
  let longStaysOnly: number;
  let notBookable: number;
  let wrongRate: number;

  beforeAll(async () => {
    app = await startTestApp();
    host = await makeUser({ role: "agent", name: "Ama Host" });
    const night = {
      owner: host,
      listingType: "booking" as const,
      priceUsdCents: 8_000,
      priceType: "per_night" as const,
    };
    hotel = (await makeListing({ ...night, category: "hospitality", propertyType: "hotel" })).id;
    shortLet = (await makeListing({ ...night, category: "real-estate" })).id;
    longStaysOnly = (await makeListing({ ...night, category: "hospitality" })).id;
    wrongRate = (await makeListing({ ...night, category: "hospitality" })).id;
    room = (
      await makeListing({
        owner: host,
        category: "student-housing",
        listingType: "rent",
        propertyType: null,
        priceUsdCents: 30_000,
        priceType: "per_month",
      })
    ).id;
    notBookable = (await makeListing({ owner: host, category: "real-estate" })).id;
    for (const id of [hotel, room, shortLet, wrongRate]) {
      await saveBookingSettings(host.viewer, id, SETTINGS);
    }
    await saveBookingSettings(host.viewer, longStaysOnly, { ...SETTINGS, minStay: "7" });
    // Its lister changed the price to a monthly rent after opening it to bookings by the night.
    await app.handle.db
      .update(listings)
      .set({ priceType: "per_month" })
      .where(eq(listings.id, wrongRate));
  });
  afterAll(async () => {
    await app.close();
  });

  it("gives each bookable listing the total its booking card quotes for the same dates", async () => {
    const totals = await stayTotals(
      [hotel, room, shortLet, longStaysOnly, notBookable, wrongRate],
      day(10),
      day(13),
    );
    // 3 nights × $80 and $25 cleaning; three nights in a student room are its shortest let, a month.
    expect(totals).toEqual({
      [hotel]: { unit: "night", quantity: 3, totalUsdCents: 26_500 },
      [shortLet]: { unit: "night", quantity: 3, totalUsdCents: 26_500 },
      [room]: { unit: "month", quantity: 1, totalUsdCents: 32_500 },
    });
    const nights = await quoteBooking(
      hotel,
      { checkIn: day(10), checkOut: day(13), guests: "2" },
      NOW,
    );
    expect(nights.price.totalUsdCents).toBe(totals[hotel]!.totalUsdCents);
    const month = await quoteBooking(room, { checkIn: day(10), months: "1", guests: "1" }, NOW);
    expect(month.price.totalUsdCents).toBe(totals[room]!.totalUsdCents);
  });

  it("counts the months that cover a longer search", async () => {
    const totals = await stayTotals([room], day(10), addDays(day(10), 70));
    expect(totals[room]).toEqual({ unit: "month", quantity: 3, totalUsdCents: 92_500 });
  });

  it("gives no totals without a stay", async () => {
    expect(await stayTotals([hotel], day(13), day(10))).toEqual({});
    expect(await stayTotals([], day(10), day(13))).toEqual({});
  });

  it("adds the platform's fee only to stays paid online, as the quote does", () => {
    const stay = { unit: "night" as const, rateUsdCents: 8_000, quantity: 3 };
    expect(
      stayPrice({ ...stay, settings: { cleaningFeeUsdCents: 2_500, paymentMode: "full" } }, 300),
    ).toEqual(
      priceBreakdown({
        rateUsdCents: 8_000,
        quantity: 3,
        cleaningFeeUsdCents: 2_500,
        serviceFeeBasisPoints: 300,
      }),
    );
    expect(
      stayPrice(
        { ...stay, settings: { cleaningFeeUsdCents: 2_500, paymentMode: "on_arrival" } },
        300,
      ).serviceFeeUsdCents,
    ).toBe(0);
  });

  it("starts the booking card with a link's stay and leaves out values that are no stay", async () => {
    const carried = await bookingPanel(
      hotel,
      new URLSearchParams({ checkIn: day(10), checkOut: day(13), guests: "2" }),
      "USD",
      null,
      NOW,
    );
    expect(carried?.asked).toEqual({ checkIn: day(10), checkOut: day(13), guests: "2" });
    expect(carried?.quote?.price.totalUsdCents).toBe(26_500);

    const bad = await bookingPanel(
      hotel,
      new URLSearchParams({ checkIn: day(-2), checkOut: "2027-02-31", guests: "many" }),
      "USD",
      null,
      NOW,
    );
    expect(bad).toMatchObject({ asked: {}, quote: null, problem: null });

    const backwards = await bookingPanel(
      hotel,
      new URLSearchParams({ checkIn: day(13), checkOut: day(10), guests: "99" }),
      "USD",
      null,
      NOW,
    );
    expect(backwards?.asked).toEqual({ checkIn: day(13) });

    const monthly = await bookingPanel(
      room,
      new URLSearchParams({ checkIn: day(10), checkOut: addDays(day(10), 40), guests: "1" }),
      "USD",
      null,
      NOW,
    );
    expect(monthly?.asked).toEqual({ checkIn: day(10), months: "2", guests: "1" });
    expect(monthly?.quote?.price.totalUsdCents).toBe(62_500);
  });
});
