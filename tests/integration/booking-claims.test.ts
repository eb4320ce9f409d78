import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingSettings, listings } from "../../app/db/schema/index.ts";
import { seedDemoData } from "../../scripts/demo/demo-seed.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/** Words that say a listing can be booked on the site. */
const BOOKING_PROMISE =
  /book(ed)? (now|online|instantly)|instant(ly)? book|request[- ]to[- ]book|reserve now|online booking/i;
/** Words that say something can be paid for on the site: no payment provider is set up here. */
const PAYMENT_PROMISE = /pay (now|online)|mobile[- ]money|card payment|checkout/i;

/** The page as a person reads it: its rendered text, scripts left out (see markupOf). */
const readable = (html: string) =>
  markupOf(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe(`what the site says about booking and paying on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;

  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoData(app.handle.db, getMediaStorage());
    page = await createPageHandler(app);
  }, 180_000);
  afterAll(async () => {
    await app.close();
  });

  it("the FAQ and the terms say how it works today: book on the site, pay the provider directly", async () => {
    const response = await page("/faq");
    expect(response.status).toBe(200);
    const text = readable(await textOf(response));
    for (const key of [
      "legal.faq.items.booking.a",
      "legal.faq.items.payments.aDirect",
      "legal.terms.sections.bookings.body",
      "legal.terms.sections.payments.bodyDirect",
    ] as const) {
      expect(text).toContain(t(key));
    }
    expect(text).toContain(t("legal.faq.items.booking.q"));
    expect(text).toContain(t("legal.faq.items.payments.q"));
    expect(text).not.toMatch(PAYMENT_PROMISE);
  });

  it("the services page offers booking, and no online payment", async () => {
    const text = readable(await textOf(await page("/services")));
    expect(text).toContain(t("services.areas.items.hospitality.body"));
    expect(text).not.toMatch(PAYMENT_PROMISE);
  });

  it("only listings that take bookings offer them, and no listing page offers paying online", async () => {
    const rows = await app.handle.db
      .select({ id: listings.id, title: listings.title, bookable: bookingSettings.listingId })
      .from(listings)
      .leftJoin(bookingSettings, eq(bookingSettings.listingId, listings.id))
      .where(eq(listings.status, "approved"));
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.filter((r) => r.bookable !== null).length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const row of rows) {
      const response = await page(`/listing/${row.id}`);
      expect(response.status, row.title).toBe(200);
      const text = readable(await textOf(response));
      const booking = BOOKING_PROMISE.exec(text);
      if (row.bookable === null && booking) wrong.push(`${row.title}: "${booking[0]}"`);
      if (row.bookable !== null && !booking) wrong.push(`${row.title}: no booking card`);
      const payment = PAYMENT_PROMISE.exec(text);
      if (payment) wrong.push(`${row.title}: "${payment[0]}"`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
