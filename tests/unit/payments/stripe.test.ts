import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
} from "../../../app/services/payments/providers/provider.server.ts";
import {
  createStripeProvider,
  fromStripeAmount,
  toStripeAmount,
} from "../../../app/services/payments/providers/stripe.server.ts";
import { fixture, recordedFetch, type Exchange } from "./recorded-fetch.ts";

const SECRET = "sk_test_51PgafmB7WZ01zgkWxYz0123456789abcdefABCDEF";
const WEBHOOK_SECRET = "whsec_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const API = "https://api.stripe.com";
const NOW = Date.UTC(2024, 7, 22, 9, 20, 0);
const SESSION_ID = "cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY";
const EXPAND = "expand%5B%5D=payment_intent.latest_charge.balance_transaction";

function stripe(exchanges: Exchange[] = []) {
  const recorded = recordedFetch(exchanges);
  const provider = createStripeProvider({
    secretKey: SECRET,
    webhookSecret: WEBHOOK_SECRET,
    fetch: recorded.fetch,
    now: () => NOW,
  });
  return { provider, ...recorded };
}

/** Signed the way Stripe signs: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
function signed(
  body: unknown,
  { secret = WEBHOOK_SECRET, at = NOW }: { secret?: string; at?: number } = {},
): { rawBody: string; headers: Headers } {
  const rawBody = JSON.stringify(body);
  const timestamp = Math.floor(at / 1000);
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return { rawBody, headers: new Headers({ "stripe-signature": `t=${timestamp},v1=${v1}` }) };
}

const readSession: Exchange = {
  method: "GET",
  url: `${API}/v1/checkout/sessions/${SESSION_ID}?${EXPAND}`,
  body: fixture("stripe", "checkout-session-paid-expanded"),
};

const checkout: CheckoutRequest = {
  reference: "pay_5e8a1f22",
  amountMinor: 1500050,
  currency: "NGN",
  email: "ada@example.com",
  description: "3 nights at Lekki Lodge",
  returnUrl: "https://gateway.africa/checkout/pay_5e8a1f22",
  cancelUrl: "https://gateway.africa/checkout/pay_5e8a1f22/cancelled",
  methods: ["card"],
};

describe("Stripe amounts", () => {
  it("keeps two-decimal currencies in their minor units", () => {
    expect(toStripeAmount(1500050, "NGN")).toBe(1500050);
    expect(toStripeAmount(250005, "KES")).toBe(250005);
    expect(fromStripeAmount(58502, "NGN")).toBe(58502);
  });

  it("sends zero-decimal currencies in whole units, as our minor units already are", () => {
    for (const currency of ["XOF", "UGX", "RWF", "XAF", "MGA"]) {
      expect(toStripeAmount(185000, currency)).toBe(185000);
      expect(fromStripeAmount(185000, currency)).toBe(185000);
    }
  });

  it("counts ISK in hundredths, as Stripe kept it, though it has no minor unit", () => {
    expect(toStripeAmount(5, "ISK")).toBe(500);
    expect(fromStripeAmount(500, "ISK")).toBe(5);
    // A fee in hundredths of a króna comes back to the nearest króna.
    expect(fromStripeAmount(151, "ISK")).toBe(2);
  });

  it("keeps three-decimal currencies, in steps of ten", () => {
    expect(toStripeAmount(5120, "KWD")).toBe(5120);
    expect(() => toStripeAmount(5124, "KWD")).toThrow(RangeError);
  });
});

describe("Stripe checkout", () => {
  it("creates a form-encoded Checkout Session for card, in Stripe's units", async () => {
    const { provider, sent } = stripe([
      {
        method: "POST",
        url: `${API}/v1/checkout/sessions`,
        body: fixture("stripe", "checkout-session-open"),
      },
    ]);
    const session = await provider.createCheckout(checkout);
    expect(session).toEqual({
      providerRef: SESSION_ID,
      checkoutUrl: `https://checkout.stripe.com/c/pay/${SESSION_ID}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    });
    const [request] = sent;
    expect(request!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
    expect(request!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(request!.headers.get("idempotency-key")).toBe("checkout-pay_5e8a1f22");
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      mode: "payment",
      client_reference_id: "pay_5e8a1f22",
      "metadata[reference]": "pay_5e8a1f22",
      "payment_intent_data[metadata][reference]": "pay_5e8a1f22",
      customer_email: "ada@example.com",
      success_url: "https://gateway.africa/checkout/pay_5e8a1f22",
      cancel_url: "https://gateway.africa/checkout/pay_5e8a1f22/cancelled",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "ngn",
      "line_items[0][price_data][unit_amount]": "1500050",
      "line_items[0][price_data][product_data][name]": "3 nights at Lekki Lodge",
      "payment_method_types[0]": "card",
    });
  });

  it("sends an XOF price in whole francs, its currency in lower case", async () => {
    const { provider, sent } = stripe([
      {
        method: "POST",
        url: `${API}/v1/checkout/sessions`,
        body: fixture("stripe", "checkout-session-open"),
      },
    ]);
    await provider.createCheckout({ ...checkout, amountMinor: 25000, currency: "XOF" });
    const form = new URLSearchParams(sent[0]!.body);
    expect(form.get("line_items[0][price_data][currency]")).toBe("xof");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("25000");
  });

  it("offers card only", () => {
    const { provider } = stripe();
    expect(provider.methods).toEqual(["card"]);
    expect(provider.origins()).toEqual(["https://checkout.stripe.com"]);
  });

  it("refuses a session page outside the allowed checkout origin", async () => {
    const answer = fixture<{ url: string }>("stripe", "checkout-session-open");
    answer.url = `https://stripe.evil.example/c/pay/${SESSION_ID}`;
    const { provider } = stripe([
      { method: "POST", url: `${API}/v1/checkout/sessions`, body: answer },
    ]);
    await expect(provider.createCheckout(checkout)).rejects.toThrow(ProviderError);
  });

  it("reports Stripe's error message and status, never the secret key", async () => {
    const { provider } = stripe([
      {
        method: "POST",
        url: `${API}/v1/checkout/sessions`,
        status: 401,
        body: {
          error: { message: `Invalid API Key provided: ${SECRET}`, type: "invalid_request_error" },
        },
      },
    ]);
    const error = await provider.createCheckout(checkout).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(401);
    expect((error as ProviderError).message).toContain("Invalid API Key provided");
    expect((error as ProviderError).message).not.toContain(SECRET);
  });
});

describe("Stripe verify", () => {
  it("reads a paid session with its fee from the expanded balance transaction", async () => {
    const { provider, sent } = stripe([readSession]);
    const payment = await provider.verify({ reference: "pay_5e8a1f22", providerRef: SESSION_ID });
    expect(payment).toEqual({
      reference: "pay_5e8a1f22",
      providerRef: SESSION_ID,
      status: "paid",
      amountMinor: 1500050,
      currency: "NGN",
      feeMinor: 58502,
      method: "card",
    });
    expect(sent[0]!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
  });

  it("brings a fee settled in another currency back at the charge's exchange rate", async () => {
    const answer = fixture<{
      payment_intent: { latest_charge: { balance_transaction: Record<string, unknown> } };
    }>("stripe", "checkout-session-paid-expanded");
    Object.assign(answer.payment_intent.latest_charge.balance_transaction, {
      currency: "usd",
      fee: 37,
      exchange_rate: 0.00065,
    });
    const { provider } = stripe([{ ...readSession, body: answer }]);
    const payment = await provider.verify({ reference: "pay_5e8a1f22", providerRef: SESSION_ID });
    // 0.37 USD at 0.00065 USD per naira: 569.23 naira.
    expect(payment.feeMinor).toBe(56923);
  });

  it("reads an open session as pending and an expired one as cancelled", async () => {
    const open = fixture("stripe", "checkout-session-open");
    const expired = { ...fixture("stripe", "checkout-session-open"), status: "expired" };
    const { provider } = stripe([
      { ...readSession, body: open },
      { ...readSession, body: expired },
    ]);
    const reference = { reference: "pay_5e8a1f22", providerRef: SESSION_ID };
    expect(await provider.verify(reference)).toMatchObject({
      status: "pending",
      feeMinor: 0,
      method: null,
    });
    expect(await provider.verify(reference)).toMatchObject({ status: "cancelled" });
  });

  it("passes on Stripe's error for an unknown session", async () => {
    const { provider } = stripe([
      {
        method: "GET",
        url: `${API}/v1/checkout/sessions/cs_test_missing?${EXPAND}`,
        status: 404,
        body: fixture("stripe", "error-no-such-session"),
      },
    ]);
    await expect(
      provider.verify({ reference: "pay_5e8a1f22", providerRef: "cs_test_missing" }),
    ).rejects.toThrow(/No such checkout.session/);
  });
});

describe("Stripe refund", () => {
  it("refunds the session's payment intent, in Stripe's units, marked with our reference", async () => {
    const { provider, sent } = stripe([
      readSession,
      { method: "POST", url: `${API}/v1/refunds`, body: fixture("stripe", "refund") },
    ]);
    const refund = await provider.refund({
      refundId: "ref_test",
      reference: "pay_5e8a1f22",
      providerRef: SESSION_ID,
      amountMinor: 750025,
      currency: "NGN",
    });
    expect(sent[1]!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    // A refund sent again after a lost answer is the same refund to Stripe.
    expect(sent[1]!.headers.get("idempotency-key")).toBe("refund-ref_test");
    expect(Object.fromEntries(new URLSearchParams(sent[1]!.body))).toEqual({
      payment_intent: "pi_3PgafyB7WZ01zgkW1pQ2rS3t",
      amount: "750025",
      "metadata[reference]": "pay_5e8a1f22",
    });
    expect(refund).toEqual({ refundRef: "re_3PgafyB7WZ01zgkW1uVwXyZa", status: "pending" });
  });

  const statuses: [string, string][] = [
    ["succeeded", "succeeded"],
    ["pending", "pending"],
    ["requires_action", "pending"],
    ["failed", "failed"],
    ["canceled", "failed"],
  ];
  for (const [status, expected] of statuses) {
    it(`maps refund status "${status}" to ${expected}`, async () => {
      const { provider } = stripe([
        readSession,
        {
          method: "POST",
          url: `${API}/v1/refunds`,
          body: { ...fixture("stripe", "refund"), status },
        },
      ]);
      const refund = await provider.refund({
        refundId: "ref_test",
        reference: "pay_5e8a1f22",
        providerRef: SESSION_ID,
        amountMinor: 750025,
        currency: "NGN",
      });
      expect(refund.status).toBe(expected);
    });
  }

  it("refuses to refund a session that has no payment", async () => {
    const { provider, sent } = stripe([
      { ...readSession, body: fixture("stripe", "checkout-session-open") },
    ]);
    await expect(
      provider.refund({
        refundId: "ref_test",
        reference: "pay_5e8a1f22",
        providerRef: SESSION_ID,
        amountMinor: 100,
        currency: "NGN",
      }),
    ).rejects.toThrow(ProviderError);
    expect(sent).toHaveLength(1);
  });
});

describe("Stripe webhooks", () => {
  it("accepts checkout.session.completed and reads the session again for its fee", async () => {
    const { provider, sent } = stripe([readSession]);
    const { rawBody, headers } = signed(fixture("stripe", "event-checkout-session-completed"));
    expect(await provider.parseWebhook(rawBody, headers)).toEqual({
      kind: "payment",
      eventId: "evt_1PgahCB7WZ01zgkWj4Xq9YtL",
      payment: {
        reference: "pay_5e8a1f22",
        providerRef: SESSION_ID,
        status: "paid",
        amountMinor: 1500050,
        currency: "NGN",
        feeMinor: 58502,
        method: "card",
      },
    });
    expect(sent).toHaveLength(1);
  });

  it("accepts any of several v1 signatures (a secret being rolled)", async () => {
    const { provider } = stripe([readSession]);
    const { rawBody, headers } = signed(fixture("stripe", "event-checkout-session-completed"));
    const old = createHmac("sha256", "whsec_old").update("x").digest("hex");
    const header = headers.get("stripe-signature")!.replace(",v1=", `,v1=${old},v1=`);
    const event = await provider.parseWebhook(rawBody, new Headers({ "stripe-signature": header }));
    expect(event.kind).toBe("payment");
  });

  it("reads a completed session still awaiting an asynchronous payment as pending", async () => {
    const body = fixture<{ data: { object: { payment_status: string } } }>(
      "stripe",
      "event-checkout-session-completed",
    );
    body.data.object.payment_status = "unpaid";
    const { provider, sent } = stripe();
    const { rawBody, headers } = signed(body);
    expect(await provider.parseWebhook(rawBody, headers)).toMatchObject({
      kind: "payment",
      payment: { status: "pending", method: null },
    });
    expect(sent).toHaveLength(0);
  });

  it("reads async_payment_failed as failed and expired as cancelled, in the session's units", async () => {
    const { provider } = stripe();
    const failedBody = fixture<{ type: string; data: { object: { payment_status: string } } }>(
      "stripe",
      "event-checkout-session-completed",
    );
    failedBody.type = "checkout.session.async_payment_failed";
    failedBody.data.object.payment_status = "unpaid";
    const failed = signed(failedBody);
    expect(await provider.parseWebhook(failed.rawBody, failed.headers)).toMatchObject({
      kind: "payment",
      payment: { reference: "pay_5e8a1f22", status: "failed" },
    });
    const expired = signed(fixture("stripe", "event-checkout-session-expired"));
    expect(await provider.parseWebhook(expired.rawBody, expired.headers)).toEqual({
      kind: "payment",
      eventId: "evt_1PgbT4B7WZ01zgkWq0nR8sVb",
      payment: {
        reference: "pay_9d2c4b60",
        providerRef: "cs_test_b1Qx7MpL0aVc3dE5fG7hJ9kL1mN3pQ5rT7vX9zB1dF3hK5mP7rT9vX1zB3dF5h",
        status: "cancelled",
        amountMinor: 25000,
        currency: "XOF",
        feeMinor: 0,
        method: null,
      },
    });
  });

  it("reads refund.updated as the refund `refund` answered, now succeeded", async () => {
    const { provider } = stripe();
    const { rawBody, headers } = signed(fixture("stripe", "event-refund-updated"));
    expect(await provider.parseWebhook(rawBody, headers)).toEqual({
      kind: "refund",
      eventId: "evt_3PgafyB7WZ01zgkW1RfUpDtE",
      reference: "pay_5e8a1f22",
      refundRef: "re_3PgafyB7WZ01zgkW1uVwXyZa",
      status: "succeeded",
    });
  });

  it("reads a failed refund, and ignores one still pending or made on the Dashboard", async () => {
    const { provider } = stripe();
    const event = (status: string, metadata: Record<string, string>) => {
      const body = fixture<{ type: string; data: { object: Record<string, unknown> } }>(
        "stripe",
        "event-refund-updated",
      );
      Object.assign(body.data.object, { status, metadata });
      return signed(body);
    };
    const failed = event("failed", { reference: "pay_5e8a1f22" });
    expect(await provider.parseWebhook(failed.rawBody, failed.headers)).toMatchObject({
      kind: "refund",
      status: "failed",
    });
    const pending = event("pending", { reference: "pay_5e8a1f22" });
    expect(await provider.parseWebhook(pending.rawBody, pending.headers)).toMatchObject({
      kind: "ignored",
    });
    const dashboard = event("succeeded", {});
    expect(await provider.parseWebhook(dashboard.rawBody, dashboard.headers)).toMatchObject({
      kind: "ignored",
    });
  });

  it("ignores charge.refunded and other event types", async () => {
    const { provider } = stripe();
    const { rawBody, headers } = signed(fixture("stripe", "event-charge-refunded"));
    expect(await provider.parseWebhook(rawBody, headers)).toEqual({
      kind: "ignored",
      eventId: "evt_3PgafyB7WZ01zgkW1ChRfNdD",
      type: "charge.refunded",
    });
  });

  it("refuses a tampered body, another secret and a missing or malformed header", async () => {
    const { provider, sent } = stripe();
    const { rawBody, headers } = signed(fixture("stripe", "event-checkout-session-completed"));
    const tampered = rawBody.replace('"amount_total":1500050', '"amount_total":150');
    await expect(provider.parseWebhook(tampered, headers)).rejects.toThrow(WebhookSignatureError);
    const other = signed(fixture("stripe", "event-checkout-session-completed"), {
      secret: "whsec_other",
    });
    await expect(provider.parseWebhook(other.rawBody, other.headers)).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(rawBody, new Headers())).rejects.toThrow(
      WebhookSignatureError,
    );
    const noTimestamp = headers.get("stripe-signature")!.replace(/^t=\d+,/, "");
    await expect(
      provider.parseWebhook(rawBody, new Headers({ "stripe-signature": noTimestamp })),
    ).rejects.toThrow(WebhookSignatureError);
    expect(sent).toHaveLength(0);
  });

  it("refuses a signature older than five minutes, and accepts one just inside", async () => {
    const { provider } = stripe([readSession]);
    const stale = signed(fixture("stripe", "event-checkout-session-completed"), {
      at: NOW - 301_000,
    });
    await expect(provider.parseWebhook(stale.rawBody, stale.headers)).rejects.toThrow(
      WebhookSignatureError,
    );
    const recent = signed(fixture("stripe", "event-checkout-session-completed"), {
      at: NOW - 299_000,
    });
    expect((await provider.parseWebhook(recent.rawBody, recent.headers)).kind).toBe("payment");
  });
});
