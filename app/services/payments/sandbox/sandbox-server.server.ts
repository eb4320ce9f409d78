import { randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { z } from "zod";
import { isLoopbackAddress } from "../../../lib/loopback.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../lib/payment-values.ts";
import {
  CHARGE_EVENT,
  createCheckoutSchema,
  refundSchema,
  snapshot,
  toJson,
  type Checkout,
  type SandboxCheckout,
} from "./sandbox-checkout.server.ts";
import {
  firstIssue,
  HttpError,
  readJson,
  sameSecret,
  sendJson,
  sendPage,
} from "./sandbox-http.server.ts";
import { notFoundPage } from "./sandbox-pages.server.ts";
import { payerAction, showCheckout } from "./sandbox-payer.server.ts";
import { sandboxFee, type SandboxEvent, type SandboxEventType } from "./sandbox-protocol.server.ts";
import { createWebhookSender, type SandboxWebhook } from "./sandbox-webhooks.server.ts";
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
  const webhooks = createWebhookSender({
    secret,
    webhookUrl,
    webhookDelayMs,
    webhookRetryBaseMs,
    webhookRetries,
    log,
  });

  function find(checkoutId: string): Checkout {
    const checkout = byId.get(checkoutId);
    if (!checkout) throw new HttpError(404, `No checkout ${checkoutId}`);
    return checkout;
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
    webhooks.send(checkout.lastEvent, checkout.id);
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
    webhooks.send(event, checkoutId);
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
        return payerAction(request, response, checkout, action.join("/"), conclude);
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

  let stopped: Promise<void> | undefined;
  async function stop(): Promise<void> {
    await webhooks.stop();
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
    webhooks: webhooks.deliveries,
    settled: webhooks.settled,
  };
}
