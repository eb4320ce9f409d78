import { EVENT_ID_HEADER, SIGNATURE_HEADER, signSandboxBody } from "./sandbox-protocol.server.ts";
import type { SandboxEventType } from "./sandbox-protocol.server.ts";

/** One delivery of a webhook: a redelivery is a delivery of its own, with the same event. */
export interface SandboxWebhook {
  eventId: string;
  type: SandboxEventType;
  checkoutId: string;
  body: string;
  attempts: number;
  delivered: boolean;
}

export interface WebhookSenderOptions {
  secret: string;
  webhookUrl: string | (() => string);
  webhookDelayMs: number;
  webhookRetryBaseMs: number;
  webhookRetries: number;
  log: (message: string) => void;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The sandbox's webhook deliveries: signed, held back, retried with a doubling wait, and every
 * one kept for the test controls.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const { secret, webhookUrl, webhookDelayMs, webhookRetryBaseMs, webhookRetries, log } = options;
  const deliveries: SandboxWebhook[] = [];
  const running = new Set<Promise<void>>();
  const pauses = new Set<() => void>();
  const stopSignal = new AbortController();
  let stopping = false;

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

  /** Resolves once no delivery is waiting, in flight or due for a retry. */
  async function settled(): Promise<void> {
    while (running.size > 0) await Promise.all(running);
  }

  /** Cuts every wait and delivery short, then waits for them to end. */
  async function stop(): Promise<void> {
    stopping = true;
    for (const done of pauses) done();
    stopSignal.abort();
    await settled();
  }

  return { send, settled, stop, deliveries: () => deliveries.map((delivery) => ({ ...delivery })) };
}
