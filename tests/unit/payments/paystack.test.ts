import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createPaystackProvider,
  fromPaystackAmount,
  fromPaystackReference,
  toPaystackAmount,
  toPaystackReference,
} from "../../../app/services/payments/providers/paystack.server.ts";
import {
  ProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
} from "../../../app/services/payments/providers/provider.server.ts";
import { fixture, recordedFetch, type Exchange } from "./recorded-fetch.ts";

const SECRET = "sk_test_4f0c2a9e8b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e";
const API = "https://api.paystack.co";

function paystack(exchanges: Exchange[] = []) {
  const recorded = recordedFetch(exchanges);
  return {
    provider: createPaystackProvider({ secretKey: SECRET, fetch: recorded.fetch }),
    ...recorded,
  };
}

/** Signed the way Paystack signs: hex HMAC-SHA512 of the raw body under the secret key. */
function signed(body: unknown, secret = SECRET): { rawBody: string; headers: Headers } {
  const rawBody = JSON.stringify(body);
  const signature = createHmac("sha512", secret).update(rawBody).digest("hex");
  return { rawBody, headers: new Headers({ "x-paystack-signature": signature }) };
}

const checkout: CheckoutRequest = {
  reference: "pay_6f1c2a9e",
  amountMinor: 1500050,
  currency: "NGN",
  email: "ada@example.com",
  description: "3 nights at Lekki Lodge",
  returnUrl: "https://gateway.africa/checkout/pay_6f1c2a9e",
  cancelUrl: "https://gateway.africa/checkout/pay_6f1c2a9e/cancelled",
  methods: ["card", "mobile_money", "bank_transfer"],
};

describe("Paystack amounts", () => {
  it("sends two-decimal currencies in their minor units", () => {
    expect(toPaystackAmount(1500050, "NGN")).toBe(1500050);
    expect(toPaystackAmount(250000, "KES")).toBe(250000);
    expect(fromPaystackAmount(1500050, "NGN")).toBe(1500050);
  });

  it("counts XOF, which has no minor unit, in hundredths as Paystack asks", () => {
    expect(toPaystackAmount(25000, "XOF")).toBe(2500000);
    expect(fromPaystackAmount(2500000, "XOF")).toBe(25000);
    // A fee in hundredths of a franc comes back to the nearest franc.
    expect(fromPaystackAmount(37549, "XOF")).toBe(375);
  });

  it("refuses a currency finer than Paystack counts", () => {
    expect(() => toPaystackAmount(1000, "TND")).toThrow(RangeError);
  });
});

describe("Paystack references", () => {
  it("writes the characters Paystack refuses as =XX, and reads them back", () => {
    expect(toPaystackReference("pay_6f1c2a9e")).toBe("pay=5F6f1c2a9e");
    expect(fromPaystackReference("pay=5F6f1c2a9e")).toBe("pay_6f1c2a9e");
    for (const reference of ["pay_6f1c2a9e", "a=b_c.d-e", "réf 1/2", "plain-ref.42"]) {
      const written = toPaystackReference(reference);
      expect(written).toMatch(/^[A-Za-z0-9.=-]+$/);
      expect(fromPaystackReference(written)).toBe(reference);
    }
  });
});

describe("Paystack checkout", () => {
  it("initialises a transaction with our reference, minor units and every method's channel", async () => {
    const { provider, sent } = paystack([
      {
        method: "POST",
        url: `${API}/transaction/initialize`,
        body: fixture("paystack", "initialize"),
      },
    ]);
    const session = await provider.createCheckout(checkout);
    expect(session).toEqual({
      providerRef: "pay=5F6f1c2a9e",
      checkoutUrl: "https://checkout.paystack.com/3ni8kdavz62431k",
    });
    const [request] = sent;
    expect(request!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
    expect(request!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      email: "ada@example.com",
      amount: 1500050,
      currency: "NGN",
      reference: "pay=5F6f1c2a9e",
      callback_url: "https://gateway.africa/checkout/pay_6f1c2a9e",
      channels: ["card", "mobile_money", "bank_transfer", "bank"],
      metadata: { cancel_action: "https://gateway.africa/checkout/pay_6f1c2a9e/cancelled" },
    });
  });

  it("sends an XOF amount multiplied by 100 and only the chosen methods' channels", async () => {
    const { provider, sent } = paystack([
      {
        method: "POST",
        url: `${API}/transaction/initialize`,
        body: fixture("paystack", "initialize"),
      },
    ]);
    await provider.createCheckout({
      ...checkout,
      amountMinor: 25000,
      currency: "XOF",
      methods: ["mobile_money"],
    });
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      amount: 2500000,
      currency: "XOF",
      channels: ["mobile_money"],
    });
  });

  it("refuses a checkout page on another origin than the one allowed", async () => {
    const answer = fixture<{ data: { authorization_url: string } }>("paystack", "initialize");
    answer.data.authorization_url = "https://paystack.evil.example/3ni8kdavz62431k";
    const { provider } = paystack([
      { method: "POST", url: `${API}/transaction/initialize`, body: answer },
    ]);
    await expect(provider.createCheckout(checkout)).rejects.toThrow(ProviderError);
    expect(provider.origins()).toEqual(["https://checkout.paystack.com"]);
  });

  it("reports Paystack's own message and status, never the secret key", async () => {
    const { provider } = paystack([
      {
        method: "POST",
        url: `${API}/transaction/initialize`,
        status: 401,
        body: { status: false, message: `Invalid key ${SECRET}` },
      },
    ]);
    const error = await provider.createCheckout(checkout).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(401);
    expect((error as ProviderError).message).toContain("Invalid key");
    expect((error as ProviderError).message).not.toContain(SECRET);
  });

  it("turns a network failure into a ProviderError", async () => {
    const provider = createPaystackProvider({
      secretKey: SECRET,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    await expect(provider.createCheckout(checkout)).rejects.toThrow(ProviderError);
  });
});

