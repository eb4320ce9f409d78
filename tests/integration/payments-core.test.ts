import { createHmac } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ledgerEntries,
  paymentEvents,
  payments,
  planSubscriptions,
} from "../../app/db/schema/index.ts";
import { getDb } from "../../app/db/client.server.ts";
import { AppError } from "../../app/lib/app-error.ts";
import type { LedgerReport } from "../../app/lib/schemas/payments.ts";
import { accountBalances } from "../../app/services/payments/ledger.server.ts";
import {
  findPaymentProvider,
  setPaymentProvider,
} from "../../app/services/payments/provider-registry.server.ts";
import { reconcilePayments } from "../../app/services/payments/settle.server.ts";
import { buyPremiumPlan } from "../../app/services/premium/plan-payment.server.ts";
import { captureLog } from "../support/log-capture.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { expectLedgerHealthy, startTestPayments, type TestPayments } from "../support/payments.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The payments core against the sandbox provider: the webhook route and its signature, the same
 * event twice, a lost webhook found by the reconciliation job, an abandoned checkout, money that
 * arrives after the payer gave up, and the charge currency. The ledger balances after each.
 */

const HOUR_MS = 3_600_000;

describe(`payments core on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let pay: TestPayments;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    pay = await startTestPayments();
    send = await createServerApp(app);
  });
  afterEach(async () => {
    pay.setWebhooksDown(false);
    await expectLedgerHealthy(await getDb());
  });
  afterAll(async () => {
    await pay.stop();
    await app.close();
  });

  async function checkout(agent: MadeUser, displayCurrency: string | null = null) {
    const started = await buyPremiumPlan({
      actor: agent.viewer,
      planId: "premium",
      displayCurrency,
    });
    const db = await getDb();
    const [row] = await db.select().from(payments).where(eq(payments.id, started.paymentId));
    return { ...started, row: row! };
  }

  async function paymentRow(id: string) {
    const db = await getDb();
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }

  async function subscriptionsOf(userId: string) {
    const db = await getDb();
    const [row] = await db
      .select({ n: count() })
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userId, userId));
    return row!.n;
  }

  it("refuses a forged webhook with 401, logs it and changes nothing", async () => {
    const agent = await makeUser({ role: "agent" });
    const { paymentId, row } = await checkout(agent);
    const body = JSON.stringify({
      id: "evt_forged",
      type: "charge.succeeded",
      data: {
        checkout_id: row.providerRef,
        reference: paymentId,
        status: "paid",
        amount: row.amountMinor,
        currency: row.currency,
        fee: 0,
        method: "card",
      },
    });
    const forged = createHmac("sha256", "not-the-sandbox-secret").update(body).digest("hex");
    const log = captureLog("warn");
    const db = await getDb();
    const [eventsBefore] = await db.select({ n: count() }).from(paymentEvents);
    const attempts: Record<string, string>[] = [
      { "content-type": "application/json", "x-sandbox-signature": forged },
      { "content-type": "application/json" },
    ];
    for (const headers of attempts) {
      const response = await send("/api/v1/payments/webhooks/sandbox", {
        method: "POST",
        headers,
        body,
        origin: null,
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    }
    expect(log.lines().map((line) => line.msg)).toContainEqual(
      expect.stringContaining("Refused a sandbox webhook"),
    );
    expect((await paymentRow(paymentId)).status).toBe("pending");
    const [eventsAfter] = await db.select({ n: count() }).from(paymentEvents);
    expect(eventsAfter!.n).toBe(eventsBefore!.n);
    expect(await subscriptionsOf(agent.id)).toBe(0);

    // Another provider's address is not set up here; an oversized body is refused unread.
    const stripe = await send("/api/v1/payments/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      origin: null,
    });
    expect(stripe.status).toBe(404);
    const huge = await send("/api/v1/payments/webhooks/sandbox", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(70 * 1024),
      origin: null,
    });
    expect(huge.status).toBe(413);
    const unknown = await send("/api/v1/payments/webhooks/paypal", {
      method: "POST",
      body,
      origin: null,
    });
    expect(unknown.status).toBe(404);
  });

  it("applies the genuine webhook once: the same event again changes nothing", async () => {
    const agent = await makeUser({ role: "agent" });
    const { paymentId } = await checkout(agent);
    await pay.pay(paymentId);
    const paid = await paymentRow(paymentId);
    expect(paid).toMatchObject({ status: "paid", method: "mobile_money" });
    expect(paid.feeMinor).toBeGreaterThan(0);
    const db = await getDb();
    const entries = async () =>
      (
        await db
          .select({ n: count() })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.paymentId, paymentId))
      )[0]!.n;
    const before = await entries();
    expect(before).toBe(4);
    await pay.redeliver(paymentId);
    await pay.redeliver(paymentId);
    expect(pay.outcomes.slice(-3)).toEqual(["paid", "duplicate", "duplicate"]);
    expect(await entries()).toBe(before);
    expect(await subscriptionsOf(agent.id)).toBe(1);
    expect((await paymentRow(paymentId)).paidAt).toEqual(paid.paidAt);
  });

  it("finds a payment whose webhooks were lost with the reconciliation job", async () => {
    const agent = await makeUser({ role: "agent" });
    const { paymentId } = await checkout(agent);
    pay.setWebhooksDown(true);
    await pay.pay(paymentId);
    expect((await paymentRow(paymentId)).status).toBe("pending");
    expect(await subscriptionsOf(agent.id)).toBe(0);

    // Before the checkout closes the job leaves it to the webhook.
    expect(await reconcilePayments(new Date())).not.toHaveProperty("paid");
    const later = new Date(Date.now() + HOUR_MS / 2 + 60_000);
    expect(await reconcilePayments(later)).toMatchObject({ paid: 1 });
    expect((await paymentRow(paymentId)).status).toBe("paid");
    expect(await subscriptionsOf(agent.id)).toBe(1);
    // Asked again, nothing is pending any more.
    expect(await reconcilePayments(new Date(later.getTime() + HOUR_MS))).not.toHaveProperty("paid");
  });

  it("abandons a checkout nobody paid, and still takes the money that arrives after it", async () => {
    const agent = await makeUser({ role: "agent" });
    const { paymentId } = await checkout(agent);
    // 31 minutes on: closed, but the provider still calls it pending; asked again 5 minutes
    // later, and then after an hour it is given up.
    const closed = new Date(Date.now() + 31 * 60_000);
    expect((await reconcilePayments(closed)).still_pending).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(paymentId)).status).toBe("pending");
    const abandoned = await reconcilePayments(new Date(closed.getTime() + 2 * HOUR_MS));
    expect(abandoned.cancelled).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(paymentId)).status).toBe("cancelled");

    // The payer approves on the phone after all: the late webhook still buys the plan.
    await pay.pay(paymentId);
    expect((await paymentRow(paymentId)).status).toBe("paid");
    expect(await subscriptionsOf(agent.id)).toBe(1);
    const db = await getDb();
    const unapplied = await accountBalances(db, "payer_unapplied", { userId: agent.id });
    expect([...unapplied.values()].every((v) => v === 0)).toBe(true);
  });

  it("charges in the payer's currency where the provider takes it, with the rate kept", async () => {
    const agent = await makeUser({ role: "agent" });
    const kes = await checkout(agent, "KES");
    expect(kes.row.currency).toBe("KES");
    expect(Number(kes.row.rate)).toBeGreaterThan(1);
    expect(kes.row.amountMinor).toBe(Math.round(35 * Number(kes.row.rate) * 100));
    expect(pay.checkoutOf(kes.paymentId)).toMatchObject({
      currency: "KES",
      amount: kes.row.amountMinor,
    });
    // West African CFA francs have no minor unit.
    const xof = await checkout(agent, "XOF");
    expect(xof.row.currency).toBe("XOF");
    expect(xof.row.amountMinor).toBe(Math.round(35 * Number(xof.row.rate)));
    // A currency the provider does not take is charged in US dollars.
    const gbp = await checkout(agent, "GBP");
    expect(gbp.row).toMatchObject({ currency: "USD", amountMinor: 3500, rate: "1.000000" });
    await pay.pay(xof.paymentId);
    expect((await paymentRow(xof.paymentId)).status).toBe("paid");
  });

  it("shows the administrator the ledger's balances: what the provider holds is what is owed and earned", async () => {
    const admin = await makeUser({ role: "admin" });
    const agent = await makeUser({ role: "agent" });
    expect((await send("/api/v1/admin/ledger", { jar: agent.jar })).status).toBe(403);
    const response = await send("/api/v1/admin/ledger", { jar: admin.jar });
    expect(response.status).toBe(200);
    const report = (await response.json()) as LedgerReport;
    const usd = report.currencies.find((c) => c.currency === "USD")!;
    expect(usd).toMatchObject({ balanced: true, healthy: true, problems: [] });
    const b = usd.balances;
    // Every plan bought above was $35 in US dollars.
    const db = await getDb();
    const [plans] = await db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.status, "paid"), eq(payments.currency, "USD")));
    expect(b.plan_revenue).toBe(plans!.n * 3500);
    expect(b.provider_cash + b.provider_fees + b.host_receivable).toBe(
      b.plan_revenue +
        b.service_fee_revenue +
        b.host_held +
        b.host_payable +
        b.payer_unapplied +
        b.platform_funding,
    );
    expect(report.currencies.every((c) => c.balanced)).toBe(true);
  });

  it("answers that payment is unavailable when no provider is set up, and writes nothing", async () => {
    const agent = await makeUser({ role: "agent" });
    const provider = findPaymentProvider();
    setPaymentProvider(undefined);
    try {
      const refusal = await buyPremiumPlan({
        actor: agent.viewer,
        planId: "premium",
        displayCurrency: null,
      }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    } finally {
      setPaymentProvider(provider);
    }
    const db = await getDb();
    const rows = await db.select().from(payments).where(eq(payments.payerId, agent.id));
    expect(rows).toEqual([]);
  });
});
