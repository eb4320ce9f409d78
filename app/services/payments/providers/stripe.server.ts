import { createHmac } from "node:crypto";
import { z } from "zod";
import { currencyExponent } from "../../../lib/payment-values.ts";
import {
  callProvider,
  constantTimeEqual,
  readSigned,
  readWebhookBody,
  type ProviderApi,
} from "./http.server.ts";
import {
  ProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type Fetch,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type RefundRequest,
  type WebhookEvent,
} from "./provider.server.ts";

/**
 * Stripe (docs.stripe.com/api): a Checkout Session in payment mode, paid by card on Stripe's page
 * (Stripe offers no African mobile money), verified and refunded through it, and reported by
 * webhooks signed with the endpoint's secret. Requests are form-encoded.
 */

export interface StripeOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  apiUrl?: string;
  checkoutOrigin?: string;
  fetch?: Fetch;
  /** Milliseconds since the epoch: the clock webhook timestamps are checked against. */
  now?: () => number;
}

/** African currencies Stripe charges cards in, and USD. */
export const STRIPE_CURRENCIES = [
  "USD",
  "NGN",
  "KES",
  "ZAR",
  "EGP",
  "MAD",
  "TZS",
  "UGX",
  "RWF",
  "XOF",
  "XAF",
  "ZMW",
  "MUR",
  "BWP",
  "NAD",
] as const;

export const STRIPE_SIGNATURE_HEADER = "stripe-signature";
/** A webhook signed longer ago than this (or this far ahead) is refused as a replay. */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** Currencies Stripe counts in whole units (docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);
/** Currencies Stripe counts in thousandths, in steps of ten. */
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/** Digits after the point in Stripe's amounts: every other currency has two, even ISK or HUF. */
function stripeExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  return THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * Our minor units (ISO 4217 as CLDR gives them) in Stripe's. They are the same for every currency
 * this adapter charges in; they differ where Stripe kept a two-decimal count for a currency that
 * has none (ISK: 5 krónur are 500).
 */
export function toStripeAmount(amountMinor: number, currency: string): number {
  const shift = stripeExponent(currency) - currencyExponent(currency);
  const factor = 10 ** Math.abs(shift);
  if (shift < 0 && amountMinor % factor !== 0) {
    throw new RangeError(`Stripe cannot charge ${amountMinor} minor units of ${currency}`);
  }
  const amount = shift >= 0 ? amountMinor * factor : amountMinor / factor;
  if (THREE_DECIMAL.has(currency.toUpperCase()) && amount % 10 !== 0) {
    throw new RangeError(`Stripe charges ${currency} in steps of 10, not ${amount}`);
  }
  return amount;
}

/** Stripe's amounts in our minor units; a fee finer than the currency's unit is rounded. */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeExponent(currency) - currencyExponent(currency);
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}

const balanceTransactionSchema = z.object({
  fee: z.number(),
  currency: z.string().length(3),
  exchange_rate: z.number().nullish(),
});
const chargeSchema = z.object({
  id: z.string(),
  balance_transaction: z.union([z.string(), balanceTransactionSchema]).nullish(),
});
const paymentIntentSchema = z.object({
  id: z.string(),
  latest_charge: z.union([z.string(), chargeSchema]).nullish(),
});
const sessionSchema = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().length(3).nullish(),
  payment_status: z.string(),
  status: z.string().nullish(),
  payment_intent: z.union([z.string(), paymentIntentSchema]).nullish(),
  url: z.string().nullish(),
});
type StripeSession = z.infer<typeof sessionSchema>;

const refundSchema = z.object({
  id: z.string().min(1),
  status: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});

/**
 * A session read on its own: paid once its payment is, cancelled once it expired, pending
 * otherwise. A failure shows only in the async_payment_failed event, and a declined card leaves
 * the session open for another try.
 */
function sessionStatus(session: StripeSession): ProviderPaymentStatus {
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
    return "paid";
  }
  return session.status === "expired" ? "cancelled" : "pending";
}

