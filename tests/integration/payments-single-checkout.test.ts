import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "../../app/db/schema/index.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { startBalanceCheckout } from "../../app/services/bookings/booking-payment.server.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { startJobCheckout } from "../../app/services/quotes/job-payment.server.ts";
import { answerQuote, sendQuote } from "../../app/services/quotes/quote-offers.server.ts";
import { requestQuote } from "../../app/services/quotes/quote-requests.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser } from "../support/factories.ts";
import { makeStay } from "../support/factories/bookings.ts";
import { expectLedgerHealthy, startTestPayments, type TestPayments } from "../support/payments.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Issue 24, item 8: parallel checkouts for one job or one deposit's balance each opened a
 * payment; the extras were refunded and each lost its provider fee. Now there is one open
 * checkout per purpose, held by the database, and every request at once gets that one back.
 */

const PARALLEL = 8;

describe(`one open checkout per purpose on ${testEngine}`, () => {
  let app: TestApp;
  let pay: TestPayments;
  const now = new Date();
  const day = (offset: number) => addDays(isoDay(now), offset);

  beforeAll(async () => {
    app = await startTestApp();
    pay = await startTestPayments();
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  async function acceptedJob() {
    const professional = await makeUser({ role: "professional", name: "Kojo Plumber" });
    const client = await makeUser({ role: "user", name: "Akua Client" });
    const { id: listingId } = await makeListing({ owner: professional, category: "professionals" });
    const { request } = await requestQuote(client.viewer, {
      listingId,
      need: "Fix the sink",
      place: "Labone, Accra",
      neededBy: day(10),
    });
    const quote = await sendQuote(professional.viewer, {
      requestId: request.id,
      amount: "150",
      covers: "Labour and parts",
      validUntil: day(5),
    });
    const { job } = await answerQuote(client.viewer, { quoteId: quote.id, decision: "accept" });
    return { client, jobId: job!.id };
  }

  async function pendingOf(where: ReturnType<typeof and>) {
    return app.handle.db
      .select()
      .from(payments)
      .where(and(where, eq(payments.status, "pending")));
  }

  it("gives every request at once for a job the same checkout, and one payment", async () => {
    const { client, jobId } = await acceptedJob();
    const checkoutsBefore = pay.sandbox.checkouts().length;
    const started = await Promise.all(
      Array.from({ length: PARALLEL }, () => startJobCheckout(client.viewer, jobId, "USD")),
    );
    expect(new Set(started.map((s) => s.paymentId)).size).toBe(1);
    const rows = await app.handle.db.select().from(payments).where(eq(payments.jobId, jobId));
    expect(rows).toHaveLength(1);
    expect(pay.sandbox.checkouts().length - checkoutsBefore).toBe(1);
    // Every answer leads to that payment's checkout, or its page while it is still opening.
    for (const { checkoutUrl } of started) {
      expect([rows[0]!.checkoutUrl, `/dashboard/payments/${rows[0]!.id}`]).toContain(checkoutUrl);
    }

    // The database holds the rule whatever the code does: a second open payment is refused.
    const [first] = rows;
    await expect(
      app.handle.db.insert(payments).values({ ...first!, id: `${first!.id}_twin` }),
    ).rejects.toThrow();

    // A checkout window that closed while the provider still takes the payment is given back.
    await app.handle.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.id, first!.id));
    expect((await startJobCheckout(client.viewer, jobId, "USD")).paymentId).toBe(first!.id);

    await pay.pay(first!.id);
    expect(await pendingOf(eq(payments.jobId, jobId))).toEqual([]);
    await expectLedgerHealthy(app.handle.db);
  });

  it("gives every request at once for a deposit's balance the same checkout", async () => {
    const host = await makeUser({ role: "agent", name: "Abla Host" });
    const guest = await makeUser({ role: "user", name: "Kweku Guest" });
    const { id: listingId } = await makeStay({
      owner: host,
      settings: { paymentMode: "deposit", depositPercent: 30 },
    });
    const booked = await createBooking(guest.viewer, listingId, {
      checkIn: day(20),
      checkOut: day(22),
      guests: "2",
      currency: "USD",
    });
    const [deposit] = await pendingOf(eq(payments.bookingId, booked.id));
    await pay.pay(deposit!.id);

    const started = await Promise.all(
      Array.from({ length: PARALLEL }, () => startBalanceCheckout(guest.viewer, booked.id, "USD")),
    );
    expect(new Set(started.map((s) => s.paymentId)).size).toBe(1);
    const balances = await app.handle.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booked.id), eq(payments.purpose, "booking_balance")));
    expect(balances).toHaveLength(1);

    // A balance checkout that failed makes way for a new one.
    await pay.decline(balances[0]!.id);
    const again = await startBalanceCheckout(guest.viewer, booked.id, "USD");
    expect(again.paymentId).not.toBe(balances[0]!.id);
    await pay.pay(again.paymentId);
    await expectLedgerHealthy(app.handle.db);
  });
});
