import { createHmac } from "node:crypto";
import { z } from "zod";
import {
  majorToMinor,
  minorToMajorString,
  type PaymentMethod,
} from "../../../lib/payment-values.ts";
import {
  callProvider,
  constantTimeEqual,
  readSigned,
  readWebhookBody,
  webhookObjectId,
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
 * Flutterwave, v3 API (developer.flutterwave.com/v3.0): a hosted payment link is opened with our
 * reference as `tx_ref`, the transaction is verified by that reference, refunded by Flutterwave's
 * own transaction id, and reported by webhooks carrying the secret hash set on its dashboard.
 * Amounts travel in major units ("1500.50").
 */

export interface FlutterwaveOptions {
  secretKey: string;
  /** The "secret hash" set on Flutterwave's dashboard, sent back with every webhook. */
  webhookHash: string;
  apiUrl?: string;
  checkoutOrigin?: string;
  fetch?: Fetch;
}

export const FLUTTERWAVE_CURRENCIES = [
  "NGN",
  "GHS",
  "KES",
  "UGX",
  "TZS",
  "RWF",
  "ZMW",
  "ZAR",
  "XOF",
  "XAF",
  "USD",
] as const;

/** The dashboard's secret hash, as is. */
export const FLUTTERWAVE_HASH_HEADER = "verif-hash";
/** Base64 HMAC-SHA256 of the raw body keyed by the same secret hash, on newer deliveries. */
export const FLUTTERWAVE_SIGNATURE_HEADER = "flutterwave-signature";

/** Flutterwave's `payment_options` for each of our methods; it shows those the currency allows. */
const PAYMENT_OPTIONS: Record<PaymentMethod, string[]> = {
  card: ["card"],
  mobile_money: [
    "mobilemoneyghana",
    "mpesa",
    "mobilemoneyuganda",
    "mobilemoneyrwanda",
    "mobilemoneyzambia",
    "mobilemoneyfranco",
  ],
  bank_transfer: ["banktransfer", "account"],
};

function paymentStatus(status: string): ProviderPaymentStatus {
  switch (status) {
    case "successful":
      return "paid";
    case "failed":
      return "failed";
    case "cancelled":
      return "cancelled";
    default:
      return "pending";
  }
}

/** `payment_type` as verify reports it ("card", "mpesa", "mobilemoneygh", "bank_transfer"…). */
function paymentMethod(type: string | null | undefined): PaymentMethod | null {
  if (!type) return null;
  if (type === "card" || type === "applepay" || type === "googlepay") return "card";
  if (type === "mpesa" || type.startsWith("mobilemoney")) return "mobile_money";
  if (type === "bank_transfer" || type === "banktransfer" || type === "account") {
    return "bank_transfer";
  }
  return null;
}

const transactionSchema = z.object({
  id: z.number(),
  tx_ref: z.string().min(1),
  amount: z.number(),
  currency: z.string().length(3),
  app_fee: z.number().nullish(),
  amount_settled: z.number().nullish(),
  status: z.string(),
  payment_type: z.string().nullish(),
});
type FlutterwaveTransaction = z.infer<typeof transactionSchema>;

function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal("success"), data });
}

const paymentLinkSchema = envelope(z.object({ link: z.url({ protocol: /^https$/ }) }));
const verifySchema = envelope(transactionSchema);
const refundSchema = envelope(z.object({ id: z.number(), status: z.string() }));

const eventSchema = z.object({ event: z.string(), data: z.unknown() });
const chargeEventSchema = z.object({ id: z.number(), status: z.string() });

/**
 * What Flutterwave keeps: the amount less what it settles to us (its fee and the tax on it), or
 * its fee alone while nothing is settled yet. A fee the payer was charged on top is not ours.
 */
function feeMinor(transaction: FlutterwaveTransaction, currency: string): number {
  if (transaction.amount_settled != null) {
    const kept =
      majorToMinor(transaction.amount, currency) -
      majorToMinor(transaction.amount_settled, currency);
    return Math.max(0, kept);
  }
  return majorToMinor(transaction.app_fee ?? 0, currency);
}

function toPayment(transaction: FlutterwaveTransaction): ProviderPayment {
  const currency = transaction.currency.toUpperCase();
  return {
    reference: transaction.tx_ref,
    providerRef: transaction.tx_ref,
    status: paymentStatus(transaction.status),
    amountMinor: majorToMinor(transaction.amount, currency),
    currency,
    feeMinor: feeMinor(transaction, currency),
    method: paymentMethod(transaction.payment_type),
  };
}

function refundStatus(status: string): ProviderRefund["status"] {
  if (status === "completed") return "succeeded";
  if (status === "failed") return "failed";
  return "pending";
}

export function signFlutterwaveBody(webhookHash: string, rawBody: string): string {
  return createHmac("sha256", webhookHash).update(rawBody).digest("base64");
}