/**
 * What Stripe kept, from the charge's balance transaction when the session was read with it
 * expanded (0 otherwise). The fee is in the account's settlement currency; another currency is
 * brought back to the payment's at the charge's own exchange rate.
 */
function feeMinor(session: StripeSession, currency: string): number {
  const intent = session.payment_intent;
  const charge = typeof intent === "object" ? intent?.latest_charge : null;
  const balance = typeof charge === "object" ? charge?.balance_transaction : null;
  if (!balance || typeof balance === "string") return 0;
  const balanceCurrency = balance.currency.toUpperCase();
  if (balanceCurrency === currency) return fromStripeAmount(balance.fee, currency);
  if (!balance.exchange_rate) return 0;
  const feeMajor = balance.fee / 10 ** stripeExponent(balanceCurrency) / balance.exchange_rate;
  return Math.round(feeMajor * 10 ** currencyExponent(currency));
}

function toPayment(
  session: StripeSession,
  status: ProviderPaymentStatus,
  fallbackReference: string,
): ProviderPayment {
  const currency = (session.currency ?? "").toUpperCase();
  return {
    reference: session.client_reference_id ?? session.metadata?.reference ?? fallbackReference,
    providerRef: session.id,
    status,
    amountMinor: currency ? fromStripeAmount(session.amount_total ?? 0, currency) : 0,
    currency,
    feeMinor: currency ? feeMinor(session, currency) : 0,
    // Card is the only method the session is opened with.
    method: status === "paid" ? "card" : null,
  };
}

