import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingSettings, payouts } from "../../app/db/schema/index.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { saveBookingSettings } from "../../app/services/bookings/booking-settings.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { startTestPayments, type TestPayments } from "../support/payments.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Payments as the host and the guest see them: the host's choice of online payment on the
 * Bookings & calendar page, a declined card retried on the same booking, the amount and currency
 * really charged, what was paid shown as charged, and amounts read strictly.
 */

const SETTINGS = {
  intent: "settings",
  mode: "instant",
  cancellationPolicy: "moderate",
  minStay: "1",
  maxStay: "30",
  noticeDays: "0",
  preparationDays: "0",
  maxGuests: "4",
  cleaningFeeUsd: "20",
};

describe(`payments as the host and the guest see them on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let pay: TestPayments;
  let host: MadeUser;
  let guest: MadeUser;
  const now = new Date();
  const day = (offset: number) => addDays(isoDay(now), offset);

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    pay = await startTestPayments();
    host = await makeUser({ role: "agent", name: "Ama Host" });
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  /** A stay by the night at $100 taking bookings with `settings` over the page's defaults. */
  async function stay(settings: Record<string, string> = {}) {
    const { id } = await makeListing({
      owner: host,
      category: "hospitality",
      listingType: "booking",
      propertyType: "guesthouse",
      priceUsdCents: 10_000,
      priceType: "per_night",
    });
    const { intent: _intent, ...fields } = { ...SETTINGS, ...settings };
    await saveBookingSettings(host.viewer, id, fields);
    return id;
  }

  async function settingsOf(listingId: number) {
    const [row] = await app.handle.db
      .select()
      .from(bookingSettings)
      .where(eq(bookingSettings.listingId, listingId));
    return row!;
  }

  describe("the host's payment mode on Bookings & calendar", () => {
    const page = (id: number) => `/dashboard/my-listings/${id}/calendar`;

    it("saves online in full, a deposit and at the property from the page's form", async () => {
      const listingId = await stay();
      const full = await send(page(listingId), {
        form: { ...SETTINGS, paymentMode: "full", depositPercent: "30" },
        jar: host.jar,
      });
      expect(full.status).toBe(302);
      expect(toastOf(full)).toMatchObject({ title: "bookingManage.toasts.settingsSaved" });
      expect(await settingsOf(listingId)).toMatchObject({
        paymentMode: "full",
        depositPercent: null,
      });

      const deposit = await send(page(listingId), {
        form: { ...SETTINGS, paymentMode: "deposit", depositPercent: "25" },
        jar: host.jar,
      });
      expect(location(deposit)).toContain(page(listingId));
      expect(await settingsOf(listingId)).toMatchObject({
        paymentMode: "deposit",
        depositPercent: 25,
      });
      const shown = await (await send(page(listingId), { jar: host.jar })).text();
      expect(shown).toMatch(/value="deposit"[^>]*checked|checked[^>]*value="deposit"/);
      expect(shown).toContain('value="25"');

      // A deposit outside its bounds is the field's refusal, and nothing changes.
      const refused = await send(page(listingId), {
        form: { ...SETTINGS, paymentMode: "deposit", depositPercent: "5" },
        jar: host.jar,
      });
      expect(refused.status).toBe(400);
      expect(await settingsOf(listingId)).toMatchObject({ depositPercent: 25 });

      await send(page(listingId), {
        form: { ...SETTINGS, paymentMode: "on_arrival", depositPercent: "25" },
        jar: host.jar,
      });
      expect(await settingsOf(listingId)).toMatchObject({
        paymentMode: "on_arrival",
        depositPercent: null,
      });
    });
  });
  describe("amounts read strictly", () => {
    const fieldsOf = async (response: Response) =>
      ((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields;

    it("refuses a cleaning fee of 10,5 on the page and in the API, naming the field", async () => {
      const listingId = await stay({ cleaningFeeUsd: "20" });
      for (const cleaningFeeUsd of ["10,5", "1,000", "10.555", "1e3", "$10"]) {
        const form = await send(`/dashboard/my-listings/${listingId}/calendar`, {
          form: { ...SETTINGS, cleaningFeeUsd },
          jar: host.jar,
        });
        expect(form.status, cleaningFeeUsd).toBe(400);
        const { intent: _intent, ...fields } = SETTINGS;
        const api = await send(`/api/v1/listings/${listingId}/booking-settings`, {
          method: "PUT",
          json: { ...fields, cleaningFeeUsd },
          jar: host.jar,
        });
        expect(api.status, cleaningFeeUsd).toBe(400);
        expect(Object.keys((await fieldsOf(api)) ?? {})).toEqual(["cleaningFeeUsd"]);
      }
      expect(await settingsOf(listingId)).toMatchObject({ cleaningFeeUsdCents: 2000 });
      const { intent: _intent, ...fields } = SETTINGS;
      const api = await send(`/api/v1/listings/${listingId}/booking-settings`, {
        method: "PUT",
        json: { ...fields, cleaningFeeUsd: "10.5" },
        jar: host.jar,
      });
      expect(api.status).toBe(200);
      expect(await settingsOf(listingId)).toMatchObject({ cleaningFeeUsdCents: 1050 });
    });

    it("refuses a payout of 10,00 on the page and in the API, and records nothing", async () => {
      const admin = await makeUser({ role: "admin" });
      const before = await app.handle.db.select().from(payouts);
      for (const amount of ["10,00", "1,000", "10.5.0", "-5"]) {
        const api = await send("/api/v1/admin/payouts", {
          method: "POST",
          json: { host: host.email, currency: "USD", amount, reference: "TRF-1" },
          jar: admin.jar,
        });
        expect(api.status, amount).toBe(400);
        expect(Object.keys((await fieldsOf(api)) ?? {}), amount).toEqual(["amount"]);
        const form = await send("/dashboard/payments", {
          form: {
            intent: "record-payout",
            host: host.email,
            currency: "USD",
            amount,
            reference: "TRF-1",
          },
          jar: admin.jar,
        });
        expect(form.status, amount).toBeLessThan(500);
      }
      // More digits than the currency has: francs have none.
      const francs = await send("/api/v1/admin/payouts", {
        method: "POST",
        json: { host: host.email, currency: "XOF", amount: "10.5", reference: "TRF-2" },
        jar: admin.jar,
      });
      expect(francs.status).toBe(400);
      expect(await app.handle.db.select().from(payouts)).toEqual(before);
    });
  });
});