export function createFlutterwaveProvider(options: FlutterwaveOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? "https://api.flutterwave.com").replace(/\/+$/, "");
  const checkoutOrigin = new URL(options.checkoutOrigin ?? "https://checkout.flutterwave.com")
    .origin;
  const api: ProviderApi = {
    name: "Flutterwave",
    fetch: options.fetch ?? globalThis.fetch,
    secret: options.secretKey,
    errorMessage: (body) => z.object({ message: z.string() }).safeParse(body).data?.message,
  };
  const headers = { authorization: `Bearer ${options.secretKey}` };
  const jsonHeaders = { ...headers, "content-type": "application/json" };

  async function transactionByRef(txRef: string): Promise<FlutterwaveTransaction> {
    const query = new URLSearchParams({ tx_ref: txRef });
    const answer = await callProvider(api, {
      method: "GET",
      url: `${apiUrl}/v3/transactions/verify_by_reference?${query}`,
      headers,
      schema: verifySchema,
    });
    return answer.data;
  }

  async function transactionById(id: number): Promise<FlutterwaveTransaction> {
    const answer = await callProvider(api, {
      method: "GET",
      url: `${apiUrl}/v3/transactions/${id}/verify`,
      headers,
      schema: verifySchema,
    });
    return answer.data;
  }

  /**
   * Either header proves Flutterwave sent it: the secret hash itself, or the body's HMAC under it.
   * The hash alone does not cover the body, so a payment is read back from the API (below).
   */
  function checkSender(rawBody: string, requestHeaders: Headers): void {
    const hash = requestHeaders.get(FLUTTERWAVE_HASH_HEADER);
    const signature = requestHeaders.get(FLUTTERWAVE_SIGNATURE_HEADER);
    if (!hash && !signature) throw new WebhookSignatureError("Flutterwave secret hash missing");
    const hashMatches = hash !== null && constantTimeEqual(hash, options.webhookHash);
    const signatureMatches =
      signature !== null &&
      constantTimeEqual(signFlutterwaveBody(options.webhookHash, rawBody), signature);
    if (!hashMatches && !signatureMatches) {
      throw new WebhookSignatureError("Flutterwave secret hash or signature does not match");
    }
  }

  return {
    id: "flutterwave",
    displayName: "Flutterwave",
    currencies: FLUTTERWAVE_CURRENCIES,
    methods: ["card", "mobile_money", "bank_transfer"],
    origins: () => [checkoutOrigin],

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const answer = await callProvider(api, {
        method: "POST",
        url: `${apiUrl}/v3/payments`,
        headers: jsonHeaders,
        body: JSON.stringify({
          tx_ref: request.reference,
          amount: minorToMajorString(request.amountMinor, request.currency),
          currency: request.currency,
          // Flutterwave has no separate cancel address: a cancelled payment comes back here too,
          // and the page asks us how it stands.
          redirect_url: request.returnUrl,
          customer: { email: request.email },
          customizations: { title: request.description },
          payment_options: [
            ...new Set(request.methods.flatMap((method) => PAYMENT_OPTIONS[method])),
          ].join(", "),
        }),
        schema: paymentLinkSchema,
      });
      if (new URL(answer.data.link).origin !== checkoutOrigin) {
        throw new ProviderError(`Flutterwave: the checkout page is not on ${checkoutOrigin}`);
      }
      // The link is all Flutterwave answers; its transaction is found again by our reference.
      return { providerRef: request.reference, checkoutUrl: answer.data.link };
    },

    async verify(payment): Promise<ProviderPayment> {
      try {
        return toPayment(await transactionByRef(payment.providerRef || payment.reference));
      } catch (error) {
        // A link opened and never paid has no transaction yet: still pending, not an outage.
        if (
          error instanceof ProviderError &&
          error.status === 400 &&
          /no transaction was found/i.test(error.message)
        ) {
          return {
            reference: payment.reference,
            providerRef: payment.providerRef,
            status: "pending",
            amountMinor: 0,
            currency: "",
            feeMinor: 0,
            method: null,
          };
        }
        throw error;
      }
    },

    async refund(request: RefundRequest): Promise<ProviderRefund> {
      // Refunds go by Flutterwave's transaction id, which only verify tells.
      const transaction = await transactionByRef(request.providerRef || request.reference);
      const answer = await callProvider(api, {
        method: "POST",
        url: `${apiUrl}/v3/transactions/${transaction.id}/refund`,
        headers: jsonHeaders,
        body: JSON.stringify({ amount: minorToMajorString(request.amountMinor, request.currency) }),
        schema: refundSchema,
      });
      return { refundRef: String(answer.data.id), status: refundStatus(answer.data.status) };
    },

    async parseWebhook(rawBody: string, requestHeaders: Headers): Promise<WebhookEvent> {
      checkSender(rawBody, requestHeaders);
      const event = readWebhookBody("Flutterwave", rawBody, eventSchema);
      if (event.event === "charge.completed") {
        const charge = readSigned("Flutterwave", event.data, chargeEventSchema);
        return {
          kind: "payment",
          // Flutterwave sends no event id; a transaction reported pending, then successful, is
          // two events.
          eventId: `${event.event}:${charge.id}:${charge.status}`,
          payment: toPayment(await transactionById(charge.id)),
        };
      }
      // v3 documents no refund webhooks: a refund is known from what `refund` answers.
      return {
        kind: "ignored",
        eventId: `${event.event}:${webhookObjectId(event.data)}`,
        type: event.event,
      };
    },
  };
}
