import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { isLoopbackAddress } from "../../../lib/loopback.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../lib/payment-values.ts";
import {
  checkoutPage,
  notFoundPage,
  TEST_CARDS,
  type CardErrors,
  type CheckoutStep,
} from "./sandbox-pages.server.ts";
import {
  EVENT_ID_HEADER,
  SANDBOX_CURRENCIES,
  sandboxFee,
  SIGNATURE_HEADER,
  signSandboxBody,
  type SandboxCheckoutJson,
  type SandboxEvent,
  type SandboxEventType,
} from "./sandbox-protocol.server.ts";
import { logger } from "../../../lib/logger.server.ts";

/**
 * The local sandbox payment provider: a hosted checkout in the manner of Paystack's, on
 * loopback, with money that does not exist. The site talks to it through its adapter
 * (providers/sandbox.server.ts) exactly as it talks to a real provider: a JSON API behind a
 * secret key, a page the payer's browser is sent to, and signed webhooks that retry. Its state
 * is a Map in memory; a restart forgets every checkout.
 */

export interface SandboxServerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The API key (`Authorization: Bearer …`) and the webhooks' signing key. */
  secret: string;
  /** Where webhooks go; a function when the site learns its own URL only once it listens. */
  webhookUrl: string | (() => string);
  /** Holds every delivery back this long: the payer is back on the site before the webhook. */
  webhookDelayMs?: number;
  /** The first retry waits this long, each next one twice as long. */
  webhookRetryBaseMs?: number;
  /** Retries after the first attempt before a delivery is given up. */
  webhookRetries?: number;
  /** Failed deliveries and given-up webhooks are reported here. */
  log?: (message: string) => void;
}

/** A checkout as the test controls show it (a copy: changing it changes nothing). */
export interface SandboxCheckout extends SandboxCheckoutJson {
  email: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  methods: PaymentMethod[];
  /** Refunded so far, in minor units. */
  refunded: number;
  /** The mobile money number the approval request went to. */
  phone: string | null;
  /** A mobile money request is waiting for the payer's phone. */
  awaitingApproval: boolean;
}

/** One delivery of a webhook: a redelivery is a delivery of its own, with the same event. */
export interface SandboxWebhook {
  eventId: string;
  type: SandboxEventType;
  checkoutId: string;
  body: string;
  attempts: number;
  delivered: boolean;
}

export interface SandboxServer {
  /** "http://127.0.0.1:PORT", no trailing slash. */
  url: string;
  /** Cancels pending deliveries and retries, then closes the server. */
  stop(): Promise<void>;
  /** The payer's phone approves (paid). Throws for an unknown or no longer pending checkout. */
  approve(checkoutId: string): SandboxCheckout;
  /** The payer's phone declines (failed). */
  decline(checkoutId: string): SandboxCheckout;
  /** Sends the checkout's last webhook again, same event id; returns that id. */
  redeliver(checkoutId: string): string;
  checkouts(): SandboxCheckout[];
  webhooks(): SandboxWebhook[];
  /** Resolves once no delivery is waiting, in flight or due for a retry. */
  settled(): Promise<void>;
}

interface Checkout extends SandboxCheckout {
  accountNumber: string;
  lastEvent: { id: string; type: SandboxEventType; body: string } | null;
}

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const createCheckoutSchema = z.object({
  reference: z
    .string()
    .regex(/^[A-Za-z0-9._:=-]{1,100}$/, "must be 1 to 100 letters, digits or . _ : = -"),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.enum(SANDBOX_CURRENCIES),
  email: z.email(),
  description: z.string().trim().min(1).max(200),
  return_url: httpUrl,
  cancel_url: httpUrl,
  methods: z.array(z.enum(PAYMENT_METHODS)).min(1).max(PAYMENT_METHODS.length),
});

const refundSchema = z.object({
  checkout_id: z.string().min(1),
  amount: z.number().int().positive(),
  /** The same key again answers the refund it made, and refunds nothing more. */
  idempotency_key: z.string().min(1).max(200).optional(),
});

const CHARGE_EVENT = {
  paid: "charge.succeeded",
  failed: "charge.failed",
  cancelled: "charge.cancelled",
} as const satisfies Record<string, SandboxEventType>;

