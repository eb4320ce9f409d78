import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bookings, ledgerEntries, payments, refunds } from "../../app/db/schema/index.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { formatMinor } from "../../app/lib/money.ts";
import { HOLD_AFTER_CHECK_IN_HOURS } from "../../app/lib/payment-values.ts";
import { releaseHeldBookings } from "../../app/services/bookings/booking-payment.server.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { cancelBooking } from "../../app/services/bookings/booking-cancel.server.ts";
import { ledgerReport } from "../../app/services/payments/ledger-report.server.ts";
import { accountBalances } from "../../app/services/payments/ledger.server.ts";
import {
  payableHosts,
  payoutReport,
  recordPayout,
} from "../../app/services/payouts/payouts.server.ts";
import { testEngine } from "../support/database.ts";
import { jarWith, makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay } from "../support/factories/bookings.ts";
import { createPageHandler, textOf } from "../support/page-handler.ts";
import { expectLedgerHealthy, startTestPayments, type TestPayments } from "../support/payments.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

/**
 * Issue 24, item 1: a host paid out and the guest still refunded in full left the host's payable
 * at −400 and the provider's cash below zero while the report said "balanced". Now the host
 * cannot cancel once the stay has begun, the administrator can with a reason (audited), a refund
 * of money already paid out is a debt the host owes and repays from their next payable money,
 * and the ledger report says "not healthy", naming the account, for any such break.
 */

