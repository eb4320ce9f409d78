import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type WebhookEvent,
} from "../../app/services/payments/providers/provider.server.ts";
import { createSandboxProvider } from "../../app/services/payments/providers/sandbox.server.ts";
import {
  sandboxEventSchema,
  type SandboxEvent,
} from "../../app/services/payments/sandbox/sandbox-protocol.server.ts";
import {
  startSandboxServer,
  type SandboxServer,
} from "../../app/services/payments/sandbox/sandbox-server.server.ts";

/**
 * The sandbox provider end to end, over real HTTP: the adapter opens a checkout, the test plays
 * the payer's browser on the hosted page with fetch, and a small server on loopback plays the
 * site's webhook endpoint. No database: this is the provider and its adapter only.
 */

const SECRET = "sk_sandbox_test_secret";
const RETURN_URL = "https://site.example/payments/return?from=checkout";
const CANCEL_URL = "https://site.example/payments/cancelled";

interface Received {
  body: string;
  headers: Headers;
  event: SandboxEvent;
  answered: number;
  at: number;
}

/** The site's webhook endpoint: records every delivery, and answers 500 when told to. */
async function startReceiver() {
  const received: Received[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const answered = failures > 0 ? 500 : 204;
      if (failures > 0) failures--;
      const event = sandboxEventSchema.parse(JSON.parse(body));
      received.push({ body, headers, event, answered, at: Date.now() });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/sandbox`,
    received,
    failNext(count: number) {
      failures = count;
    },
    /** Deliveries about one checkout, in the order they came. */
    about(checkoutId: string) {
      return received.filter((r) => r.event.data.checkout_id === checkoutId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Waits for the `count`th delivery about a checkout. */
function delivery(receiver: Receiver, checkoutId: string, count = 1): Promise<Received> {
  return vi.waitFor(
    () => {
      const hit = receiver.about(checkoutId)[count - 1];
      if (!hit) throw new Error(`Webhook ${count} for ${checkoutId} has not arrived`);
      return hit;
    },
    { timeout: 5000, interval: 10 },
  );
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

interface PageAnswer {
  status: number;
  html: string;
  location: string | null;
  headers: Headers;
}

async function browse(url: string, form?: Record<string, string>): Promise<PageAnswer> {
  const response = await fetch(url, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
  });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("location"),
    headers: response.headers,
  };
}

/** Presses the button named `button` on the page, as a browser would, with `fields` typed in. */
function press(
  page: PageAnswer,
  pageUrl: string,
  button: string,
  fields: Record<string, string> = {},
) {
  for (const match of page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, attributes = "", inner = ""] = match;
    const pressed = new RegExp(`<button\\b([^>]*)>${button}</button>`).exec(inner);
    if (!pressed) continue;
    const action = decodeEntities(/action="([^"]*)"/.exec(attributes)?.[1] ?? "");
    const target = new URL(action, pageUrl);
    const named = /name="([^"]*)" value="([^"]*)"/.exec(pressed[1] ?? "");
    if (/method="get"/.test(attributes)) {
      if (named) target.searchParams.set(named[1]!, decodeEntities(named[2]!));
      return browse(target.href);
    }
    return browse(target.href, fields);
  }
  throw new Error(`No button "${button}" on the page`);
}

/** The payer's browser following one 303 (the sandbox's own pages redirect by path). */
async function follow(page: PageAnswer, pageUrl: string): Promise<PageAnswer> {
  expect(page.status).toBe(303);
  return browse(new URL(page.location!, pageUrl).href);
}

describe("sandbox payment provider", () => {
  let receiver: Receiver;
  let sandbox: SandboxServer;
  let provider: PaymentProvider;
  const logs: string[] = [];
  let counter = 0;

  function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
    counter++;
    return {
      reference: `pay_${Date.now()}_${counter}`,
      amountMinor: 150_000,
      currency: "NGN",
      email: "ada@example.com",
      description: "Premium plan (30 days)",
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
      methods: ["card", "mobile_money", "bank_transfer"],
      ...overrides,
    };
  }

  async function open(overrides: Partial<CheckoutRequest> = {}) {
    const checkout = request(overrides);
    const session = await provider.createCheckout(checkout);
    return { ...session, reference: checkout.reference, page: await browse(session.checkoutUrl) };
  }

  async function parsed(received: Received): Promise<WebhookEvent> {
    return provider.parseWebhook(received.body, received.headers);
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startSandboxServer({
      secret: SECRET,
      webhookUrl: () => receiver.url,
      webhookRetryBaseMs: 50,
      log: (message) => logs.push(message),
    });
    provider = createSandboxProvider({ url: sandbox.url, secret: SECRET });
  });

  afterAll(async () => {
    await sandbox?.stop();
    await receiver?.close();
  });

  it("describes itself as a provider: currencies, methods and the page's origin", () => {
    expect(provider.id).toBe("sandbox");
    expect(provider.currencies).toEqual(expect.arrayContaining(["USD", "NGN", "KES", "XOF"]));
    expect(provider.methods).toEqual(["card", "mobile_money", "bank_transfer"]);
    expect(provider.origins()).toEqual([new URL(sandbox.url).origin]);
  });

  it("takes a card payment: hosted page, redirect back with the outcome, signed webhook", async () => {
    const { providerRef, checkoutUrl, reference, page } = await open();
    expect(checkoutUrl).toBe(`${sandbox.url}/pay/${providerRef}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("<title>Gateway Africa sandbox checkout</title>");
    expect(page.html).toMatch(/Sandbox: a test payment, no real money/);
    expect(page.html).toContain("Premium plan (30 days)");
    expect(page.html).toContain("₦1,500.00");
    for (const method of ["Card", "Mobile money", "Bank transfer"]) {
      expect(page.html).toMatch(new RegExp(`<button [^>]*>${method}</button>`));
    }

    const cardForm = await press(page, checkoutUrl, "Card");
    expect(cardForm.html).toContain(">Card number</label>");
    expect(cardForm.html).toContain(">Expiry (MM/YY)</label>");
    expect(cardForm.html).toContain(">CVC</label>");
    expect(cardForm.html).toContain("Cancel payment");

    const paid = await press(cardForm, checkoutUrl, "Pay", {
      number: "4242 4242 4242 4242",
      expiry: "12/39",
      cvc: "123",
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.location!);
    expect(`${back.origin}${back.pathname}`).toBe("https://site.example/payments/return");
    expect(Object.fromEntries(back.searchParams)).toEqual({
      from: "checkout",
      reference,
      status: "paid",
    });

    const webhook = await delivery(receiver, providerRef);
    expect(webhook.headers.get("x-sandbox-event-id")).toBe(webhook.event.id);
    expect(webhook.event.type).toBe("charge.succeeded");
    // 2.9% of 150,000 kobo.
    expect(await parsed(webhook)).toEqual({
      kind: "payment",
      eventId: webhook.event.id,
      payment: {
        reference,
        providerRef,
        status: "paid",
        amountMinor: 150_000,
        currency: "NGN",
        feeMinor: 4350,
        method: "card",
      },
    });
    // The card stays with the provider: no webhook carries it.
    expect(receiver.received.map((r) => r.body).join("")).not.toMatch(/4242|cvc|expiry/i);

    const byId = await provider.verify({ reference, providerRef });
    const byReference = await provider.verify({ reference, providerRef: "" });
    expect(byId).toEqual(byReference);
    expect(byId).toMatchObject({ status: "paid", feeMinor: 4350, method: "card" });

    // Back on the page later: the payer is sent on to the site again.
    const again = await browse(checkoutUrl);
    expect(again.status).toBe(303);
    expect(again.location).toBe(paid.location);
  });

  it("declines the test card 4000 0000 0000 0002: failed webhook, a way back to the site", async () => {
    const { providerRef, checkoutUrl, reference, page } = await open();
    const cardForm = await press(page, checkoutUrl, "Card");
    const declined = await press(cardForm, checkoutUrl, "Pay", {
      number: "4000000000000002",
      expiry: "01/40",
      cvc: "999",
    });
    const failedPage = await follow(declined, checkoutUrl);
    expect(failedPage.html).toContain("Card declined");
    const tryAgain = /<a [^>]*href="([^"]*)"[^>]*>Try again<\/a>/.exec(failedPage.html);
    expect(decodeEntities(tryAgain![1]!)).toBe(
      `${RETURN_URL}&reference=${reference}&status=failed`,
    );
    expect(failedPage.html).toMatch(/href="https:\/\/site\.example\/"[^>]*>Back to Gateway Africa/);
    expect(failedPage.html).not.toContain("Cancel payment");

    const webhook = await delivery(receiver, providerRef);
    expect(webhook.event.type).toBe("charge.failed");
    expect(await parsed(webhook)).toMatchObject({
      kind: "payment",
      payment: { status: "failed", feeMinor: 0, method: "card" },
    });
    expect(await provider.verify({ reference, providerRef })).toMatchObject({ status: "failed" });
  });

  it("sends the card form back with its errors, and pays nothing, for a card that is not a test card", async () => {
    const { providerRef, checkoutUrl, page } = await open({ methods: ["card"] });
    // One method: the page opens on it.
    expect(page.html).toContain(">Card number</label>");
    expect(page.html).not.toContain("Choose another method");

    const refused = await press(page, checkoutUrl, "Pay", {
      number: "4111 1111 1111 1111",
      expiry: "13/30",
      cvc: "1",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Use one of the sandbox test cards above.");
    expect(refused.html).toContain("Enter the expiry as MM/YY.");
    expect(refused.html).toContain("Enter the 3 or 4 digits on the back of the card.");
    expect(refused.html).toContain('aria-describedby="number-error"');
    expect(refused.html).not.toContain("4111");

    const expired = await press(page, checkoutUrl, "Pay", {
      number: "4242424242424241",
      expiry: "01/20",
      cvc: "123",
    });
    expect(expired.html).toContain("This card number is not valid.");
    expect(expired.html).toContain("This card has expired.");

    await sandbox.settled();
    expect(receiver.about(providerRef)).toEqual([]);
    expect(sandbox.checkouts().find((c) => c.id === providerRef)?.status).toBe("pending");
  });

  it("waits for the payer's phone on mobile money, and pays once the control endpoint approves", async () => {
    const { providerRef, checkoutUrl, reference, page } = await open({
      currency: "KES",
      amountMinor: 250_000,
    });
    const form = await press(page, checkoutUrl, "Mobile money");
    expect(form.html).toContain(">Phone number</label>");

    const badPhone = await press(form, checkoutUrl, "Send approval request", { phone: "12-34" });
    expect(badPhone.status).toBe(400);
    expect(badPhone.html).toContain("9 to 15 digits");
    expect(badPhone.html).toContain('value="12-34"');

    const waiting = await follow(
      await press(form, checkoutUrl, "Send approval request", { phone: "+254 712 345 678" }),
      checkoutUrl,
    );
    expect(waiting.html).toContain("Approve the payment on your phone");
    expect(waiting.html).toContain('<meta http-equiv="refresh" content="3">');
    expect(waiting.html).toContain("+254712345678");
    expect(waiting.html).toContain("I approved it on my phone");
    expect(waiting.html).toContain("Decline on phone");
    expect(await provider.verify({ reference, providerRef })).toMatchObject({
      status: "pending",
    });

    const approved = await fetch(`${sandbox.url}/control/checkouts/${providerRef}/approve`, {
      method: "POST",
    });
    expect(approved.status).toBe(200);
    const webhook = await delivery(receiver, providerRef);
    expect(await parsed(webhook)).toMatchObject({
      kind: "payment",
      // 1.5% of KES 2,500.00.
      payment: { status: "paid", method: "mobile_money", feeMinor: 3750, currency: "KES" },
    });

    // The waiting page's next refresh takes the payer back to the site.
    const refreshed = await browse(checkoutUrl);
    expect(refreshed.status).toBe(303);
    expect(new URL(refreshed.location!).searchParams.get("status")).toBe("paid");

    const twice = await fetch(`${sandbox.url}/control/checkouts/${providerRef}/approve`, {
      method: "POST",
    });
    expect(twice.status).toBe(409);
  });

  it("lets the payer approve or decline on the waiting page itself", async () => {
    const first = await open({ methods: ["mobile_money"] });
    const waiting = await follow(
      await press(first.page, first.checkoutUrl, "Send approval request", {
        phone: "233241234567",
      }),
      first.checkoutUrl,
    );
    const approved = await press(waiting, first.checkoutUrl, "I approved it on my phone");
    expect(approved.status).toBe(303);
    expect(new URL(approved.location!).searchParams.get("status")).toBe("paid");
    expect((await delivery(receiver, first.providerRef)).event.type).toBe("charge.succeeded");

    const second = await open({ methods: ["mobile_money"] });
    const waitingAgain = await follow(
      await press(second.page, second.checkoutUrl, "Send approval request", {
        phone: "233241234567",
      }),
      second.checkoutUrl,
    );
    const declined = await follow(
      await press(waitingAgain, second.checkoutUrl, "Decline on phone"),
      second.checkoutUrl,
    );
    expect(declined.html).toContain("Payment declined");
    expect(declined.html).toContain("Try again");
    const webhook = await delivery(receiver, second.providerRef);
    expect(await parsed(webhook)).toMatchObject({
      payment: { status: "failed", method: "mobile_money" },
    });
  });

  it("shows bank details and the reference to quote, and takes the transfer (fee 1%, at least 1)", async () => {
    const { providerRef, checkoutUrl, reference, page } = await open({
      currency: "XOF",
      amountMinor: 20,
    });
    expect(page.html).toMatch(/F\sCFA\s20</);
    const details = await press(page, checkoutUrl, "Bank transfer");
    expect(details.html).toContain("Sandbox Bank");
    expect(details.html).toMatch(/<dt>Account number<\/dt><dd>90\d{8}<\/dd>/);
    expect(details.html).toContain(`<dt>Reference</dt><dd>${reference}</dd>`);

    const paid = await press(details, checkoutUrl, "I have made the transfer");
    expect(new URL(paid.location!).searchParams.get("status")).toBe("paid");
    const webhook = await delivery(receiver, providerRef);
    expect(await parsed(webhook)).toMatchObject({
      payment: { status: "paid", method: "bank_transfer", feeMinor: 1, amountMinor: 20 },
    });
  });

  it("cancels from any step: cancelled webhook, back to the cancel URL", async () => {
    const { providerRef, checkoutUrl, reference, page } = await open();
    const details = await press(page, checkoutUrl, "Bank transfer");
    const cancelled = await press(details, checkoutUrl, "Cancel payment");
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${CANCEL_URL}?reference=${reference}&status=cancelled`);

    const webhook = await delivery(receiver, providerRef);
    expect(webhook.event.type).toBe("charge.cancelled");
    expect(await parsed(webhook)).toMatchObject({ payment: { status: "cancelled" } });
    expect(await provider.verify({ reference, providerRef })).toMatchObject({
      status: "cancelled",
    });

    // A stale form from another tab changes nothing.
    const stale = await press(details, checkoutUrl, "I have made the transfer");
    expect(stale.location).toBe(`/pay/${providerRef}`);
    expect((await browse(checkoutUrl)).location).toBe(cancelled.location);
    await sandbox.settled();
    expect(receiver.about(providerRef)).toHaveLength(1);
  });

  it("refunds in parts, refuses more than is left, and refuses an unpaid checkout", async () => {
    const { providerRef, reference } = await open({ currency: "GHS", amountMinor: 10_000 });
    const refund = { reference, providerRef, currency: "GHS" };
    await expect(
      provider.refund({ ...refund, refundId: "ref_0", amountMinor: 100 }),
    ).rejects.toMatchObject({
      name: "ProviderError",
      status: 400,
    });

    sandbox.approve(providerRef);
    await delivery(receiver, providerRef);
    const first = await provider.refund({ ...refund, refundId: "ref_1", amountMinor: 4000 });
    // Sent again after a lost answer: the same refund, nothing more refunded.
    const again = await provider.refund({ ...refund, refundId: "ref_1", amountMinor: 4000 });
    expect(again).toEqual(first);
    const second = await provider.refund({
      ...refund,
      refundId: "ref_2",
      providerRef: "",
      amountMinor: 6000,
    });
    expect(first.status).toBe("succeeded");
    expect(second.refundRef).not.toBe(first.refundRef);
    const over = provider.refund({ ...refund, refundId: "ref_3", amountMinor: 1 });
    await expect(over).rejects.toBeInstanceOf(ProviderError);
    await expect(over).rejects.toThrow(/at most 0 is left to refund/);

    const [, firstRefund, secondRefund] = [
      await delivery(receiver, providerRef, 1),
      await delivery(receiver, providerRef, 2),
      await delivery(receiver, providerRef, 3),
    ];
    expect(firstRefund.event.type).toBe("refund.succeeded");
    expect(firstRefund.event.data).toMatchObject({ amount: 4000, refund_id: first.refundRef });
    expect(await parsed(secondRefund)).toEqual({
      kind: "refund",
      eventId: secondRefund.event.id,
      reference,
      refundRef: second.refundRef,
      status: "succeeded",
    });
    expect(sandbox.checkouts().find((c) => c.id === providerRef)?.refunded).toBe(10_000);
  });

  it("refuses API calls without the key, with bad input or with a reused reference", async () => {
    const post = (body: unknown, key = SECRET) =>
      fetch(`${sandbox.url}/api/checkouts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const good = {
      reference: `api_${Date.now()}`,
      amount: 500,
      currency: "USD",
      email: "ada@example.com",
      description: "Test",
      return_url: RETURN_URL,
      cancel_url: CANCEL_URL,
      methods: ["card"],
    };
    expect((await post(good, "wrong")).status).toBe(401);
    expect((await fetch(`${sandbox.url}/api/checkouts/whatever`)).status).toBe(401);

    for (const bad of [
      { amount: 0 },
      { amount: 12.5 },
      { currency: "JPY" },
      { email: "not-an-address" },
      { return_url: "javascript:alert(1)" },
      { methods: [] },
      { methods: ["cash"] },
      { reference: "has spaces" },
    ]) {
      const answer = await post({ ...good, ...bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(/\w/);
    }
    expect((await post(good)).status).toBe(201);
    const reused = await post(good);
    expect(reused.status).toBe(409);

    await expect(provider.verify({ reference: "nope", providerRef: "" })).rejects.toMatchObject({
      status: 404,
    });
    expect((await browse(`${sandbox.url}/pay/chk_unknown`)).status).toBe(404);
  });

  it("refuses a webhook whose body or signature was changed, or that has none", async () => {
    const { providerRef } = await open();
    sandbox.decline(providerRef);
    const webhook = await delivery(receiver, providerRef);
    const tampered = webhook.body.replace('"failed"', '"paid"');
    expect(tampered).not.toBe(webhook.body);
    expect(() => provider.parseWebhook(tampered, webhook.headers)).toThrow(WebhookSignatureError);

    const forged = new Headers(webhook.headers);
    forged.set("x-sandbox-signature", "0".repeat(64));
    expect(() => provider.parseWebhook(webhook.body, forged)).toThrow(WebhookSignatureError);
    forged.delete("x-sandbox-signature");
    expect(() => provider.parseWebhook(webhook.body, forged)).toThrow(WebhookSignatureError);

    const otherKey = createSandboxProvider({ url: sandbox.url, secret: "another" });
    expect(() => otherKey.parseWebhook(webhook.body, webhook.headers)).toThrow(
      WebhookSignatureError,
    );
  });

  it("retries a webhook the site answered with 500, with the same event", async () => {
    const { providerRef } = await open();
    receiver.failNext(1);
    sandbox.approve(providerRef);
    const retried = await delivery(receiver, providerRef, 2);
    const [failed] = receiver.about(providerRef);
    expect(failed!.answered).toBe(500);
    expect(retried.answered).toBe(204);
    expect(retried.event.id).toBe(failed!.event.id);
    expect(retried.body).toBe(failed!.body);
    expect(retried.at - failed!.at).toBeGreaterThanOrEqual(45);
    expect(logs.some((l) => l.includes(failed!.event.id) && l.includes("HTTP 500"))).toBe(true);
    await sandbox.settled();
    expect(sandbox.webhooks().find((w) => w.eventId === failed!.event.id)).toMatchObject({
      attempts: 2,
      delivered: true,
    });
  });

  it("redelivers the last webhook with the same event id (handle and control endpoint)", async () => {
    const { providerRef } = await open();
    sandbox.approve(providerRef);
    const original = await delivery(receiver, providerRef);
    expect(sandbox.redeliver(providerRef)).toBe(original.event.id);
    const answer = await fetch(`${sandbox.url}/control/webhooks/${providerRef}/redeliver`, {
      method: "POST",
    });
    expect(answer.status).toBe(202);
    const third = await delivery(receiver, providerRef, 3);
    const second = receiver.about(providerRef)[1]!;
    for (const again of [second, third]) {
      expect(again.body).toBe(original.body);
      expect((await parsed(again)).eventId).toBe((await parsed(original)).eventId);
    }

    const fresh = await open();
    const none = await fetch(`${sandbox.url}/control/webhooks/${fresh.providerRef}/redeliver`, {
      method: "POST",
    });
    expect(none.status).toBe(404);
  });

  it("escapes what it shows and allows no script on the page", async () => {
    const { checkoutUrl, page } = await open({
      description: `<script>alert("x")</script> & 'friends'`,
    });
    expect(page.html).not.toContain("<script");
    expect(page.html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;",
    );
    const policy = page.headers.get("content-security-policy")!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/style-src 'nonce-[^']+'/);
    expect(policy).toContain("form-action 'self' https://site.example");
    const nonce = /style-src 'nonce-([^']+)'/.exec(policy)![1]!;
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect((await browse(checkoutUrl)).headers.get("content-security-policy")).not.toBe(policy);
  });
});