const MAX_BODY_BYTES = 64 * 1024;
const DELIVERY_TIMEOUT_MS = 10_000;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  return issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "Body is not JSON");
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, "cache-control": "no-store" });
  response.end();
}

/** Constant time, whatever the lengths: both sides are hashed to the same size first. */
function sameSecret(given: string, secret: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}

/** `url` with the payment's outcome added to whatever query it already has. */
function withOutcome(url: string, reference: string, status: string): string {
  const target = new URL(url);
  target.searchParams.set("reference", reference);
  target.searchParams.set("status", status);
  return target.href;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card form's errors, or the card number when the form is good. */
function readCard(form: URLSearchParams, now: Date): { errors: CardErrors } | { number: string } {
  const errors: CardErrors = {};
  const number = (form.get("number") ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) errors.number = "Enter the card number.";
  else if (!luhnValid(number)) errors.number = "This card number is not valid.";
  else if (number !== TEST_CARDS.succeeds && number !== TEST_CARDS.declined) {
    errors.number = "Use one of the sandbox test cards above.";
  }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec((form.get("expiry") ?? "").trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) errors.expiry = "Enter the expiry as MM/YY.";
  else {
    const endOfMonth = Date.UTC(2000 + Number(expiry[2]), month, 1);
    if (endOfMonth <= now.getTime()) errors.expiry = "This card has expired.";
  }
  if (!/^\d{3,4}$/.test((form.get("cvc") ?? "").trim())) {
    errors.cvc = "Enter the 3 or 4 digits on the back of the card.";
  }
  return Object.keys(errors).length > 0 ? { errors } : { number };
}

/** A phone number as typed ("+233 24-123 4567"), or null unless it has 9 to 15 digits. */
function readPhone(value: string): string | null {
  const phone = value.replace(/[\s().-]/g, "");
  return /^\+?\d{9,15}$/.test(phone) ? phone : null;
}

function snapshot(checkout: Checkout): SandboxCheckout {
  const { accountNumber: _account, lastEvent: _event, methods, ...rest } = checkout;
  return { ...rest, methods: [...methods] };
}

function toJson(checkout: Checkout): SandboxCheckoutJson {
  const { id, reference, status, amount, currency, fee, method } = checkout;
  return { id, reference, status, amount, currency, fee, method };
}

export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const {
    port = 0,
    host = "127.0.0.1",
    secret,
    webhookUrl,
    webhookDelayMs = 0,
    webhookRetryBaseMs = 1000,
    webhookRetries = 5,
    log = (message: string) => logger.warn(message),
  } = options;
  if (!secret) throw new Error("The sandbox payment provider needs a secret");

  const byId = new Map<string, Checkout>();
  const byReference = new Map<string, Checkout>();
  const refundsByKey = new Map<string, { id: string; status: "succeeded" }>();
  const deliveries: SandboxWebhook[] = [];
  const running = new Set<Promise<void>>();
  const pauses = new Set<() => void>();
  const stopSignal = new AbortController();
  let stopping = false;

  function find(checkoutId: string): Checkout {
    const checkout = byId.get(checkoutId);
    if (!checkout) throw new HttpError(404, `No checkout ${checkoutId}`);
    return checkout;
  }

  /** A wait that stop() ends early. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pauses.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      pauses.add(done);
    });
  }

  /** One attempt: null when the site took it (2xx), else why not. */
  async function post(delivery: SandboxWebhook): Promise<string | null> {
    try {
      const url = typeof webhookUrl === "function" ? webhookUrl() : webhookUrl;
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "gateway-africa-sandbox",
          [SIGNATURE_HEADER]: signSandboxBody(secret, delivery.body),
          [EVENT_ID_HEADER]: delivery.eventId,
        },
        body: delivery.body,
        redirect: "manual",
        signal: AbortSignal.any([stopSignal.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function deliver(delivery: SandboxWebhook): Promise<void> {
    if (webhookDelayMs > 0) await pause(webhookDelayMs);
    for (let attempt = 0; !stopping; attempt++) {
      delivery.attempts++;
      const failure = await post(delivery);
      if (failure === null) {
        delivery.delivered = true;
        return;
      }
      if (stopping) return;
      const name = `Sandbox webhook ${delivery.type} ${delivery.eventId}`;
      if (attempt >= webhookRetries) {
        log(`${name} failed (${failure}); given up after ${delivery.attempts} attempts`);
        return;
      }
      const wait = webhookRetryBaseMs * 2 ** attempt;
      log(`${name} failed (${failure}); retrying in ${wait} ms`);
      await pause(wait);
    }
  }

  /** Starts a delivery; the payer's request never waits for it. */
  function send(event: { id: string; type: SandboxEventType; body: string }, checkoutId: string) {
    const delivery: SandboxWebhook = {
      eventId: event.id,
      type: event.type,
      checkoutId,
      body: event.body,
      attempts: 0,
      delivered: false,
    };
    deliveries.push(delivery);
    const run: Promise<void> = deliver(delivery).finally(() => running.delete(run));
    running.add(run);
  }

  function emit(
    checkout: Checkout,
    type: SandboxEventType,
    refund?: { id: string; amount: number },
  ): void {
    const event: SandboxEvent = {
      id: `evt_${randomBytes(12).toString("hex")}`,
      type,
      data: {
        checkout_id: checkout.id,
        reference: checkout.reference,
        status: refund ? "succeeded" : checkout.status,
        amount: refund ? refund.amount : checkout.amount,
        currency: checkout.currency,
        fee: checkout.fee,
        method: checkout.method,
        ...(refund ? { refund_id: refund.id } : {}),
      },
    };
    checkout.lastEvent = { id: event.id, type, body: JSON.stringify(event) };
    send(checkout.lastEvent, checkout.id);
  }

  /** pending → paid | failed | cancelled, once, with its webhook. */
  function conclude(
    checkout: Checkout,
    status: "paid" | "failed" | "cancelled",
    method: PaymentMethod | null,
  ): void {
    if (checkout.status !== "pending") {
      throw new HttpError(409, `Checkout ${checkout.id} is already ${checkout.status}`);
    }
    checkout.status = status;
    checkout.method = method;
    checkout.fee = status === "paid" && method ? sandboxFee(checkout.amount, method) : 0;
    checkout.awaitingApproval = false;
    emit(checkout, CHARGE_EVENT[status]);
  }

  /** What the payer's phone does: the number's method, else what the checkout allows. */
  function phoneAnswers(checkoutId: string, status: "paid" | "failed"): SandboxCheckout {
    const checkout = find(checkoutId);
    const method =
      checkout.method ??
      (checkout.methods.includes("mobile_money") ? "mobile_money" : checkout.methods[0]!);
    conclude(checkout, status, method);
    return snapshot(checkout);
  }

  function redeliver(checkoutId: string): string {
    const event = find(checkoutId).lastEvent;
    if (!event) throw new HttpError(404, `Checkout ${checkoutId} has sent no webhook yet`);
    send(event, checkoutId);
    return event.id;
  }

  function createCheckout(input: z.infer<typeof createCheckoutSchema>): Checkout {
    if (byReference.has(input.reference)) {
      throw new HttpError(409, `reference ${input.reference} is already used`);
    }
    const checkout: Checkout = {
      id: `chk_${randomBytes(12).toString("hex")}`,
      reference: input.reference,
      status: "pending",
      amount: input.amount,
      currency: input.currency,
      fee: 0,
      method: null,
      email: input.email,
      description: input.description,
      returnUrl: input.return_url,
      cancelUrl: input.cancel_url,
      methods: PAYMENT_METHODS.filter((m) => input.methods.includes(m)),
      refunded: 0,
      phone: null,
      awaitingApproval: false,
      accountNumber: `90${String(randomInt(0, 100_000_000)).padStart(8, "0")}`,
      lastEvent: null,
    };
    byId.set(checkout.id, checkout);
    byReference.set(checkout.reference, checkout);
    return checkout;
  }

  function refund(input: z.infer<typeof refundSchema>): { id: string; status: "succeeded" } {
    const earlier = input.idempotency_key ? refundsByKey.get(input.idempotency_key) : undefined;
    if (earlier) return earlier;
    const checkout = find(input.checkout_id);
    if (checkout.status !== "paid") {
      throw new HttpError(400, `Checkout ${checkout.id} is ${checkout.status}, not paid`);
    }
    const left = checkout.amount - checkout.refunded;
    if (input.amount > left) {
      throw new HttpError(400, `amount: at most ${left} is left to refund`);
    }
    checkout.refunded += input.amount;
    const id = `rf_${randomBytes(12).toString("hex")}`;
    emit(checkout, "refund.succeeded", { id, amount: input.amount });
    const made = { id, status: "succeeded" as const };
    if (input.idempotency_key) refundsByKey.set(input.idempotency_key, made);
    return made;
  }

  // --- HTTP ----------------------------------------------------------------------------------

  function sendPage(
    response: ServerResponse,
    status: number,
    render: (nonce: string) => string,
    checkout?: Checkout,
  ): void {
    const nonce = randomBytes(16).toString("base64");
    // Forms post here, and their answer redirects to the site: form-action must allow both.
    const formTargets = checkout
      ? [...new Set([new URL(checkout.returnUrl).origin, new URL(checkout.cancelUrl).origin])]
      : [];
    response.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": [
        "default-src 'none'",
        `style-src 'nonce-${nonce}'`,
        `form-action 'self' ${formTargets.join(" ")}`.trim(),
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    response.end(render(nonce));
  }

  function showCheckout(response: ServerResponse, checkout: Checkout, query: URLSearchParams) {
    switch (checkout.status) {
      case "paid":
        return redirect(response, withOutcome(checkout.returnUrl, checkout.reference, "paid"));
      case "cancelled":
        return redirect(response, withOutcome(checkout.cancelUrl, checkout.reference, "cancelled"));
      case "failed":
        return sendPage(
          response,
          200,
          (nonce) =>
            checkoutPage(
              checkout,
              {
                kind: "failed",
                tryAgainUrl: withOutcome(checkout.returnUrl, checkout.reference, "failed"),
                siteUrl: `${new URL(checkout.returnUrl).origin}/`,
              },
              nonce,
            ),
          checkout,
        );
      case "pending": {
        const chosen = query.get("method");
        const method = checkout.methods.find((m) => m === chosen) ?? null;
        let step: CheckoutStep;
        if (checkout.awaitingApproval) step = { kind: "waiting" };
        else if (method) step = { kind: method };
        else if (checkout.methods.length === 1) step = { kind: checkout.methods[0]! };
        else step = { kind: "choose" };
        return sendPage(response, 200, (nonce) => checkoutPage(checkout, step, nonce), checkout);
      }
    }
  }

  /** The payer's form posts: each moves the checkout on, then redirects (post/redirect/get). */
  async function payerAction(
    request: IncomingMessage,
    response: ServerResponse,
    checkout: Checkout,
    action: string,
  ): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const page = `/pay/${encodeURIComponent(checkout.id)}`;
    const open = checkout.status === "pending";
    const allows = (method: PaymentMethod) => open && checkout.methods.includes(method);
    const paid = () => withOutcome(checkout.returnUrl, checkout.reference, "paid");

    if (action === "cancel" && open) {
      conclude(checkout, "cancelled", checkout.method);
      return redirect(response, withOutcome(checkout.cancelUrl, checkout.reference, "cancelled"));
    }
    if (action === "card" && allows("card") && !checkout.awaitingApproval) {
      const card = readCard(form, new Date());
      if ("errors" in card) {
        const expiry = (form.get("expiry") ?? "").slice(0, 7);
        const step: CheckoutStep = { kind: "card", errors: card.errors, expiry };
        return sendPage(response, 400, (n) => checkoutPage(checkout, step, n), checkout);
      }
      const declined = card.number === TEST_CARDS.declined;
      conclude(checkout, declined ? "failed" : "paid", "card");
      return redirect(response, declined ? page : paid());
    }
    if (action === "mobile-money" && allows("mobile_money") && !checkout.awaitingApproval) {
      const typed = (form.get("phone") ?? "").slice(0, 20);
      const phone = readPhone(typed);
      if (!phone) {
        const step: CheckoutStep = {
          kind: "mobile_money",
          phone: typed,
          error: "Enter a phone number of 9 to 15 digits, with an optional + and country code.",
        };
        return sendPage(response, 400, (n) => checkoutPage(checkout, step, n), checkout);
      }
      checkout.method = "mobile_money";
      checkout.phone = phone;
      checkout.awaitingApproval = true;
      return redirect(response, page);
    }
    if (action === "mobile-money/approve" && open && checkout.awaitingApproval) {
      conclude(checkout, "paid", "mobile_money");
      return redirect(response, paid());
    }
    if (action === "mobile-money/decline" && open && checkout.awaitingApproval) {
      conclude(checkout, "failed", "mobile_money");
      return redirect(response, page);
    }
    if (action === "bank-transfer" && allows("bank_transfer") && !checkout.awaitingApproval) {
      conclude(checkout, "paid", "bank_transfer");
      return redirect(response, paid());
    }
    // A repeated or stale form (back button, second tab): the page shows where things stand.
    return redirect(response, page);
  }

  function authorised(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? "";
    return header.startsWith("Bearer ") && sameSecret(header.slice("Bearer ".length), secret);
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string[]) {
    if (!authorised(request)) {
      response.setHeader("www-authenticate", "Bearer");
      return sendJson(response, 401, { error: "Missing or wrong API key" });
    }
    const [collection, first, second] = path;
    if (request.method === "POST" && collection === "checkouts" && path.length === 1) {
      const input = createCheckoutSchema.safeParse(await readJson(request));
      if (!input.success) throw new HttpError(400, firstIssue(input.error));
      const checkout = createCheckout(input.data);
      return sendJson(response, 201, {
        id: checkout.id,
        checkout_url: `${url}/pay/${encodeURIComponent(checkout.id)}`,
        reference: checkout.reference,
      });
    }
    if (request.method === "GET" && collection === "checkouts") {
      if (first === "by-reference" && second !== undefined && path.length === 3) {
        const checkout = byReference.get(second);
        if (!checkout) throw new HttpError(404, `No checkout with reference ${second}`);
        return sendJson(response, 200, toJson(checkout));
      }
      if (first !== undefined && path.length === 2) {
        return sendJson(response, 200, toJson(find(first)));
      }
    }
    if (request.method === "POST" && collection === "refunds" && path.length === 1) {
      const input = refundSchema.safeParse(await readJson(request));
      if (!input.success) throw new HttpError(400, firstIssue(input.error));
      return sendJson(response, 201, refund(input.data));
    }
    throw new HttpError(404, "No such endpoint");
  }

  function control(request: IncomingMessage, response: ServerResponse, path: string[]) {
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      throw new HttpError(403, "Test controls answer loopback only");
    }
    const [collection, id, action] = path;
    if (request.method === "POST" && path.length === 3 && id !== undefined) {
      if (collection === "checkouts" && action === "approve") {
        return sendJson(response, 200, phoneAnswers(id, "paid"));
      }
      if (collection === "checkouts" && action === "decline") {
        return sendJson(response, 200, phoneAnswers(id, "failed"));
      }
      if (collection === "webhooks" && action === "redeliver") {
        return sendJson(response, 202, { event_id: redeliver(id) });
      }
    }
    throw new HttpError(404, "No such control");
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? "/", "http://sandbox.invalid");
    let path: string[];
    try {
      path = requestUrl.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new HttpError(400, "Malformed path");
    }
    const [area, id, ...action] = path;
    if (area === "api") return api(request, response, path.slice(1));
    if (area === "control") return control(request, response, path.slice(1));
    if (area === "pay" && id !== undefined) {
      const checkout = byId.get(id);
      if (!checkout) return sendPage(response, 404, notFoundPage);
      if (request.method === "GET" && action.length === 0) {
        return showCheckout(response, checkout, requestUrl.searchParams);
      }
      if (request.method === "POST" && action.length > 0) {
        return payerAction(request, response, checkout, action.join("/"));
      }
    }
    throw new HttpError(404, "Not found");
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof HttpError)
        return sendJson(response, error.status, { error: error.message });
      log(`Sandbox payment provider: ${error instanceof Error ? error.stack : String(error)}`);
      sendJson(response, 500, { error: "Sandbox error" });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  async function settled(): Promise<void> {
    while (running.size > 0) await Promise.all(running);
  }

  let stopped: Promise<void> | undefined;
  async function stop(): Promise<void> {
    stopping = true;
    for (const done of pauses) done();
    stopSignal.abort();
    await settled();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  return {
    url,
    stop: () => (stopped ??= stop()),
    approve: (checkoutId) => phoneAnswers(checkoutId, "paid"),
    decline: (checkoutId) => phoneAnswers(checkoutId, "failed"),
    redeliver,
    checkouts: () => [...byId.values()].map(snapshot),
    webhooks: () => deliveries.map((delivery) => ({ ...delivery })),
    settled,
  };
}
