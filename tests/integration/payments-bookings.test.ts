import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments, refunds } from "../../app/db/schema/index.ts";
import { canPayBalance } from "../../app/lib/booking-payment.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { HOLD_AFTER_CHECK_IN_HOURS } from "../../app/lib/payment-values.ts";
import {
  releaseHeldBookings,
  startBalanceCheckout,
} from "../../app/services/bookings/booking-payment.server.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { answerRequest } from "../../app/services/bookings/booking-answer.server.ts";
import { cancelBooking, refundPreview } from "../../app/services/bookings/booking-cancel.server.ts";
import { expireRequests } from "../../app/services/bookings/booking-sweeps.server.ts";
import { quoteBooking } from "../../app/services/bookings/booking-quote.server.ts";
import { listGuestBookings, readBooking } from "../../app/services/bookings/booking-read.server.ts";
import { accountBalances } from "../../app/services/payments/ledger.server.ts";
import {
  findPaymentProvider,
  setPaymentProvider,
} from "../../app/services/payments/provider-registry.server.ts";
import { createSandboxProvider } from "../../app/services/payments/providers/sandbox.server.ts";
import { payoutReport, recordPayout } from "../../app/services/payouts/payouts.server.ts";
import { startJobCheckout } from "../../app/services/quotes/job-payment.server.ts";
import { answerQuote, sendQuote } from "../../app/services/quotes/quote-offers.server.ts";
import { cancelJob, completeJob, listMyJobs } from "../../app/services/quotes/jobs.server.ts";
import { requestQuote } from "../../app/services/quotes/quote-requests.server.ts";
import { formatMinor } from "../../app/lib/money.ts";
import { captureLog } from "../support/log-capture.ts";
import { testEngine } from "../support/database.ts";
import { jarWith, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay, type StaySettings } from "../support/factories/bookings.ts";
import { location, toastOf } from "../support/flash.ts";
import { createPageHandler, textOf } from "../support/page-handler.ts";
import { expectLedgerHealthy, startTestPayments, type TestPayments } from "../support/payments.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

/**
 * Bookings and jobs paid online through the sandbox provider: a deposit confirmed by the webhook
 * and held, its balance, refunds by the cancellation policy, the release 48 hours after check-in,
 * payouts, a declined paid request, a late payment for an expired booking, and jobs paid, then
 * completed or cancelled. The ledger balances after every scenario.
 */

const STAY: StaySettings = { cleaningFeeUsdCents: 2_000 };