describe("sandbox webhook timing", () => {
  it("holds webhooks back by webhookDelayMs: the payer is back on the site first", async () => {
    const receiver = await startReceiver();
    const sandbox = await startSandboxServer({
      secret: SECRET,
      webhookUrl: receiver.url,
      webhookDelayMs: 300,
      log: () => {},
    });
    try {
      const provider = createSandboxProvider({ url: sandbox.url, secret: SECRET });
      const session = await provider.createCheckout({
        reference: `late_${Date.now()}`,
        amountMinor: 1000,
        currency: "USD",
        email: "ada@example.com",
        description: "Late webhook",
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
        methods: ["bank_transfer"],
      });
      const page = await browse(session.checkoutUrl);
      const startedAt = Date.now();
      const paid = await press(page, session.checkoutUrl, "I have made the transfer");
      expect(paid.status).toBe(303);
      expect(receiver.received).toHaveLength(0);
      const webhook = await delivery(receiver, session.providerRef);
      expect(webhook.at - startedAt).toBeGreaterThanOrEqual(280);
    } finally {
      await sandbox.stop();
      await receiver.close();
    }
  });

  it("stops retrying once stopped, and gives up after the last retry", async () => {
    const receiver = await startReceiver();
    receiver.failNext(100);
    const logs: string[] = [];
    const patient = await startSandboxServer({
      secret: SECRET,
      webhookUrl: receiver.url,
      webhookRetryBaseMs: 10_000,
      log: (message) => logs.push(message),
    });
    const quick = await startSandboxServer({
      secret: SECRET,
      webhookUrl: receiver.url,
      webhookRetryBaseMs: 5,
      webhookRetries: 2,
      log: (message) => logs.push(message),
    });
    try {
      const checkout = {
        amountMinor: 1000,
        currency: "USD",
        email: "ada@example.com",
        description: "Retries",
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
        methods: ["card"] as const,
      };
      const first = await createSandboxProvider({
        url: patient.url,
        secret: SECRET,
      }).createCheckout({ ...checkout, reference: `stop_${Date.now()}` });
      patient.approve(first.providerRef);
      await delivery(receiver, first.providerRef);
      const stoppedAt = Date.now();
      await patient.stop();
      expect(Date.now() - stoppedAt).toBeLessThan(1000);
      expect(patient.webhooks()[0]).toMatchObject({ attempts: 1, delivered: false });

      const second = await createSandboxProvider({ url: quick.url, secret: SECRET }).createCheckout(
        {
          ...checkout,
          reference: `give_up_${Date.now()}`,
        },
      );
      quick.decline(second.providerRef);
      await quick.settled();
      expect(receiver.about(second.providerRef)).toHaveLength(3);
      expect(logs.at(-1)).toMatch(/given up after 3 attempts/);
    } finally {
      await patient.stop();
      await quick.stop();
      await receiver.close();
    }
  });
});
