import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { PAYMENT_METHODS } from "../../../lib/payment-values.ts";
import {
  SANDBOX_CURRENCIES,
  sandboxCheckoutSchema,
  sandboxCreatedSchema,
  sandboxErrorSchema,
  sandboxEventSchema,
  sandboxRefundSchema,
  SIGNATURE_HEADER,
  signSandboxBody,
  type SandboxCheckoutJson,
} from "../sandbox/sandbox-protocol.server.ts";
import {
  ProviderError,
  WebhookSignatureError,
  type Fetch,
  type PaymentProvider,
  type ProviderPayment,
  type WebhookEvent,
} from "./provider.server.ts";

/**
 * The local sandbox provider (sandbox/sandbox-server.server.ts) behind the site's provider
 * interface. It is a provider like the others: every call goes over HTTP with its secret key,
 * and its webhooks are believed only when their signature is right.
 */

export interface SandboxProviderOptions {
  /** The sandbox's base URL ("http://127.0.0.1:4010"). */
  url: string;
  secret: string;
  fetch?: Fetch;
}

const CHARGE_EVENTS = new Set(["charge.succeeded", "charge.failed", "charge.cancelled"]);

/** A provider that does not answer within this long has failed (the payer is waiting). */
const REQUEST_TIMEOUT_MS = 15_000;

function toPayment(checkout: SandboxCheckoutJson): ProviderPayment {
  return {
    reference: checkout.reference,
    providerRef: checkout.id,
    status: checkout.status,
    amountMinor: checkout.amount,
    currency: checkout.currency,
    feeMinor: checkout.fee,
    method: checkout.method,
  };
}

/** True when `signature` is the body's; the comparison takes the same time wherever they differ. */
function signedBy(secret: string, rawBody: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signSandboxBody(secret, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

export function createSandboxProvider({
  url,
  secret,
  fetch = globalThis.fetch,
}: SandboxProviderOptions): PaymentProvider {
  const base = url.replace(/\/+$/, "");
  const origin = new URL(base).origin;

  async function call<T>(
    schema: z.ZodType<T>,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ProviderError(`Sandbox did not answer ${method} ${path}: ${reason}`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const refusal = sandboxErrorSchema.safeParse(json);
      const reason = refusal.success ? refusal.data.error : `HTTP ${response.status}`;
      throw new ProviderError(`Sandbox refused ${method} ${path}: ${reason}`, response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError(`Sandbox answered ${method} ${path} with an unexpected body`);
    }
    return parsed.data;
  }

  const checkoutById = (id: string) =>
    call(sandboxCheckoutSchema, "GET", `/api/checkouts/${encodeURIComponent(id)}`);
  const checkoutByReference = (reference: string) =>
    call(
      sandboxCheckoutSchema,
      "GET",
      `/api/checkouts/by-reference/${encodeURIComponent(reference)}`,
    );

  return {
    id: "sandbox",
    displayName: "Sandbox",
    currencies: SANDBOX_CURRENCIES,
    methods: PAYMENT_METHODS,
    origins: () => [origin],

    async createCheckout(request) {
      const created = await call(sandboxCreatedSchema, "POST", "/api/checkouts", {
        reference: request.reference,
        amount: request.amountMinor,
        currency: request.currency,
        email: request.email,
        description: request.description,
        return_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        methods: request.methods,
      });
      return { providerRef: created.id, checkoutUrl: created.checkout_url };
    },

    async verify({ reference, providerRef }) {
      const checkout = providerRef
        ? await checkoutById(providerRef)
        : await checkoutByReference(reference);
      if (checkout.reference !== reference) {
        throw new ProviderError(
          `Sandbox checkout ${checkout.id} is for ${checkout.reference}, not ${reference}`,
        );
      }
      return toPayment(checkout);
    },

    async refund(request) {
      const checkoutId = request.providerRef || (await checkoutByReference(request.reference)).id;
      const refund = await call(sandboxRefundSchema, "POST", "/api/refunds", {
        checkout_id: checkoutId,
        amount: request.amountMinor,
        idempotency_key: request.refundId,
      });
      return { refundRef: refund.id, status: refund.status };
    },

    parseWebhook(rawBody, headers): WebhookEvent {
      if (!signedBy(secret, rawBody, headers.get(SIGNATURE_HEADER))) {
        throw new WebhookSignatureError();
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new ProviderError("Sandbox webhook is not JSON");
      }
      const parsed = sandboxEventSchema.safeParse(json);
      if (!parsed.success) throw new ProviderError("Sandbox webhook has an unexpected body");
      const { id: eventId, type, data } = parsed.data;
      if (type === "refund.succeeded" && data.refund_id) {
        return {
          kind: "refund",
          eventId,
          reference: data.reference,
          refundRef: data.refund_id,
          status: "succeeded",
        };
      }
      if (CHARGE_EVENTS.has(type) && data.status !== "succeeded") {
        return {
          kind: "payment",
          eventId,
          payment: toPayment({ ...data, id: data.checkout_id, status: data.status }),
        };
      }
      return { kind: "ignored", eventId, type };
    },
  };
}