function refundStatus(status: string | null | undefined): ProviderRefund["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/** Stripe's signature scheme: hex HMAC-SHA256 of `${timestamp}.${rawBody}`. */
export function signStripePayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

function checkSignature(rawBody: string, header: string | null, secret: string, nowMs: number) {
  if (!header) throw new WebhookSignatureError("Stripe signature missing");
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2).map((item) => item.trim());
    if (key === "t" && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookSignatureError("Stripe signature header without a timestamp or v1 signature");
  }
  if (Math.abs(nowMs / 1000 - timestamp) > STRIPE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("Stripe signature timestamp outside the tolerance");
  }
  const expected = signStripePayload(secret, timestamp, rawBody);
  if (!signatures.some((signature) => constantTimeEqual(expected, signature))) {
    throw new WebhookSignatureError("Stripe signature does not match the body");
  }
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? "https://api.stripe.com").replace(/\/+$/, "");
  const checkoutOrigin = new URL(options.checkoutOrigin ?? "https://checkout.stripe.com").origin;
  const now = options.now ?? (() => Date.now());
  const api: ProviderApi = {
    name: "Stripe",
    fetch: options.fetch ?? globalThis.fetch,
    secret: options.secretKey,
    errorMessage: (body) =>
      z.object({ error: z.object({ message: z.string() }) }).safeParse(body).data?.error.message,
  };
  const headers = { authorization: `Bearer ${options.secretKey}` };
  const formHeaders = { ...headers, "content-type": "application/x-www-form-urlencoded" };

  /** The session with its payment's charge and balance transaction, which hold the fee. */
  async function fetchSession(id: string): Promise<StripeSession> {
    const query = new URLSearchParams({
      "expand[]": "payment_intent.latest_charge.balance_transaction",
    });
    return callProvider(api, {
      method: "GET",
      url: `${apiUrl}/v1/checkout/sessions/${encodeURIComponent(id)}?${query}`,
      headers,
      schema: sessionSchema,
    });
  }

  async function sessionEvent(eventId: string, object: unknown): Promise<WebhookEvent> {
    const session = readSigned("Stripe", object, sessionSchema);
    const status = sessionStatus(session);
    // A paid session is read again for its fee, which the event does not carry.
    const current = status === "paid" ? await fetchSession(session.id) : session;
    return { kind: "payment", eventId, payment: toPayment(current, status, session.id) };
  }

  return {
    id: "stripe",
    displayName: "Stripe",
    currencies: STRIPE_CURRENCIES,
    methods: ["card"],
    origins: () => [checkoutOrigin],

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const body = new URLSearchParams({
        mode: "payment",
        client_reference_id: request.reference,
        "metadata[reference]": request.reference,
        "payment_intent_data[metadata][reference]": request.reference,
        customer_email: request.email,
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": request.currency.toLowerCase(),
        "line_items[0][price_data][unit_amount]": String(
          toStripeAmount(request.amountMinor, request.currency),
        ),
        "line_items[0][price_data][product_data][name]": request.description,
        "payment_method_types[0]": "card",
      });
      const session = await callProvider(api, {
        method: "POST",
        url: `${apiUrl}/v1/checkout/sessions`,
        // The same payment asked twice (a retry after a lost answer) gets the same session.
        headers: { ...formHeaders, "idempotency-key": `checkout-${request.reference}` },
        body: body.toString(),
        schema: sessionSchema.extend({ url: z.url({ protocol: /^https$/ }) }),
      });
      if (new URL(session.url).origin !== checkoutOrigin) {
        throw new ProviderError(`Stripe: the checkout page is not on ${checkoutOrigin}`);
      }
      return { providerRef: session.id, checkoutUrl: session.url };
    },

    async verify(payment): Promise<ProviderPayment> {
      const session = await fetchSession(payment.providerRef);
      return toPayment(session, sessionStatus(session), payment.reference);
    },

    async refund(request: RefundRequest): Promise<ProviderRefund> {
      const session = await fetchSession(request.providerRef);
      const intent = session.payment_intent;
      const intentId = typeof intent === "string" ? intent : intent?.id;
      if (!intentId) throw new ProviderError(`Stripe: session ${session.id} has no payment`);
      const refund = await callProvider(api, {
        method: "POST",
        url: `${apiUrl}/v1/refunds`,
        headers: { ...formHeaders, "idempotency-key": `refund-${request.refundId}` },
        body: new URLSearchParams({
          payment_intent: intentId,
          amount: String(toStripeAmount(request.amountMinor, request.currency)),
          // What the refund's webhooks are matched to our payment by.
          "metadata[reference]": request.reference,
        }).toString(),
        schema: refundSchema,
      });
      return { refundRef: refund.id, status: refundStatus(refund.status) };
    },

    async parseWebhook(rawBody: string, requestHeaders: Headers): Promise<WebhookEvent> {
      checkSignature(
        rawBody,
        requestHeaders.get(STRIPE_SIGNATURE_HEADER),
        options.webhookSecret,
        now(),
      );
      const event = readWebhookBody("Stripe", rawBody, eventSchema);
      const object = event.data.object;
      const ignored: WebhookEvent = { kind: "ignored", eventId: event.id, type: event.type };
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          return sessionEvent(event.id, object);
        case "checkout.session.async_payment_failed":
        case "checkout.session.expired": {
          const session = readSigned("Stripe", object, sessionSchema);
          const status = event.type === "checkout.session.expired" ? "cancelled" : "failed";
          return {
            kind: "payment",
            eventId: event.id,
            payment: toPayment(session, status, session.id),
          };
        }
        // charge.refunded does not say which refund it is about (a Charge lists its refunds only
        // on old API versions); the refund's own events do.
        case "refund.created":
        case "refund.updated":
        case "refund.failed": {
          const refund = readSigned("Stripe", object, refundSchema);
          const status = refundStatus(refund.status);
          const reference = refund.metadata?.reference;
          // A refund made elsewhere (on the Dashboard) is none of ours; one under way is not news.
          if (!reference || status === "pending") return ignored;
          return { kind: "refund", eventId: event.id, reference, refundRef: refund.id, status };
        }
        default:
          return ignored;
      }
    },
  };
}
