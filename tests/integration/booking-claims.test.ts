import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "../../app/db/schema/index.ts";
import { seedDemoData } from "../../scripts/demo/demo-seed.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/** Words that say a listing can be booked or paid for on the site. */
const ONLINE_PROMISE =
  /book(ed)? (now|online|instantly)|instant(ly)? book|request[- ]to[- ]book|reserve now|reservation|pay (now|online)|mobile[- ]money|card payment|checkout|online booking/i;

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

  it("the FAQ and the terms say how it works today: contact the lister, pay them directly", async () => {
    const response = await page("/faq");
    expect(response.status).toBe(200);
    const text = readable(await textOf(response));
    for (const key of [
      "legal.faq.items.booking.aDirect",
      "legal.faq.items.payments.aDirect",
      "legal.terms.sections.bookings.bodyDirect",
      "legal.terms.sections.payments.bodyDirect",
    ] as const) {
      expect(text).toContain(t(key));
    }
    expect(text).toContain(t("legal.faq.items.booking.q"));
    expect(text).toContain(t("legal.faq.items.payments.q"));
    expect(text).not.toMatch(ONLINE_PROMISE);
  });

  it("the services page does not promise instant booking", async () => {
    const text = readable(await textOf(await page("/services")));
    expect(text).toContain(t("services.areas.items.hospitality.bodyDirect"));
    expect(text).not.toMatch(ONLINE_PROMISE);
  });

  it("no listing page suggests that it can be booked or paid online", async () => {
    const rows = await app.handle.db
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(eq(listings.status, "approved"));
    expect(rows.length).toBeGreaterThan(150);
    const promising: string[] = [];
    for (const row of rows) {
      const response = await page(`/listing/${row.id}`);
      expect(response.status, row.title).toBe(200);
      const match = ONLINE_PROMISE.exec(readable(await textOf(response)));
      if (match) promising.push(`${row.title}: "${match[0]}"`);
    }
    expect(promising).toEqual([]);
  }, 180_000);
});