describe("Paystack verify", () => {
  const verifyUrl = (reference: string) =>
    `${API}/transaction/verify/${encodeURIComponent(reference)}`;

  it("reads a successful transaction: amount, fee and channel", async () => {
    const { provider, sent } = paystack([
      {
        method: "GET",
        url: verifyUrl("pay=5F6f1c2a9e"),
        body: fixture("paystack", "verify-success"),
      },
    ]);
    const payment = await provider.verify({
      reference: "pay_6f1c2a9e",
      providerRef: "pay=5F6f1c2a9e",
    });
    expect(payment).toEqual({
      reference: "pay_6f1c2a9e",
      providerRef: "pay=5F6f1c2a9e",
      status: "paid",
      amountMinor: 1500050,
      currency: "NGN",
      feeMinor: 32501,
      method: "card",
    });
    expect(sent[0]!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
  });

  it("keeps an abandoned XOF transaction pending, in francs", async () => {
    const { provider } = paystack([
      {
        method: "GET",
        url: verifyUrl("pay=5F3b7d0c41"),
        body: fixture("paystack", "verify-abandoned"),
      },
    ]);
    const payment = await provider.verify({
      reference: "pay_3b7d0c41",
      providerRef: "pay=5F3b7d0c41",
    });
    expect(payment).toMatchObject({
      status: "pending",
      amountMinor: 25000,
      currency: "XOF",
      feeMinor: 0,
    });
  });

  const statuses: [string, string][] = [
    ["success", "paid"],
    ["reversed", "paid"],
    ["failed", "failed"],
    ["abandoned", "pending"],
    ["ongoing", "pending"],
    ["pending", "pending"],
    ["processing", "pending"],
    ["queued", "pending"],
  ];
  for (const [status, expected] of statuses) {
    it(`maps status "${status}" to ${expected}`, async () => {
      const answer = fixture<{ data: { status: string } }>("paystack", "verify-success");
      answer.data.status = status;
      const { provider } = paystack([
        { method: "GET", url: verifyUrl("pay=5F6f1c2a9e"), body: answer },
      ]);
      const payment = await provider.verify({
        reference: "pay_6f1c2a9e",
        providerRef: "pay=5F6f1c2a9e",
      });
      expect(payment.status).toBe(expected);
    });
  }

  const channels: [string, string | null][] = [
    ["card", "card"],
    ["apple_pay", "card"],
    ["mobile_money", "mobile_money"],
    ["bank", "bank_transfer"],
    ["bank_transfer", "bank_transfer"],
    ["ussd", null],
    ["qr", null],
  ];
  for (const [channel, method] of channels) {
    it(`maps channel "${channel}" to ${method}`, async () => {
      const answer = fixture<{ data: { channel: string } }>("paystack", "verify-success");
      answer.data.channel = channel;
      const { provider } = paystack([
        { method: "GET", url: verifyUrl("pay=5F6f1c2a9e"), body: answer },
      ]);
      const payment = await provider.verify({
        reference: "pay_6f1c2a9e",
        providerRef: "pay=5F6f1c2a9e",
      });
      expect(payment.method).toBe(method);
    });
  }

  it("passes on an unknown reference as Paystack's error", async () => {
    const { provider } = paystack([
      {
        method: "GET",
        url: verifyUrl("pay=5Fmissing"),
        status: 400,
        body: fixture("paystack", "verify-not-found"),
      },
    ]);
    await expect(
      provider.verify({ reference: "pay_missing", providerRef: "pay=5Fmissing" }),
    ).rejects.toThrow(/Transaction reference not found/);
  });
});

describe("Paystack refund", () => {
  it("refunds part of a transaction by its reference, in minor units", async () => {
    const { provider, sent } = paystack([
      { method: "POST", url: `${API}/refund`, body: fixture("paystack", "refund") },
    ]);
    const refund = await provider.refund({
      refundId: "ref_test",
      reference: "pay_6f1c2a9e",
      providerRef: "pay=5F6f1c2a9e",
      amountMinor: 750025,
      currency: "NGN",
    });
    expect(JSON.parse(sent[0]!.body)).toEqual({ transaction: "pay=5F6f1c2a9e", amount: 750025 });
    expect(sent[0]!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
    expect(refund).toEqual({ refundRef: "pay_6f1c2a9e:750025", status: "pending" });
  });

  it("sends an XOF refund multiplied by 100", async () => {
    const { provider, sent } = paystack([
      { method: "POST", url: `${API}/refund`, body: fixture("paystack", "refund") },
    ]);
    await provider.refund({
      refundId: "ref_test",
      reference: "pay_3b7d0c41",
      providerRef: "pay=5F3b7d0c41",
      amountMinor: 5000,
      currency: "XOF",
    });
    expect(JSON.parse(sent[0]!.body)).toEqual({ transaction: "pay=5F3b7d0c41", amount: 500000 });
  });

  it("reads a processed refund as succeeded", async () => {
    const answer = fixture<{ data: { status: string } }>("paystack", "refund");
    answer.data.status = "processed";
    const { provider } = paystack([{ method: "POST", url: `${API}/refund`, body: answer }]);
    const refund = await provider.refund({
      refundId: "ref_test",
      reference: "pay_6f1c2a9e",
      providerRef: "pay=5F6f1c2a9e",
      amountMinor: 750025,
      currency: "NGN",
    });
    expect(refund.status).toBe("succeeded");
  });
});

describe("Paystack webhooks", () => {
  it("accepts charge.success signed with the secret key", () => {
    const { provider } = paystack();
    const { rawBody, headers } = signed(fixture("paystack", "webhook-charge-success"));
    expect(provider.parseWebhook(rawBody, headers)).toEqual({
      kind: "payment",
      eventId: "charge.success:4099260516",
      payment: {
        reference: "pay_6f1c2a9e",
        providerRef: "pay=5F6f1c2a9e",
        status: "paid",
        amountMinor: 1500050,
        currency: "NGN",
        feeMinor: 22751,
        method: "mobile_money",
      },
    });
  });

  it("refuses a tampered body", () => {
    const { provider } = paystack();
    const { rawBody, headers } = signed(fixture("paystack", "webhook-charge-success"));
    const tampered = rawBody.replace('"amount":1500050', '"amount":150');
    expect(() => provider.parseWebhook(tampered, headers)).toThrow(WebhookSignatureError);
  });

  it("refuses a body signed with another key", () => {
    const { provider } = paystack();
    const { rawBody, headers } = signed(
      fixture("paystack", "webhook-charge-success"),
      "sk_test_someone_else",
    );
    expect(() => provider.parseWebhook(rawBody, headers)).toThrow(WebhookSignatureError);
  });

  it("refuses a body without a signature, or with a truncated one", () => {
    const { provider } = paystack();
    const { rawBody, headers } = signed(fixture("paystack", "webhook-charge-success"));
    expect(() => provider.parseWebhook(rawBody, new Headers())).toThrow(WebhookSignatureError);
    const truncated = new Headers({
      "x-paystack-signature": headers.get("x-paystack-signature")!.slice(0, 64),
    });
    expect(() => provider.parseWebhook(rawBody, truncated)).toThrow(WebhookSignatureError);
  });

  it("reads refund.processed as the refund that `refund` answered, succeeded", () => {
    const { provider } = paystack();
    const { rawBody, headers } = signed(fixture("paystack", "webhook-refund-processed"));
    expect(provider.parseWebhook(rawBody, headers)).toEqual({
      kind: "refund",
      eventId: "refund.processed:pay_6f1c2a9e:750025:132013318360",
      reference: "pay_6f1c2a9e",
      refundRef: "pay_6f1c2a9e:750025",
      status: "succeeded",
    });
  });

  it("reads refund.failed, an XOF amount back in francs", () => {
    const { provider } = paystack();
    const { rawBody, headers } = signed(fixture("paystack", "webhook-refund-failed"));
    expect(provider.parseWebhook(rawBody, headers)).toMatchObject({
      kind: "refund",
      reference: "pay_3b7d0c41",
      refundRef: "pay_3b7d0c41:5000",
      status: "failed",
    });
  });

  it("ignores a refund still pending and other event types", () => {
    const { provider } = paystack();
    const pending = signed(fixture("paystack", "webhook-refund-pending"));
    expect(provider.parseWebhook(pending.rawBody, pending.headers)).toMatchObject({
      kind: "ignored",
      type: "refund.pending",
    });
    const transfer = signed(fixture("paystack", "webhook-transfer-success"));
    expect(provider.parseWebhook(transfer.rawBody, transfer.headers)).toEqual({
      kind: "ignored",
      eventId: "transfer.success:860703114",
      type: "transfer.success",
    });
  });

  it("answers a signed body it cannot read as Paystack's error, not a bad signature", () => {
    const { provider } = paystack();
    const { rawBody, headers } = signed({
      event: "charge.success",
      data: { reference: "pay_6f1c2a9e" },
    });
    expect(() => provider.parseWebhook(rawBody, headers)).toThrow(ProviderError);
  });
});