describe(`bookings and jobs paid online on ${testEngine}`, () => {
  let app: TestApp;
  let pay: TestPayments;
  let host: MadeUser;
  let guest: MadeUser;
  let admin: MadeUser;
  const now = new Date();
  const day = (offset: number) => addDays(isoDay(now), offset);

  beforeAll(async () => {
    // One guest books again and again here; the booking limit has its own test (write-limits).
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    pay = await startTestPayments();
    host = await makeUser({ role: "agent", name: "Ama Host" });
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
    admin = await makeUser({ role: "admin" });
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  /** A stay by the night at $100, taking bookings with the settings given over STAY's. */
  async function stay(settings: StaySettings) {
    return (await makeStay({ owner: host, settings: { ...STAY, ...settings } })).id;
  }

  async function paymentsOf(bookingId: number) {
    return app.handle.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId))
      .orderBy(payments.createdAt);
  }

  /** Books and pays the checkout on the sandbox (mobile money approved on the phone). */
  async function bookAndPay(listingId: number, checkIn: string, checkOut: string) {
    const booked = await createBooking(guest.viewer, listingId, {
      checkIn,
      checkOut,
      guests: "2",
      currency: "USD",
    });
    expect(booked.status).toBe("awaiting_payment");
    const [payment] = await paymentsOf(booked.id);
    await pay.pay(payment!.id);
    return { id: booked.id, payment: payment! };
  }

  async function balance(
    account: "host_held" | "host_payable" | "service_fee_revenue",
    filter: {
      bookingId?: number;
      jobId?: number;
      userId?: string;
    },
  ) {
    return 0 - ((await accountBalances(app.handle.db, account, filter)).get("USD") ?? 0);
  }

  it("offers the deposit terms, holds the nights at checkout and confirms on the webhook", async () => {
    const listingId = await stay({ paymentMode: "deposit", depositPercent: 30 });
    const quote = await quoteBooking(listingId, {
      checkIn: day(20),
      checkOut: day(23),
      guests: "2",
    });
    // 3 nights × $100 + $20 cleaning = $320, + 3 % service fee = $329.60; 30 % is $98.88.
    expect(quote.price.totalUsdCents).toBe(32_960);
    expect(quote.payment).toEqual({
      mode: "deposit",
      depositPercent: 30,
      dueNowUsdCents: 9_888,
      restUsdCents: 23_072,
    });

    const booked = await createBooking(guest.viewer, listingId, {
      checkIn: day(20),
      checkOut: day(23),
      guests: "2",
      currency: "USD",
    });
    expect(booked.status).toBe("awaiting_payment");
    expect(booked.checkoutUrl).toContain(pay.sandbox.url);
    const [payment] = await paymentsOf(booked.id);
    expect(payment).toMatchObject({ purpose: "booking", amountMinor: 9_888, currency: "USD" });
    // The nights are held while the guest pays: nobody else gets them.
    const other = await makeUser({ role: "user" });
    expect(
      await refusalOf(
        createBooking(other.viewer, listingId, {
          checkIn: day(21),
          checkOut: day(22),
          guests: "1",
          currency: "USD",
        }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: "bookings.errors.datesTaken" });

    await pay.pay(payment!.id);
    const { booking, events } = await readBooking(guest.viewer, booked.id);
    expect(booking.status).toBe("confirmed");
    expect(booking.payment).toMatchObject({ mode: "deposit", paidUsdCents: 9_888 });
    expect(events.map((e) => e.event)).toEqual(["checkout", "paid"]);
    const mail = await waitForMail(app, guest.email);
    expect(mail.subject).toContain("Booking confirmed");
    expect(mail.body).toContain("deposit");

    // Of $98.88, the service fee's share (3 % of the total's 30 %) is the platform's.
    const fee = Math.round((9_888 * 960) / 32_960);
    expect(await balance("service_fee_revenue", { bookingId: booked.id })).toBe(fee);
    expect(await balance("host_held", { bookingId: booked.id })).toBe(9_888 - fee);
    await expectLedgerHealthy(app.handle.db);

    // The balance, online before check-in, from the Bookings tab.
    const [trip] = (await listGuestBookings(guest.viewer)).filter((b) => b.id === booked.id);
    expect(canPayBalance(trip!, isoDay(now))).toBe(true);
    const balanceCheckout = await startBalanceCheckout(guest.viewer, booked.id, "USD");
    // Opening it again gives back the same open checkout.
    expect(await startBalanceCheckout(guest.viewer, booked.id, "USD")).toEqual(balanceCheckout);
    expect(await refusalOf(startBalanceCheckout(host.viewer, booked.id))).toMatchObject({
      code: "FORBIDDEN",
    });
    await pay.pay(balanceCheckout.paymentId);
    const paid = await readBooking(guest.viewer, booked.id);
    expect(paid.booking.payment.paidUsdCents).toBe(32_960);
    expect(canPayBalance(paid.booking, isoDay(now))).toBe(false);
    expect(await refusalOf(startBalanceCheckout(guest.viewer, booked.id))).toMatchObject({
      message: "bookings.errors.balancePaid",
    });
    expect(await balance("host_held", { bookingId: booked.id })).toBe(32_960 - 960);
    expect(await balance("service_fee_revenue", { bookingId: booked.id })).toBe(960);
    await expectLedgerHealthy(app.handle.db);
  });

  it("refunds a cancellation by the policy through the provider", async () => {
    const moderate = await stay({ paymentMode: "full" });
    const strict = await stay({ paymentMode: "full", cancellationPolicy: "strict" });

    // Moderate, more than 5 days before check-in: everything back.
    const early = await bookAndPay(moderate, day(30), day(32));
    expect((await refundPreview(guest.viewer, early.id)).refundUsdCents).toBe(
      early.payment.amountMinor,
    );
    const cancelled = await cancelBooking(guest.viewer, early.id, {});
    await pay.sandbox.settled();
    expect(cancelled.refundUsdCents).toBe(early.payment.amountMinor);
    const [full] = await app.handle.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, early.payment.id));
    expect(full).toMatchObject({ amountMinor: early.payment.amountMinor, status: "succeeded" });
    expect(await balance("host_held", { bookingId: early.id })).toBe(0);
    expect(await balance("service_fee_revenue", { bookingId: early.id })).toBe(0);
    const view = (await listGuestBookings(guest.viewer)).find((b) => b.id === early.id)!;
    expect(view.payment.refunds).toEqual([
      expect.objectContaining({ amountMinor: early.payment.amountMinor, status: "succeeded" }),
    ]);
    expect(pay.checkoutOf(early.payment.id).refunded).toBe(early.payment.amountMinor);
    await expectLedgerHealthy(app.handle.db);

    // Strict, within 7 days of check-in: nothing back, the host keeps the money held.
    const late = await bookAndPay(strict, day(3), day(5));
    const kept = await cancelBooking(guest.viewer, late.id, {});
    expect(kept.refundUsdCents).toBe(0);
    expect(
      await app.handle.db.select().from(refunds).where(eq(refunds.paymentId, late.payment.id)),
    ).toEqual([]);
    // What the host keeps is payable to them at once: the stay will not happen.
    expect(await balance("host_held", { bookingId: late.id })).toBe(0);
    expect(await balance("host_payable", { bookingId: late.id })).toBeGreaterThan(0);
    await expectLedgerHealthy(app.handle.db);

    // Moderate, within 5 days: half of the stay without the service fee, from the host's share.
    const half = await bookAndPay(moderate, day(2), day(4));
    const heldBefore = await balance("host_held", { bookingId: half.id });
    const feeBefore = await balance("service_fee_revenue", { bookingId: half.id });
    // 2 nights × $100 + $20 = $220 + $6.60 fee = $226.60; half of $220 is $110.
    const halved = await cancelBooking(guest.viewer, half.id, {});
    await pay.sandbox.settled();
    expect(halved.refundUsdCents).toBe(11_000);
    expect(await balance("host_held", { bookingId: half.id })).toBe(0);
    expect(await balance("host_payable", { bookingId: half.id })).toBe(heldBefore - 11_000);
    expect(await balance("service_fee_revenue", { bookingId: half.id })).toBe(feeBefore);
    await expectLedgerHealthy(app.handle.db);

    // A deposit cancelled within 5 days: the same half, as a share of what was paid.
    const deposit = await stay({ paymentMode: "deposit", depositPercent: 50 });
    const part = await bookAndPay(deposit, day(2), day(4));
    expect(part.payment.amountMinor).toBe(11_330);
    const partly = await cancelBooking(guest.viewer, part.id, {});
    await pay.sandbox.settled();
    expect(partly.refundUsdCents).toBe(Math.round((11_330 * 11_000) / 22_660));
    await expectLedgerHealthy(app.handle.db);
  });

  it("releases held money 48 hours after check-in, then records payouts up to what is payable", async () => {
    const payee = await makeUser({ role: "agent", name: "Efua Payee" });
    const { id: listingId } = await makeStay({
      owner: payee,
      propertyType: "hotel",
      settings: { ...STAY, paymentMode: "full" },
    });
    const booked = await bookAndPay(listingId, day(1), day(3));
    const held = await balance("host_held", { userId: payee.id });
    expect(held).toBeGreaterThan(0);

    expect(await releaseHeldBookings(now)).toBe(0);
    const due = new Date(
      new Date(`${day(1)}T00:00:00Z`).getTime() + HOLD_AFTER_CHECK_IN_HOURS * 3_600_000,
    );
    expect(await releaseHeldBookings(new Date(due.getTime() - 60_000))).toBe(0);
    expect(await releaseHeldBookings(due)).toBeGreaterThanOrEqual(1);
    expect(await balance("host_held", { userId: payee.id })).toBe(0);
    expect(await balance("host_payable", { userId: payee.id })).toBe(held);
    expect(await releaseHeldBookings(due)).toBe(0);
    await expectLedgerHealthy(app.handle.db);

    const report = await payoutReport(payee.viewer);
    expect(report.totals).toEqual([
      { currency: "USD", heldMinor: 0, payableMinor: held, paidMinor: 0, owedMinor: 0 },
    ]);
    expect(report.items).toEqual([
      expect.objectContaining({ kind: "booking", id: booked.id, heldMinor: 0, payableMinor: held }),
    ]);

    // More than is payable is refused, and nothing is written.
    expect(
      await refusalOf(
        recordPayout(admin.viewer, {
          host: payee.email,
          currency: "USD",
          amount: String((held + 1) / 100),
          reference: "TRF-OVER",
        }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: "payments.payouts.errors.overPayable" });
    expect(await refusalOf(recordPayout(payee.viewer, {}))).toMatchObject({ code: "FORBIDDEN" });

    const payout = await recordPayout(admin.viewer, {
      host: payee.email.toUpperCase(),
      currency: "usd",
      amount: (held / 100).toFixed(2),
      reference: "TRF-0001",
    });
    expect(payout).toMatchObject({ hostId: payee.id, amountMinor: held, currency: "USD" });
    expect(await balance("host_payable", { userId: payee.id })).toBe(0);
    const [audit] = await app.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payout.record"), eq(auditLog.targetId, payee.id)));
    expect(audit?.detail).toMatchObject({ amountMinor: held, reference: "TRF-0001" });
    expect((await payoutReport(payee.viewer)).totals).toEqual([
      { currency: "USD", heldMinor: 0, payableMinor: 0, paidMinor: held, owedMinor: 0 },
    ]);
    await expectLedgerHealthy(app.handle.db);

    // The administrator cancels after the payout: the guest gets everything back, and what was
    // already paid out to the host is a debt they owe, not a negative payable balance.
    const cancelled = await cancelBooking(admin.viewer, booked.id, { reason: "Overbooked" });
    await pay.sandbox.settled();
    expect(cancelled.refundUsdCents).toBe(booked.payment.amountMinor);
    expect(await balance("host_payable", { userId: payee.id })).toBe(0);
    expect(
      (await accountBalances(app.handle.db, "host_receivable", { userId: payee.id })).get("USD"),
    ).toBe(held);
    await expectLedgerHealthy(app.handle.db);
  });

  it("refunds a paid request in full when the host declines it", async () => {
    const listingId = await stay({ paymentMode: "full", mode: "request" });
    const booked = await bookAndPay(listingId, day(40), day(42));
    const { booking, events } = await readBooking(guest.viewer, booked.id);
    expect(booking.status).toBe("requested");
    expect(new Date(booking.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(events.map((e) => e.event)).toEqual(["checkout", "paid"]);
    expect(app.sink.to(host.email).at(-1)?.subject).toContain("Booking request");
    const requestMail = app.sink.to(guest.email).findLast((m) => m.subject.includes("request"));
    expect(requestMail?.body).toContain("everything you paid online is refunded");

    const declined = await answerRequest(host.viewer, booked.id, "decline", { reason: "Closed" });
    await pay.sandbox.settled();
    expect(declined.refundUsdCents).toBe(booked.payment.amountMinor);
    expect(await balance("host_held", { bookingId: booked.id })).toBe(0);
    expect(await balance("service_fee_revenue", { bookingId: booked.id })).toBe(0);
    await expectLedgerHealthy(app.handle.db);

    // A paid request the host leaves unanswered expires, refunded in full too.
    const unanswered = await bookAndPay(listingId, day(44), day(46));
    const deadline = (await readBooking(guest.viewer, unanswered.id)).booking.expiresAt!;
    await expireRequests(new Date(new Date(deadline).getTime() + 60_000));
    await pay.sandbox.settled();
    const expired = (await readBooking(guest.viewer, unanswered.id)).booking;
    expect(expired).toMatchObject({
      status: "expired",
      refundUsdCents: unanswered.payment.amountMinor,
    });
    expect(expired.payment.refunds).toEqual([
      expect.objectContaining({ amountMinor: unanswered.payment.amountMinor, status: "succeeded" }),
    ]);
    expect(await balance("host_held", { bookingId: unanswered.id })).toBe(0);
    await expectLedgerHealthy(app.handle.db);
  });

  it("expires an unpaid checkout, and refunds a payment that comes after", async () => {
    const listingId = await stay({ paymentMode: "full" });
    const booked = await createBooking(guest.viewer, listingId, {
      checkIn: day(50),
      checkOut: day(52),
      guests: "1",
      currency: "USD",
    });
    const [payment] = await paymentsOf(booked.id);
    const closed = new Date(booked.expiresAt!);
    // The checkout closed but its payment is still pending: the reconciliation asks first.
    await expireRequests(new Date(closed.getTime() + 60_000));
    expect((await readBooking(guest.viewer, booked.id)).booking.status).toBe("awaiting_payment");
    await expireRequests(new Date(closed.getTime() + 61 * 60_000));
    const { booking, events } = await readBooking(guest.viewer, booked.id);
    expect(booking.status).toBe("expired");
    expect(events.at(-1)).toMatchObject({ event: "expired", fromStatus: "awaiting_payment" });
    expect(app.sink.to(guest.email).at(-1)?.subject).toContain("Booking not paid");

    const before = pay.outcomes.length;
    await pay.pay(payment!.id);
    // The payment's webhook answers once the refund it caused was sent: the refund's own
    // webhook may be answered first.
    expect(pay.outcomes.slice(before)).toContain("unapplied_refunded");
    await pay.sandbox.settled();
    const [refund] = await app.handle.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment!.id));
    expect(refund).toMatchObject({ amountMinor: payment!.amountMinor, status: "succeeded" });
    const [view] = (await listGuestBookings(guest.viewer)).filter((b) => b.id === booked.id);
    expect(view!.payment.refunds).toHaveLength(1);
    await expectLedgerHealthy(app.handle.db);
  });

  it("expires the booking at once when the provider cannot be reached", async () => {
    const listingId = await stay({ paymentMode: "full" });
    const log = captureLog("error");
    const sandbox = findPaymentProvider();
    setPaymentProvider(createSandboxProvider({ url: "http://127.0.0.1:9", secret: "unused" }));
    try {
      expect(
        await refusalOf(
          createBooking(guest.viewer, listingId, {
            checkIn: day(60),
            checkOut: day(61),
            guests: "1",
            currency: "USD",
          }),
        ),
      ).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "payments.errors.providerDown" });
    } finally {
      setPaymentProvider(sandbox);
    }
    expect(log.lines().map((line) => line.msg)).toContainEqual(
      expect.stringContaining("the provider did not open a checkout"),
    );
    const [latest] = (await listGuestBookings(guest.viewer)).filter(
      (b) => b.listingId === listingId,
    );
    expect(latest?.status).toBe("expired");
    const failed = await paymentsOf(latest!.id);
    expect(failed.map((p) => p.status)).toEqual(["failed"]);
    // The nights are free again.
    const again = await createBooking(guest.viewer, listingId, {
      checkIn: day(60),
      checkOut: day(61),
      guests: "1",
      currency: "USD",
    });
    expect(again.status).toBe("awaiting_payment");
  });

  it("the pages send the payer to the checkout and show what was paid and refunded", async () => {
    const page = await createPageHandler(app);
    const listingId = await stay({ paymentMode: "deposit", depositPercent: 25 });
    const quoted = await page(`/listing/${listingId}?checkIn=${day(70)}&checkOut=${day(72)}`, {
      jar: jarWith(guest.cookie),
    });
    const card = await textOf(quoted);
    expect(card).toContain("Paid online now: $56.65 (25 % deposit); the rest, $169.95");
    expect(card).toContain("Book and pay $56.65");

    const booked = await page(`/listing/${listingId}`, {
      jar: jarWith(guest.cookie),
      method: "POST",
      form: { intent: "book", checkIn: day(70), checkOut: day(72), guests: "2", currency: "USD" },
    });
    expect(booked.status).toBe(302);
    expect(location(booked)).toContain(pay.sandbox.url);
    const [trip] = (await listGuestBookings(guest.viewer)).filter((b) => b.listingId === listingId);
    const tab = await textOf(await page("/dashboard/bookings", { jar: jarWith(guest.cookie) }));
    expect(tab).toContain("Awaiting payment");
    expect(tab).toContain("Continue to payment");

    await pay.pay((await paymentsOf(trip!.id))[0]!.id);
    const confirmed = await textOf(
      await page("/dashboard/bookings", { jar: jarWith(guest.cookie) }),
    );
    expect(confirmed).toContain("Paid online: $56.65.");
    expect(confirmed).toContain(`Pay the balance of booking #${trip!.id}`);
    const balance = await page("/dashboard/bookings", {
      jar: jarWith(guest.cookie),
      method: "POST",
      form: { intent: "pay-balance", bookingId: String(trip!.id) },
    });
    expect(location(balance)).toContain(pay.sandbox.url);

    const cancelled = await page("/dashboard/bookings", {
      jar: jarWith(guest.cookie),
      method: "POST",
      form: { intent: "cancel", bookingId: String(trip!.id) },
    });
    expect(location(cancelled)).toBe("/dashboard/bookings");
    await pay.sandbox.settled();
    const refunded = await textOf(
      await page("/dashboard/bookings", { jar: jarWith(guest.cookie) }),
    );
    expect(refunded).toContain("Refund of $56.65: completed");
    await expectLedgerHealthy(app.handle.db);
  });

  it("shows the host's payouts and lets the administrator record one from the Payments tab", async () => {
    const page = await createPageHandler(app);
    // A year on, everything the host holds for confirmed stays is payable.
    await releaseHeldBookings(new Date(now.getTime() + 400 * 86_400_000));
    const report = await payoutReport(host.viewer);
    const payable = report.totals.find((row) => row.currency === "USD")!.payableMinor;
    const held = report.totals.find((row) => row.currency === "USD")!.heldMinor;
    const tab = await textOf(await page("/dashboard/payments", { jar: jarWith(host.cookie) }));
    expect(tab).toContain("Payouts");
    expect(tab).toContain(formatMinor(payable, "USD"));
    expect(held).toBe(0);

    const adminTab = await textOf(
      await page("/dashboard/payments", { jar: jarWith(admin.cookie) }),
    );
    expect(adminTab).toContain("Record payout");
    const over = await page("/dashboard/payments", {
      jar: jarWith(admin.cookie),
      method: "POST",
      form: {
        intent: "record-payout",
        host: host.email,
        currency: "USD",
        amount: String((payable + 100) / 100),
        reference: "TRF-PAGE",
      },
    });
    expect(over.status).toBe(409);
    expect(await textOf(over)).toContain("more than is payable to this host");
    const refusedForGuest = await page("/dashboard/payments", {
      jar: jarWith(guest.cookie),
      method: "POST",
      form: {
        intent: "record-payout",
        host: host.email,
        currency: "USD",
        amount: "1",
        reference: "X",
      },
    });
    expect(toastOf(refusedForGuest)).toMatchObject({ title: "payments.payouts.admin.refused" });
    expect(payable).toBeGreaterThan(0);
    const recorded = await page("/dashboard/payments", {
      jar: jarWith(admin.cookie),
      method: "POST",
      form: {
        intent: "record-payout",
        host: host.email,
        currency: "USD",
        amount: (payable / 100).toFixed(2),
        reference: "TRF-PAGE",
      },
    });
    expect(toastOf(recorded)).toMatchObject({ title: "payments.payouts.admin.recorded" });
    expect((await payoutReport(host.viewer)).totals).toContainEqual(
      expect.objectContaining({ currency: "USD", payableMinor: 0, paidMinor: payable }),
    );
    await expectLedgerHealthy(app.handle.db);
  });

  describe("jobs", () => {
    async function acceptedJob() {
      const professional = await makeUser({ role: "professional", name: "Yaw Electrician" });
      const client = await makeUser({ role: "user", name: "Abena Client" });
      const { id: listingId } = await makeListing({
        owner: professional,
        category: "professionals",
      });
      const { request } = await requestQuote(client.viewer, {
        listingId,
        need: "Rewire the kitchen",
        place: "Osu, Accra",
        neededBy: day(10),
      });
      const quote = await sendQuote(professional.viewer, {
        requestId: request.id,
        amount: "200",
        covers: "Labour and cables",
        validUntil: day(5),
      });
      const { job } = await answerQuote(client.viewer, { quoteId: quote.id, decision: "accept" });
      return { professional, client, jobId: job!.id };
    }

    async function payJob(client: MadeUser, jobId: number) {
      const checkout = await startJobCheckout(client.viewer, jobId, "USD");
      await pay.pay(checkout.paymentId);
      return checkout;
    }

    it("holds a paid job's money until it is completed, then makes it payable", async () => {
      const { professional, client, jobId } = await acceptedJob();
      const [unpaid] = await listMyJobs(client.viewer);
      // $200 quoted + the 3 % service fee.
      expect(unpaid!.payment).toEqual({
        serviceFeeUsdCents: 600,
        totalUsdCents: 20_600,
        paid: false,
        refunds: [],
        payout: null,
      });
      // Completing comes after paying: before, it would leave nothing to pay online.
      expect(await refusalOf(completeJob(client.viewer, { jobId }))).toEqual({
        code: "CONFLICT",
        message: "quotes.errors.payBeforeCompleting",
      });
      expect(await refusalOf(startJobCheckout(professional.viewer, jobId))).toMatchObject({
        code: "FORBIDDEN",
      });
      await payJob(client, jobId);
      expect((await listMyJobs(professional.viewer))[0]!.payment.paid).toBe(true);
      expect(await refusalOf(startJobCheckout(client.viewer, jobId))).toMatchObject({
        message: "payments.jobs.alreadyPaid",
      });
      expect(await balance("host_held", { jobId })).toBe(20_000);
      expect(await balance("service_fee_revenue", { jobId })).toBe(600);

      // The money is the client's protection: only they say the paid work is done.
      expect(await refusalOf(completeJob(professional.viewer, { jobId }))).toMatchObject({
        code: "FORBIDDEN",
        message: "quotes.errors.clientCompletesPaid",
      });
      expect(await balance("host_held", { jobId })).toBe(20_000);
      const payoutOf = async () => (await listMyJobs(professional.viewer))[0]!.payment.payout;
      expect(await payoutOf()).toBe("held");
      expect((await listMyJobs(client.viewer))[0]!.payment.payout).toBeNull();
      await completeJob(client.viewer, { jobId });
      expect(await balance("host_held", { jobId })).toBe(0);
      expect(await balance("host_payable", { jobId })).toBe(20_000);
      expect((await payoutReport(professional.viewer)).items).toEqual([
        expect.objectContaining({
          kind: "job",
          id: jobId,
          heldMinor: 0,
          payableMinor: 20_000,
          paidOutMinor: 0,
          state: "payable",
        }),
      ]);
      expect(await payoutOf()).toBe("payable");
      await expectLedgerHealthy(app.handle.db);

      // Paid out: the job's row says so, not "Payable" any more.
      await recordPayout(admin.viewer, {
        host: professional.email,
        currency: "USD",
        amount: "200.00",
        reference: `TRF-JOB-${jobId}`,
      });
      expect((await payoutReport(professional.viewer)).items).toEqual([
        expect.objectContaining({
          kind: "job",
          id: jobId,
          heldMinor: 0,
          payableMinor: 0,
          paidOutMinor: 20_000,
          state: "paid_out",
        }),
      ]);
      expect(await payoutOf()).toBe("paid_out");
      const page = await createPageHandler(app);
      const tab = await textOf(
        await page("/dashboard/payments", { jar: jarWith(professional.cookie) }),
      );
      expect(tab).toContain(`Job #${jobId}: `);
      expect(tab).toContain('<span data-state="paid_out">Paid out</span>');
      expect(tab).not.toContain('data-state="payable"');
      const jobsTab = await textOf(
        await page("/dashboard/bookings", { jar: jarWith(professional.cookie) }),
      );
      expect(jobsTab).toContain("Paid out to you.");
      await expectLedgerHealthy(app.handle.db);
    });

    it("refunds a paid job in full when it is cancelled", async () => {
      const { client, jobId } = await acceptedJob();
      const checkout = await payJob(client, jobId);
      await cancelJob(client.viewer, { jobId, reason: "Plans changed" });
      await pay.sandbox.settled();
      const [refund] = await app.handle.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, checkout.paymentId));
      expect(refund).toMatchObject({ amountMinor: 20_600, status: "succeeded" });
      expect((await listMyJobs(client.viewer))[0]!.payment.refunds).toEqual([
        expect.objectContaining({ amountMinor: 20_600, status: "succeeded" }),
      ]);
      expect(await balance("host_held", { jobId })).toBe(0);
      expect(await balance("service_fee_revenue", { jobId })).toBe(0);
      await expectLedgerHealthy(app.handle.db);
    });
  });
});
