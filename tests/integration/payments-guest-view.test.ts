import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingSettings, currencies, payments, payouts } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { formatMinor } from "../../app/lib/money.ts";
import { CHECKOUT_MINUTES, usdCentsToMinor } from "../../app/lib/payment-values.ts";
import { retryBookingCheckout } from "../../app/services/bookings/booking-payment.server.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { expireRequests } from "../../app/services/bookings/booking-sweeps.server.ts";
import { quoteBooking } from "../../app/services/bookings/booking-quote.server.ts";
import { listGuestBookings, readBooking } from "../../app/services/bookings/booking-read.server.ts";
import { invalidateReferenceData } from "../../app/services/reference/reference.server.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay, type StaySettings } from "../support/factories/bookings.ts";
import { location, toastOf } from "../support/flash.ts";
import { markupOf } from "../support/page-handler.ts";
import { expectLedgerHealthy, startTestPayments, type TestPayments } from "../support/payments.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Payments as the host and the guest see them: the host's choice of online payment on the
 * Bookings & calendar page, a declined card retried on the same booking, the amount and currency
 * really charged, what was paid shown as charged, and amounts read strictly.
 */

const t = createTranslator();

/** What the settings form's values below (SETTINGS) store. */
const STAY: StaySettings = { cleaningFeeUsdCents: 2_000 };

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

  /** A stay by the night at $100 taking bookings with `settings` over STAY's. */
  async function stay(settings: StaySettings = {}) {
    return (await makeStay({ owner: host, settings: { ...STAY, ...settings } })).id;
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
  describe("a declined payment, retried on the same booking", () => {
    async function paymentsOf(bookingId: number) {
      return app.handle.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, bookingId))
        .orderBy(payments.createdAt);
    }

    it("keeps the booking and its nights, shows the attempt, and pays on a new checkout", async () => {
      const listingId = await stay({ paymentMode: "full" });
      const booked = await createBooking(guest.viewer, listingId, {
        checkIn: day(30),
        checkOut: day(32),
        guests: "1",
        currency: "USD",
      });
      const [first] = await paymentsOf(booked.id);
      await pay.decline(first!.id);

      // Still the guest's, still holding its nights.
      const { booking } = await readBooking(guest.viewer, booked.id);
      expect(booking.status).toBe("awaiting_payment");
      expect(booking.payment.checkoutUrl).toBeNull();
      expect(booking.payment.attempts).toEqual([
        { status: "failed", method: "mobile_money", at: expect.any(String) as string },
      ]);
      const other = await makeUser({ role: "user" });
      await expect(
        createBooking(other.viewer, listingId, {
          checkIn: day(31),
          checkOut: day(33),
          guests: "1",
          currency: "USD",
        }),
      ).rejects.toMatchObject({ message: "bookings.errors.datesTaken" });

      // The provider's "Try again" comes back to the payment's page: it offers the same booking.
      const returned = await send(`/dashboard/payments/${first!.id}?status=failed`, {
        jar: guest.jar,
      });
      const returnedPage = await returned.text();
      expect(returnedPage).toContain('name="intent" value="retry-payment"');
      expect(returnedPage).toContain(`name="bookingId" value="${booked.id}"`);
      // The Bookings tab tells the attempt inside the booking and offers to pay again.
      const tab = await (await send("/dashboard/bookings", { jar: guest.jar })).text();
      expect(tab).toContain(t("payments.bookings.payAgain"));
      expect(tab).toContain("Mobile money payment declined at");

      const retried = await send("/dashboard/bookings", {
        form: { intent: "retry-payment", bookingId: String(booked.id) },
        jar: guest.jar,
      });
      expect(retried.status).toBe(302);
      expect(location(retried)).toContain(pay.sandbox.url);
      // Asked twice, one checkout.
      const again = await send("/dashboard/bookings", {
        form: { intent: "retry-payment", bookingId: String(booked.id) },
        jar: guest.jar,
      });
      expect(location(again)).toBe(location(retried));
      const api = await send(`/api/v1/bookings/${booked.id}/checkout`, {
        method: "POST",
        jar: guest.jar,
      });
      expect(api.status).toBe(201);
      expect(((await api.json()) as { checkoutUrl: string }).checkoutUrl).toBe(location(retried));
      const attempts = await paymentsOf(booked.id);
      expect(attempts.map((p) => p.status)).toEqual(["failed", "pending"]);
      const second = attempts[1]!;
      expect(second).toMatchObject({ amountMinor: first!.amountMinor, currency: "USD" });
      // The new checkout ends with the hold, not 30 minutes after the retry.
      const held = await readBooking(guest.viewer, booked.id);
      expect(second.expiresAt.toISOString()).toBe(held.booking.expiresAt);

      await pay.pay(second.id);
      const paid = await readBooking(guest.viewer, booked.id);
      expect(paid.booking.status).toBe("confirmed");
      expect(paid.events.map((e) => e.event)).toEqual(["checkout", "paid"]);
      // One booking, no "Expired" copy of it.
      const mine = (await listGuestBookings(guest.viewer)).filter((b) => b.listingId === listingId);
      expect(mine.map((b) => b.status)).toEqual(["confirmed"]);
      await expectLedgerHealthy(app.handle.db);
    });

    it("ends the booking once its checkout window has passed, and refuses a late retry", async () => {
      const listingId = await stay({ paymentMode: "full" });
      const booked = await createBooking(guest.viewer, listingId, {
        checkIn: day(40),
        checkOut: day(41),
        guests: "1",
        currency: "USD",
      });
      const [first] = await paymentsOf(booked.id);
      await pay.decline(first!.id);
      const stranger = await makeUser({ role: "user" });
      await expect(retryBookingCheckout(stranger.viewer, booked.id)).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(retryBookingCheckout(host.viewer, booked.id)).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      // Two tries at once open one checkout: the other is given it, or told it is under way.
      const both = await Promise.allSettled([
        retryBookingCheckout(guest.viewer, booked.id),
        retryBookingCheckout(guest.viewer, booked.id),
      ]);
      const opened = both.flatMap((r) => (r.status === "fulfilled" ? [r.value.paymentId] : []));
      expect(new Set(opened).size).toBe(1);
      for (const r of both) {
        if (r.status === "rejected") {
          expect(r.reason).toMatchObject({ message: "bookings.errors.checkoutOpen" });
        }
      }
      expect((await paymentsOf(booked.id)).map((p) => p.status)).toEqual(["failed", "pending"]);
      await pay.decline(opened[0]!);
      const later = new Date(Date.now() + (CHECKOUT_MINUTES + 1) * 60_000);
      await expect(retryBookingCheckout(guest.viewer, booked.id, later)).rejects.toMatchObject({
        code: "CONFLICT",
        message: "bookings.errors.checkoutClosed",
      });
      expect(await expireRequests(later)).toBeGreaterThan(0);
      const { booking } = await readBooking(guest.viewer, booked.id);
      expect(booking.status).toBe("expired");
      await expect(retryBookingCheckout(guest.viewer, booked.id)).rejects.toMatchObject({
        message: "bookings.errors.checkoutClosed",
      });
      expect(await paymentsOf(booked.id)).toHaveLength(2);
    });
  });

  describe("what is charged, shown as charged", () => {
    it("quotes the amount and currency the checkout then charges", async () => {
      const listingId = await stay({ paymentMode: "deposit", depositPercent: 30 });
      const stayDates = { checkIn: day(50), checkOut: day(53), guests: "2" };
      const quote = await quoteBooking(listingId, { ...stayDates, currency: "KES" });
      expect(quote.charge).toEqual({
        currency: "KES",
        amountMinor: usdCentsToMinor(quote.payment.dueNowUsdCents, "KES", 130),
      });
      // A currency the provider does not take is charged in US dollars, and the quote says so.
      const pounds = await quoteBooking(listingId, { ...stayDates, currency: "GBP" });
      expect(pounds.charge).toEqual({ currency: "USD", amountMinor: quote.payment.dueNowUsdCents });

      const booked = await createBooking(guest.viewer, listingId, {
        ...stayDates,
        currency: "KES",
      });
      const [payment] = await app.handle.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, booked.id));
      expect({ currency: payment!.currency, amountMinor: payment!.amountMinor }).toEqual(
        quote.charge,
      );
    });

    it("shows what was paid in the currency charged, whatever today's rate", async () => {
      const listingId = await stay({ paymentMode: "full" });
      const booked = await createBooking(guest.viewer, listingId, {
        checkIn: day(60),
        checkOut: day(62),
        guests: "1",
        currency: "KES",
      });
      const [payment] = await app.handle.db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, booked.id));
      await pay.pay(payment!.id);
      // The shilling moves after the payment.
      await app.handle.db
        .update(currencies)
        .set({ ratePerUsd: "131.5" })
        .where(eq(currencies.code, "KES"));
      invalidateReferenceData();
      try {
        const { booking } = await readBooking(guest.viewer, booked.id);
        expect(booking.payment.charged).toEqual([
          { currency: "KES", amountMinor: payment!.amountMinor },
        ]);
        const tab = await (await send("/dashboard/bookings", { jar: guest.jar })).text();
        const paidText = t("payments.bookings.paidOnline", {
          amount: formatMinor(payment!.amountMinor, "KES"),
        });
        expect(markupOf(tab)).toContain(paidText);
      } finally {
        await app.handle.db
          .update(currencies)
          .set({ ratePerUsd: "130" })
          .where(eq(currencies.code, "KES"));
        invalidateReferenceData();
      }
    });

    it("adds no service fee to a stay paid at the property, and keeps it on one paid online", async () => {
      const atProperty = await stay({ paymentMode: "on_arrival" });
      const online = await stay({ paymentMode: "full" });
      const dates = { checkIn: day(70), checkOut: day(72), guests: "1" };
      const local = await quoteBooking(atProperty, dates);
      expect(local.price).toMatchObject({ serviceFeeUsdCents: 0, totalUsdCents: 22_000 });
      expect(local.charge).toBeNull();
      const paidOnline = await quoteBooking(online, dates);
      expect(paidOnline.price.serviceFeeUsdCents).toBeGreaterThan(0);
      expect(paidOnline.price.totalUsdCents).toBe(22_000 + paidOnline.price.serviceFeeUsdCents);
    });
  });

  describe("amounts read strictly", () => {
    const fieldsOf = async (response: Response) =>
      ((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields;

    it("refuses a cleaning fee of 10,5 on the page and in the API, naming the field", async () => {
      const listingId = await stay({ cleaningFeeUsdCents: 2_000 });
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
