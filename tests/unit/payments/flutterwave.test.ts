import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFlutterwaveProvider } from "../../../app/services/payments/providers/flutterwave.server.ts";
import {
  ProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
} from "../../../app/services/payments/providers/provider.server.ts";
import { fixture, recordedFetch, type Exchange } from "./recorded-fetch.ts";

const SECRET = "FLWSECK_TEST-9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f-X";
const HASH = "gateway-africa-webhook-hash-2f9d";
const API = "https://api.flutterwave.com";

function flutterwave(exchanges: Exchange[] = []) {
  const recorded = recordedFetch(exchanges);
  return {
    provider: createFlutterwaveProvider({
      secretKey: SECRET,
      webhookHash: HASH,
      fetch: recorded.fetch,
    }),
    ...recorded,
  };
}

const byReference = (txRef: string) => `${API}/v3/transactions/verify_by_reference?tx_ref=${txRef}`;

const checkout: CheckoutRequest = {
  reference: "pay_a41c77d0",
  amountMinor: 150050,
  currency: "NGN",
  email: "ada@example.com",
  description: "Gateway Africa Pro plan, 1 month",
  returnUrl: "https://gateway.africa/checkout/pay_a41c77d0",
  cancelUrl: "https://gateway.africa/checkout/pay_a41c77d0/cancelled",
  methods: ["card", "mobile_money", "bank_transfer"],
};

describe("Flutterwave checkout", () => {
  it("opens a payment link with the amount in major units and the methods' payment options", async () => {
    const { provider, sent } = flutterwave([
      { method: "POST", url: `${API}/v3/payments`, body: fixture("flutterwave", "payments") },
    ]);
    const session = await provider.createCheckout(checkout);
    expect(session).toEqual({
      providerRef: "pay_a41c77d0",
      checkoutUrl: "https://checkout.flutterwave.com/v3/hosted/pay/f524c1196ffda5556341",
    });
    const [request] = sent;
    expect(request!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
    expect(request!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      tx_ref: "pay_a41c77d0",
      amount: "1500.50",
      currency: "NGN",
      redirect_url: "https://gateway.africa/checkout/pay_a41c77d0",
      customer: { email: "ada@example.com" },
      customizations: { title: "Gateway Africa Pro plan, 1 month" },
      payment_options:
        "card, mobilemoneyghana, mpesa, mobilemoneyuganda, mobilemoneyrwanda, mobilemoneyzambia, mobilemoneyfranco, banktransfer, account",
    });
  });

  it("sends zero-decimal currencies as whole units", async () => {
    for (const currency of ["UGX", "RWF", "XOF"]) {
      const { provider, sent } = flutterwave([
        { method: "POST", url: `${API}/v3/payments`, body: fixture("flutterwave", "payments") },
      ]);
      await provider.createCheckout({
        ...checkout,
        amountMinor: 185000,
        currency,
        methods: ["card"],
      });
      expect(JSON.parse(sent[0]!.body)).toMatchObject({
        amount: "185000",
        currency,
        payment_options: "card",
      });
    }
  });

  it("sends KES with its two decimals", async () => {
    const { provider, sent } = flutterwave([
      { method: "POST", url: `${API}/v3/payments`, body: fixture("flutterwave", "payments") },
    ]);
    await provider.createCheckout({
      ...checkout,
      amountMinor: 250005,
      currency: "KES",
      methods: ["mobile_money"],
    });
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ amount: "2500.05", currency: "KES" });
  });

  it("refuses a payment link outside the allowed checkout origin", async () => {
    const answer = fixture<{ data: { link: string } }>("flutterwave", "payments");
    answer.data.link = "https://flutterwave.evil.example/v3/hosted/pay/f524c1196ffda5556341";
    const { provider } = flutterwave([{ method: "POST", url: `${API}/v3/payments`, body: answer }]);
    await expect(provider.createCheckout(checkout)).rejects.toThrow(ProviderError);
    expect(provider.origins()).toEqual(["https://checkout.flutterwave.com"]);
  });

  it("reports Flutterwave's message and status", async () => {
    const { provider } = flutterwave([
      {
        method: "POST",
        url: `${API}/v3/payments`,
        status: 401,
        body: fixture("flutterwave", "error-invalid-key"),
      },
    ]);
    const error = await provider.createCheckout(checkout).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(401);
    expect((error as ProviderError).message).toContain("Invalid authorization key");
    expect((error as ProviderError).message).not.toContain(SECRET);
  });
});

