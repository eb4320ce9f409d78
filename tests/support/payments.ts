import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { Database } from "../../app/db/client.server.ts";
import { ledgerHealth } from "../../app/services/payments/ledger-health.server.ts";
import { setPaymentProvider } from "../../app/services/payments/provider-registry.server.ts";
import { createSandboxProvider } from "../../app/services/payments/providers/sandbox.server.ts";
import type { SandboxCheckout } from "../../app/services/payments/sandbox/sandbox-checkout.server.ts";
import {
  startSandboxServer,
  type SandboxServer,
} from "../../app/services/payments/sandbox/sandbox-server.server.ts";
import { handlePaymentWebhook } from "../../app/services/payments/settle.server.ts";

/**
 * Payments for integration tests: the real sandbox provider on loopback, with its webhooks sent
 * over HTTP to a small receiver that hands them to the site's own webhook handling (the route
 * of server/api/v1/payment-webhooks.ts does only that, plus reading the body).
 */

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

export interface TestPayments {
  sandbox: SandboxServer;
  /** Every webhook outcome the site answered, in order ("paid", "duplicate", "bad_signature"…). */
  outcomes: string[];
  /** The sandbox checkout of one of our payments. */
  checkoutOf(paymentId: string): SandboxCheckout;
  /** The payer approves on the phone (mobile money); resolves once the webhook was applied. */
  pay(paymentId: string): Promise<void>;
  /** The payer's phone declines; resolves once the webhook was applied. */
  decline(paymentId: string): Promise<void>;
  /** Sends a payment's last webhook again (same event id) and waits for it. */
  redeliver(paymentId: string): Promise<void>;
  /** Stops taking webhooks (the site is down): they fail and the sandbox retries, then gives up. */
  setWebhooksDown(down: boolean): void;
  stop(): Promise<void>;
}

export async function startTestPayments(
  options: { webhookDelayMs?: number } = {},
): Promise<TestPayments> {
  const secret = "sandbox-test-secret-0123456789";
  const outcomes: string[] = [];
  let down = false;
  const receiver = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      if (down) {
        response.writeHead(503).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const answer = await handlePaymentWebhook("sandbox", raw, headers);
      outcomes.push(answer.outcome);
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    })().catch((error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    });
  });
  const receiverUrl = await listen(receiver);
  const sandbox = await startSandboxServer({
    secret,
    webhookUrl: `${receiverUrl}/webhook`,
    webhookDelayMs: options.webhookDelayMs ?? 0,
    webhookRetryBaseMs: 50,
    webhookRetries: 2,
    log: () => undefined,
  });
  setPaymentProvider(createSandboxProvider({ url: sandbox.url, secret }));

  const checkoutOf = (paymentId: string) => {
    const found = sandbox.checkouts().find((checkout) => checkout.reference === paymentId);
    if (!found) throw new Error(`No sandbox checkout for ${paymentId}`);
    return found;
  };

  return {
    sandbox,
    outcomes,
    checkoutOf,
    async pay(paymentId) {
      sandbox.approve(checkoutOf(paymentId).id);
      await sandbox.settled();
    },
    async decline(paymentId) {
      sandbox.decline(checkoutOf(paymentId).id);
      await sandbox.settled();
    },
    async redeliver(paymentId) {
      sandbox.redeliver(checkoutOf(paymentId).id);
      await sandbox.settled();
    },
    setWebhooksDown(value) {
      down = value;
    },
    async stop() {
      setPaymentProvider(undefined);
      await sandbox.stop();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

/**
 * The ledger is healthy, not only balanced: every transaction sums to zero, no cash or holding
 * account is below zero (the platform's nor any one person's), and every host's held + payable +
 * paid out − owed back is what they earned.
 */
export async function expectLedgerHealthy(db: Database): Promise<void> {
  for (const health of await ledgerHealth(db)) {
    expect(health, `ledger in ${health.currency}`).toEqual({
      currency: health.currency,
      balanced: true,
      problems: [],
    });
  }
}