describe(`a refund after a payout on ${testEngine}`, () => {
  let app: TestApp;
  let pay: TestPayments;
  let host: MadeUser;
  let guest: MadeUser;
  let admin: MadeUser;
  let listingId: number;
  const now = new Date();
  const day = (offset: number) => addDays(isoDay(now), offset);
  const at = (isoDate: string, hour = 12) =>
    new Date(`${isoDate}T${String(hour).padStart(2, "0")}:00:00Z`);

  beforeAll(async () => {
    app = await startTestApp();
    pay = await startTestPayments();
    host = await makeUser({ role: "agent", name: "Adwoa Host" });
    guest = await makeUser({ role: "user", name: "Kwame Guest" });
    admin = await makeUser({ role: "admin", name: "Esi Admin" });
    ({ id: listingId } = await makeStay({ owner: host, settings: { paymentMode: "full" } }));
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  async function bookAndPay(checkIn: string, checkOut: string) {
    const booked = await createBooking(guest.viewer, listingId, {
      checkIn,
      checkOut,
      guests: "2",
      currency: "USD",
    });
    const [payment] = await app.handle.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.bookingId, booked.id));
    await pay.pay(payment!.id);
    return { id: booked.id, paymentId: payment!.id };
  }

  async function owed(account: "host_payable" | "host_held", userId: string) {
    return 0 - ((await accountBalances(app.handle.db, account, { userId })).get("USD") ?? 0);
  }
  async function debtOf(userId: string) {
    return (await accountBalances(app.handle.db, "host_receivable", { userId })).get("USD") ?? 0;
  }
  async function cash() {
    return (await accountBalances(app.handle.db, "provider_cash")).get("USD") ?? 0;
  }

  /** Pays the stay, releases it 48 hours after check-in and pays everything payable out. */
  async function paidOutStay(checkIn: string, checkOut: string) {
    const booked = await bookAndPay(checkIn, checkOut);
    const due = new Date(at(checkIn, 0).getTime() + HOLD_AFTER_CHECK_IN_HOURS * 3_600_000);
    await releaseHeldBookings(due);
    const payable = await owed("host_payable", host.id);
    expect(payable).toBeGreaterThan(0);
    await recordPayout(admin.viewer, {
      host: host.email,
      currency: "USD",
      amount: (payable / 100).toFixed(2),
      reference: `TRF-${booked.id}`,
    });
    expect(await owed("host_payable", host.id)).toBe(0);
    return { ...booked, paidOut: payable, due };
  }

  it("refuses the host's cancellation once the stay has begun, and changes nothing", async () => {
    const stay = await paidOutStay(day(1), day(5));
    const during = at(day(3));
    expect(await refusalOf(cancelBooking(host.viewer, stay.id, {}, during))).toEqual({
      code: "CONFLICT",
      message: "bookings.errors.hostCancelStarted",
    });
    const [row] = await app.handle.db.select().from(bookings).where(eq(bookings.id, stay.id));
    expect(row!.status).toBe("confirmed");
    expect(
      await app.handle.db.select().from(refunds).where(eq(refunds.paymentId, stay.paymentId)),
    ).toEqual([]);
    // The administrator must say why.
    expect(await refusalOf(cancelBooking(admin.viewer, stay.id, {}, during))).toEqual({
      code: "VALIDATION_FAILED",
      message: "bookings.errors.adminReason",
      fields: { reason: "bookings.errors.adminReason" },
    });
    expect(await refusalOf(cancelBooking(admin.viewer, stay.id, { reason: "  " }, during))).toEqual(
      {
        code: "VALIDATION_FAILED",
        message: "bookings.errors.adminReason",
        fields: { reason: "bookings.errors.adminReason" },
      },
    );
    await expectLedgerHealthy(app.handle.db);

    // The host can still cancel a stay that has not begun.
    const later = await bookAndPay(day(20), day(22));
    const cancelled = await cancelBooking(host.viewer, later.id, {}, at(day(19)));
    expect(cancelled.status).toBe("cancelled");
    await pay.sandbox.settled();
    await expectLedgerHealthy(app.handle.db);
  });

  it("turns a refund of money already paid out into a debt the host repays from the next payouts", async () => {
    const stay = await paidOutStay(day(30), day(34));
    const during = at(day(32));
    const debtBefore = await debtOf(host.id);

    const cancelled = await cancelBooking(
      admin.viewer,
      stay.id,
      { reason: "Guest was locked out" },
      during,
    );
    await pay.sandbox.settled();
    // The guest gets everything back, through the provider.
    expect(cancelled.status).toBe("cancelled");
    const [refund] = await app.handle.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, stay.paymentId));
    expect(refund).toMatchObject({ status: "succeeded", reason: "booking_cancelled" });
    expect(pay.checkoutOf(stay.paymentId).refunded).toBe(refund!.amountMinor);
    // What the host had been paid is a debt now, not a payable balance below zero.
    expect(await owed("host_payable", host.id)).toBe(0);
    expect(await debtOf(host.id)).toBe(debtBefore + stay.paidOut);
    expect(await cash()).toBeGreaterThanOrEqual(0);
    await expectLedgerHealthy(app.handle.db);

    // The reason and the cancellation are in the audit log.
    const [audit] = await app.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.cancel"), eq(auditLog.targetId, String(stay.id))));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: "booking" });
    expect(audit!.detail).toMatchObject({ reason: "Guest was locked out", checkInBegun: true });

    // The administrator sees the debt, and the ledger as healthy.
    const report = await ledgerReport(admin.viewer);
    const usd = report.currencies.find((c) => c.currency === "USD")!;
    expect(usd).toMatchObject({ balanced: true, healthy: true, problems: [] });
    expect(usd.hostDebts).toContainEqual({
      hostId: host.id,
      hostName: "Adwoa Host",
      owedMinor: debtBefore + stay.paidOut,
    });
    expect(usd.balances.host_receivable).toBe(debtBefore + stay.paidOut);
    expect((await payableHosts(admin.viewer)).map((h) => h.hostId)).not.toContain(host.id);
    // The host sees it too, in their payout report.
    expect((await payoutReport(host.viewer)).totals).toContainEqual(
      expect.objectContaining({
        currency: "USD",
        payableMinor: 0,
        owedMinor: debtBefore + stay.paidOut,
      }),
    );
    const hostTab = await textOf(
      await (
        await createPageHandler(app)
      )("/dashboard/payments", { jar: jarWith(host.cookie) }),
    );
    expect(hostTab).toContain(`You owe ${formatMinor(debtBefore + stay.paidOut, "USD")} back`);
    const page = await createPageHandler(app);
    const tab = await textOf(await page("/dashboard/payments", { jar: jarWith(admin.cookie) }));
    expect(tab).toContain("Owed back by hosts");
    expect(tab).toContain(`Adwoa Host owes ${formatMinor(debtBefore + stay.paidOut, "USD")}`);

    // The host's next stay repays it before anything is payable again.
    const debt = await debtOf(host.id);
    const next = await bookAndPay(day(40), day(47));
    const earned = await owed("host_held", host.id);
    expect(earned).toBeGreaterThan(debt);
    await releaseHeldBookings(
      new Date(at(day(40), 0).getTime() + HOLD_AFTER_CHECK_IN_HOURS * 3_600_000),
    );
    expect(await debtOf(host.id)).toBe(0);
    expect(await owed("host_payable", host.id)).toBe(earned - debt);
    expect(
      await refusalOf(
        recordPayout(admin.viewer, {
          host: host.email,
          currency: "USD",
          amount: ((earned - debt + 1) / 100).toFixed(2),
          reference: "TRF-OVER",
        }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: "payments.payouts.errors.overPayable" });
    await recordPayout(admin.viewer, {
      host: host.email,
      currency: "USD",
      amount: ((earned - debt) / 100).toFixed(2),
      reference: `TRF-${next.id}`,
    });
    expect(await owed("host_payable", host.id)).toBe(0);
    const totals = (await payoutReport(host.viewer)).totals.find((t) => t.currency === "USD")!;
    expect(totals).toMatchObject({ heldMinor: 0, payableMinor: 0, owedMinor: 0 });
    await expectLedgerHealthy(app.handle.db);
  });

  it("keeps the ledger healthy when a payout and a cancellation of the same money race", async () => {
    // Each stay is longer than the one before: what is payable after repaying an earlier debt
    // is never nothing.
    for (const [offset, nights] of [
      [60, 2],
      [70, 4],
      [80, 6],
    ] as const) {
      const booked = await bookAndPay(day(offset), day(offset + nights));
      await releaseHeldBookings(
        new Date(at(day(offset), 0).getTime() + HOLD_AFTER_CHECK_IN_HOURS * 3_600_000),
      );
      const payable = await owed("host_payable", host.id);
      const [payout, cancel] = await Promise.allSettled([
        recordPayout(admin.viewer, {
          host: host.email,
          currency: "USD",
          amount: (payable / 100).toFixed(2),
          reference: `TRF-RACE-${booked.id}`,
        }),
        cancelBooking(admin.viewer, booked.id, { reason: "Race" }, at(day(offset + 1))),
      ]);
      // The cancellation always goes through; the payout either came first (then the refund is
      // a debt) or finds the money reserved for the refund and is refused.
      expect(cancel.status).toBe("fulfilled");
      if (payout.status === "rejected") {
        expect(payout.reason).toMatchObject({ message: "payments.payouts.errors.overPayable" });
      }
      await pay.sandbox.settled();
      expect(await owed("host_payable", host.id)).toBeGreaterThanOrEqual(0);
      await expectLedgerHealthy(app.handle.db);
    }
  });

  it("reports a ledger that balances but is not healthy, naming the account and the person", async () => {
    const victim = await makeUser({ role: "agent", name: "Yaa Overpaid" });
    // A balanced transaction that pays a host money they were never owed: the old report called
    // this "balanced".
    const txId = randomUUID();
    await app.handle.db.insert(ledgerEntries).values([
      {
        txId,
        kind: "payout",
        account: "host_payable",
        userId: victim.id,
        currency: "GHS",
        amountMinor: 40_000,
      },
      {
        txId,
        kind: "payout",
        account: "provider_cash",
        userId: null,
        currency: "GHS",
        amountMinor: -40_000,
      },
    ]);
    try {
      const ghs = (await ledgerReport(admin.viewer)).currencies.find((c) => c.currency === "GHS")!;
      expect(ghs.balanced).toBe(true);
      expect(ghs.healthy).toBe(false);
      expect(ghs.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            rule: "negative",
            account: "provider_cash",
            userId: null,
            balanceMinor: -40_000,
          }),
          expect.objectContaining({
            rule: "negative",
            account: "host_payable",
            userId: victim.id,
            userName: "Yaa Overpaid",
            balanceMinor: -40_000,
          }),
          // Paid out with no payout recorded: the host's money does not add up either.
          expect.objectContaining({ rule: "host_mismatch", userId: victim.id }),
        ]),
      );
      const page = await createPageHandler(app);
      const tab = await textOf(await page("/dashboard/payments", { jar: jarWith(admin.cookie) }));
      expect(tab).toContain("Not healthy");
      expect(tab).toContain("Payable to hosts and professionals (Yaa Overpaid) is below zero");
    } finally {
      await app.handle.db.delete(ledgerEntries).where(eq(ledgerEntries.txId, txId));
    }
    await expectLedgerHealthy(app.handle.db);
  });
});