describe("Flutterwave verify", () => {
  it("reads a successful card payment: major amounts back in minor units, fee as settled", async () => {
    const { provider, sent } = flutterwave([
      {
        method: "GET",
        url: byReference("pay_a41c77d0"),
        body: fixture("flutterwave", "verify-by-reference"),
      },
    ]);
    const payment = await provider.verify({
      reference: "pay_a41c77d0",
      providerRef: "pay_a41c77d0",
    });
    expect(payment).toEqual({
      reference: "pay_a41c77d0",
      providerRef: "pay_a41c77d0",
      status: "paid",
      amountMinor: 150050,
      currency: "NGN",
      // 1500.50 paid, 1478.34 settled.
      feeMinor: 2216,
      method: "card",
    });
    expect(sent[0]!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
  });

  it("reads UGX mobile money in whole shillings, its fee from app_fee before settlement", async () => {
    const { provider } = flutterwave([
      {
        method: "GET",
        url: byReference("pay_c0ffee12"),
        body: fixture("flutterwave", "verify-mobile-money-ugx"),
      },
    ]);
    const payment = await provider.verify({
      reference: "pay_c0ffee12",
      providerRef: "pay_c0ffee12",
    });
    expect(payment).toMatchObject({
      status: "paid",
      amountMinor: 185000,
      currency: "UGX",
      feeMinor: 6475,
      method: "mobile_money",
    });
  });

  const statuses: [string, string][] = [
    ["successful", "paid"],
    ["failed", "failed"],
    ["cancelled", "cancelled"],
    ["pending", "pending"],
  ];
  for (const [status, expected] of statuses) {
    it(`maps status "${status}" to ${expected}`, async () => {
      const answer = fixture<{ data: { status: string } }>("flutterwave", "verify-by-reference");
      answer.data.status = status;
      const { provider } = flutterwave([
        { method: "GET", url: byReference("pay_a41c77d0"), body: answer },
      ]);
      const payment = await provider.verify({
        reference: "pay_a41c77d0",
        providerRef: "pay_a41c77d0",
      });
      expect(payment.status).toBe(expected);
    });
  }

  const types: [string, string | null][] = [
    ["card", "card"],
    ["mpesa", "mobile_money"],
    ["mobilemoneygh", "mobile_money"],
    ["mobilemoneyfranco", "mobile_money"],
    ["bank_transfer", "bank_transfer"],
    ["account", "bank_transfer"],
    ["ussd", null],
  ];
  for (const [type, method] of types) {
    it(`maps payment type "${type}" to ${method}`, async () => {
      const answer = fixture<{ data: { payment_type: string } }>(
        "flutterwave",
        "verify-by-reference",
      );
      answer.data.payment_type = type;
      const { provider } = flutterwave([
        { method: "GET", url: byReference("pay_a41c77d0"), body: answer },
      ]);
      const payment = await provider.verify({
        reference: "pay_a41c77d0",
        providerRef: "pay_a41c77d0",
      });
      expect(payment.method).toBe(method);
    });
  }

  it("calls a link nobody paid yet pending rather than failing", async () => {
    const { provider } = flutterwave([
      {
        method: "GET",
        url: byReference("pay_a41c77d0"),
        status: 400,
        body: fixture("flutterwave", "verify-not-found"),
      },
    ]);
    const payment = await provider.verify({
      reference: "pay_a41c77d0",
      providerRef: "pay_a41c77d0",
    });
    expect(payment).toMatchObject({ reference: "pay_a41c77d0", status: "pending" });
  });

  it("passes on other errors", async () => {
    const { provider } = flutterwave([
      {
        method: "GET",
        url: byReference("pay_a41c77d0"),
        status: 401,
        body: fixture("flutterwave", "error-invalid-key"),
      },
    ]);
    await expect(
      provider.verify({ reference: "pay_a41c77d0", providerRef: "pay_a41c77d0" }),
    ).rejects.toThrow(ProviderError);
  });
});

describe("Flutterwave refund", () => {
  it("finds the transaction id by our reference, then refunds part of it in major units", async () => {
    const { provider, sent } = flutterwave([
      {
        method: "GET",
        url: byReference("pay_a41c77d0"),
        body: fixture("flutterwave", "verify-by-reference"),
      },
      {
        method: "POST",
        url: `${API}/v3/transactions/8415006/refund`,
        body: fixture("flutterwave", "refund"),
      },
    ]);
    const refund = await provider.refund({
      refundId: "ref_test",
      reference: "pay_a41c77d0",
      providerRef: "pay_a41c77d0",
      amountMinor: 50025,
      currency: "NGN",
    });
    expect(JSON.parse(sent[1]!.body)).toEqual({ amount: "500.25" });
    expect(sent[1]!.headers.get("authorization")).toBe(`Bearer ${SECRET}`);
    expect(refund).toEqual({ refundRef: "8612", status: "succeeded" });
  });

  it("keeps a refund not yet completed pending", async () => {
    const answer = fixture<{ data: { status: string } }>("flutterwave", "refund");
    answer.data.status = "pending";
    const { provider, sent } = flutterwave([
      {
        method: "GET",
        url: byReference("pay_c0ffee12"),
        body: fixture("flutterwave", "verify-mobile-money-ugx"),
      },
      { method: "POST", url: `${API}/v3/transactions/8415377/refund`, body: answer },
    ]);
    const refund = await provider.refund({
      refundId: "ref_test",
      reference: "pay_c0ffee12",
      providerRef: "pay_c0ffee12",
      amountMinor: 85000,
      currency: "UGX",
    });
    expect(JSON.parse(sent[1]!.body)).toEqual({ amount: "85000" });
    expect(refund.status).toBe("pending");
  });
});

describe("Flutterwave webhooks", () => {
  const body = () => JSON.stringify(fixture("flutterwave", "webhook-charge-completed"));
  /** Read back by id, as the adapter does before believing a payment. */
  const readBack: Exchange = {
    method: "GET",
    url: `${API}/v3/transactions/8415006/verify`,
    body: fixture("flutterwave", "verify-by-reference"),
  };

  it("accepts charge.completed carrying the secret hash, and reads the payment back from the API", async () => {
    const { provider, sent } = flutterwave([readBack]);
    const event = await provider.parseWebhook(body(), new Headers({ "verif-hash": HASH }));
    expect(event).toEqual({
      kind: "payment",
      eventId: "charge.completed:8415006:successful",
      payment: {
        reference: "pay_a41c77d0",
        providerRef: "pay_a41c77d0",
        status: "paid",
        amountMinor: 150050,
        currency: "NGN",
        feeMinor: 2216,
        method: "card",
      },
    });
    expect(sent).toHaveLength(1);
  });

  it("accepts a body signed the newer way: base64 HMAC-SHA256 under the secret hash", async () => {
    const rawBody = body();
    const signature = createHmac("sha256", HASH).update(rawBody).digest("base64");
    const { provider } = flutterwave([readBack]);
    const event = await provider.parseWebhook(
      rawBody,
      new Headers({ "flutterwave-signature": signature }),
    );
    expect(event.kind).toBe("payment");
  });

  it("refuses a tampered body under an HMAC signature", async () => {
    const rawBody = body();
    const signature = createHmac("sha256", HASH).update(rawBody).digest("base64");
    const { provider, sent } = flutterwave();
    const tampered = rawBody.replace('"amount":1500.5', '"amount":15');
    await expect(
      provider.parseWebhook(tampered, new Headers({ "flutterwave-signature": signature })),
    ).rejects.toThrow(WebhookSignatureError);
    expect(sent).toHaveLength(0);
  });

  it("does not believe a tampered body carrying the secret hash: the API's amount and status win", async () => {
    const tampered = body().replace('"amount":1500.5', '"amount":15');
    const { provider } = flutterwave([readBack]);
    const event = await provider.parseWebhook(tampered, new Headers({ "verif-hash": HASH }));
    expect(event).toMatchObject({
      kind: "payment",
      payment: { amountMinor: 150050, status: "paid" },
    });
  });

  it("refuses a wrong hash, a signature under another secret, and no header at all", async () => {
    const { provider, sent } = flutterwave();
    const rawBody = body();
    const wrong = createHmac("sha256", "someone-else").update(rawBody).digest("base64");
    await expect(
      provider.parseWebhook(rawBody, new Headers({ "verif-hash": "guessed" })),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(
      provider.parseWebhook(rawBody, new Headers({ "flutterwave-signature": wrong })),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(provider.parseWebhook(rawBody, new Headers())).rejects.toThrow(
      WebhookSignatureError,
    );
    expect(sent).toHaveLength(0);
  });

  it("ignores other event types", async () => {
    const { provider, sent } = flutterwave();
    const rawBody = JSON.stringify(fixture("flutterwave", "webhook-transfer-completed"));
    expect(await provider.parseWebhook(rawBody, new Headers({ "verif-hash": HASH }))).toEqual({
      kind: "ignored",
      eventId: "transfer.completed:33286",
      type: "transfer.completed",
    });
    expect(sent).toHaveLength(0);
  });
});
