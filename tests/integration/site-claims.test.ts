import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../app/config.server.ts";
import { bookingSettings } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { startPayments } from "../../app/services/payments/payments-setup.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser } from "../support/factories.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/** The page as a person reads it: its rendered text, scripts left out (see markupOf). */
const readable = (html: string) =>
  markupOf(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

const NO_PAYMENTS = /does not take payments/;

/**
 * The FAQ and the Terms say what the running server does: they follow the payment provider set
 * up at start (PAYMENT_PROVIDER) and whether any live listing takes bookings, never a flag.
 */
describe(`the FAQ and the Terms on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let payments: { stop(): Promise<void> } | undefined;

  const legal = async () => {
    const response = await page("/faq");
    expect(response.status).toBe(200);
    return readable(await textOf(response));
  };

  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
  });
  afterEach(async () => {
    await payments?.stop();
    payments = undefined;
  });
  afterAll(async () => {
    await app.close();
  });

  it("without a payment provider, say payments are made directly, and name the site's messages", async () => {
    const text = await legal();
    expect(text).toContain(t("legal.faq.items.payments.aDirect"));
    expect(text).toContain(t("legal.terms.sections.payments.bodyDirect"));
    expect(text).not.toMatch(/by card/);
    expect(text).toContain("How do I contact an agent or professional?");
    expect(text).toMatch(/write to them in the site's messages/);
    // No live listing takes bookings yet: booking is arranged with the lister.
    expect(text).toContain(t("legal.faq.items.booking.aDirect"));
    expect(text).toContain(t("legal.terms.sections.bookings.bodyDirect"));
  });

  it("with the sandbox provider (the default PAYMENT_PROVIDER), say the site takes card, mobile money and bank transfer", async () => {
    payments = await startPayments(parseConfig({ DATA_DIR: app.dataDir }));
    const text = await legal();
    expect(text).not.toMatch(NO_PAYMENTS);
    expect(text).toContain("On the site, by card, mobile money, or bank transfer");
    expect(text).toContain(
      "go through our payment provider, by card, mobile money, or bank transfer",
    );
    expect(text).toMatch(/paid at the property instead/);
  });

  it("with Stripe, which takes cards only, say cards only", async () => {
    payments = await startPayments(
      parseConfig({
        DATA_DIR: app.dataDir,
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_claims",
        STRIPE_WEBHOOK_SECRET: "whsec_claims",
      }),
    );
    const text = await legal();
    expect(text).not.toMatch(NO_PAYMENTS);
    expect(text).toContain("On the site, by card, on our payment provider's secure page");
    expect(text).not.toMatch(/mobile money, or/);
  });

  it("once a live listing takes bookings, say it is booked on the site, here and on the services page", async () => {
    const host = await makeUser({ role: "agent" });
    const stay = await makeListing({
      owner: host,
      category: "hospitality",
      listingType: "booking",
      priceType: "per_night",
    });
    await app.handle.db
      .insert(bookingSettings)
      .values({ listingId: stay.id, icalToken: randomUUID() });
    const text = await legal();
    expect(text).toContain(t("legal.faq.items.booking.a"));
    expect(text).toContain(t("legal.terms.sections.bookings.body"));
    const services = readable(await textOf(await page("/services")));
    expect(services).toContain(t("services.areas.items.hospitality.body"));
  });
});
