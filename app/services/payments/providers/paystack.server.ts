import { createHmac } from "node:crypto";
import { z } from "zod";
import { currencyExponent, type PaymentMethod } from "../../../lib/payment-values.ts";
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
 * Paystack (paystack.com/docs/api): a transaction is initialised with our reference and paid on
 * Paystack's checkout page; it is verified by that reference, refunded by it, and reported by
 * webhooks signed with the secret key.
 */

export interface PaystackOptions {
  secretKey: string;
  apiUrl?: string;
  checkoutOrigin?: string;
  fetch?: Fetch;
}

/**
 * What Paystack charges in: the currencies of its countries (Nigeria, Ghana, South Africa, Kenya,
 * Côte d'Ivoire) and USD.
 */
export const PAYSTACK_CURRENCIES = ["NGN", "GHS", "ZAR", "KES", "XOF", "USD"] as const;

export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

/** Paystack's channels for each of our methods ("bank" is paying from a bank account). */
const CHANNELS: Record<PaymentMethod, string[]> = {
  card: ["card"],
  mobile_money: ["mobile_money"],
  bank_transfer: ["bank_transfer", "bank"],
};

/**
 * Paystack counts every currency in hundredths, even XOF which has no minor unit (its docs:
 * "XOF has no subunit but amounts must still be multiplied by 100"), so amounts are rescaled from
 * the currency's own minor units.
 */
const PAYSTACK_EXPONENT = 2;

function paystackFactor(currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent > PAYSTACK_EXPONENT) throw new RangeError(`Paystack cannot charge in ${currency}`);
  return 10 ** (PAYSTACK_EXPONENT - exponent);
}

export function toPaystackAmount(amountMinor: number, currency: string): number {
  return amountMinor * paystackFactor(currency);
}

/** Amounts Paystack reports come back whole; a fee in XOF hundredths is rounded to the franc. */
export function fromPaystackAmount(amount: number, currency: string): number {
  return Math.round(amount / paystackFactor(currency));
}

/**
 * Our reference as Paystack takes it, and back. A reference may hold only letters, digits, "-",
 * "." and "=", so any other character (the "_" of "pay_…") is written as "=XX", its UTF-8 bytes
 * in hex: "pay_4f2a" is "pay=5F4f2a" at Paystack.
 */
export function toPaystackReference(reference: string): string {
  return reference.replace(/[^A-Za-z0-9.-]/gu, (character) =>
    [...Buffer.from(character)]
      .map((byte) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`)
      .join(""),
  );
}

export function fromPaystackReference(reference: string): string {
  return reference.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"),
  );
}

/**
 * A transaction's status. "abandoned" is a transaction initialised and not (yet) paid: its
 * checkout page still takes the payment, so it stays pending here and the reconciliation job
 * gives it up once our checkout has long expired. "reversed" was paid and then refunded; the
 * refund is a row of its own, so the payment itself stays paid.
 */
function paymentStatus(status: string): ProviderPaymentStatus {
  switch (status) {
    case "success":
    case "reversed":
      return "paid";
    case "failed":
      return "failed";
    default:
      return "pending";
  }
}

function paymentMethod(channel: string | null | undefined): PaymentMethod | null {
  switch (channel) {
    case "card":
    case "apple_pay":
      return "card";
    case "mobile_money":
      return "mobile_money";
    case "bank":
    case "bank_transfer":
    case "dedicated_nuban":
    case "eft":
      return "bank_transfer";
    default:
      return null;
  }
}

const amountSchema = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

/** A transaction, as verify answers it and charge.success carries it. */
const transactionSchema = z.object({
  id: z.number(),
  status: z.string(),
  reference: z.string().min(1),
  amount: amountSchema,
  currency: z.string().length(3),
  fees: z.number().nullish(),
  channel: z.string().nullish(),
});
type PaystackTransaction = z.infer<typeof transactionSchema>;

function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), data });
}

const initializeSchema = envelope(
  z.object({ authorization_url: z.url({ protocol: /^https$/ }), reference: z.string().min(1) }),
);
const verifySchema = envelope(transactionSchema);
const refundSchema = envelope(z.object({ id: z.number(), status: z.string() }));

const eventSchema = z.object({ event: z.string(), data: z.unknown() });
/** A refund webhook's data: no refund id, only the transaction's reference and the amount. */
const refundEventSchema = z.object({
  transaction_reference: z.string().min(1),
  refund_reference: z.string().nullish(),
  amount: amountSchema,
  currency: z.string().length(3),
});

function toPayment(transaction: PaystackTransaction): ProviderPayment {
  const currency = transaction.currency.toUpperCase();
  return {
    reference: fromPaystackReference(transaction.reference),
    providerRef: transaction.reference,
    status: paymentStatus(transaction.status),
    amountMinor: fromPaystackAmount(transaction.amount, currency),
    currency,
    feeMinor: fromPaystackAmount(transaction.fees ?? 0, currency),
    method: paymentMethod(transaction.channel),
  };
}

/**
 * Paystack's refund webhooks carry no refund id, so a refund is known on both sides by the
 * payment's reference and the amount refunded: what `refund` answers and what the webhooks say.
 */
function refundRef(reference: string, amountMinor: number): string {
  return `${reference}:${amountMinor}`;
}

function refundStatus(status: string): ProviderRefund["status"] {
  if (status === "processed") return "succeeded";
  if (status === "failed") return "failed";
  return "pending";
}

export function signPaystackBody(secretKey: string, rawBody: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const apiUrl = (options.apiUrl ?? "https://api.paystack.co").replace(/\/+$/, "");
  const checkoutOrigin = new URL(options.checkoutOrigin ?? "https://checkout.paystack.com").origin;
  const api: ProviderApi = {
    name: "Paystack",
    fetch: options.fetch ?? globalThis.fetch,
    secret: options.secretKey,
    errorMessage: (body) => z.object({ message: z.string() }).safeParse(body).data?.message,
  };
  const headers = { authorization: `Bearer ${options.secretKey}` };
  const jsonHeaders = { ...headers, "content-type": "application/json" };

  return {
    id: "paystack",
    displayName: "Paystack",
    currencies: PAYSTACK_CURRENCIES,
    methods: ["card", "mobile_money", "bank_transfer"],
    origins: () => [checkoutOrigin],

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const answer = await callProvider(api, {
        method: "POST",
        url: `${apiUrl}/transaction/initialize`,
        headers: jsonHeaders,
        body: JSON.stringify({
          email: request.email,
          amount: toPaystackAmount(request.amountMinor, request.currency),
          currency: request.currency,
          reference: toPaystackReference(request.reference),
          callback_url: request.returnUrl,
          channels: [...new Set(request.methods.flatMap((method) => CHANNELS[method]))],
          metadata: { cancel_action: request.cancelUrl },
        }),
        schema: initializeSchema,
      });
      if (new URL(answer.data.authorization_url).origin !== checkoutOrigin) {
        throw new ProviderError(`Paystack: the checkout page is not on ${checkoutOrigin}`);
      }
      return { providerRef: answer.data.reference, checkoutUrl: answer.data.authorization_url };
    },

    async verify(payment): Promise<ProviderPayment> {
      const reference = payment.providerRef || toPaystackReference(payment.reference);
      const answer = await callProvider(api, {
        method: "GET",
        url: `${apiUrl}/transaction/verify/${encodeURIComponent(reference)}`,
        headers,
        schema: verifySchema,
      });
      return toPayment(answer.data);
    },

    async refund(request: RefundRequest): Promise<ProviderRefund> {
      const answer = await callProvider(api, {
        method: "POST",
        url: `${apiUrl}/refund`,
        headers: jsonHeaders,
        body: JSON.stringify({
          transaction: request.providerRef || toPaystackReference(request.reference),
          amount: toPaystackAmount(request.amountMinor, request.currency),
        }),
        schema: refundSchema,
      });
      return {
        refundRef: refundRef(request.reference, request.amountMinor),
        status: refundStatus(answer.data.status),
      };
    },

    parseWebhook(rawBody: string, requestHeaders: Headers): WebhookEvent {
      const signature = requestHeaders.get(PAYSTACK_SIGNATURE_HEADER);
      if (!signature) throw new WebhookSignatureError("Paystack signature missing");
      if (!constantTimeEqual(signPaystackBody(options.secretKey, rawBody), signature)) {
        throw new WebhookSignatureError("Paystack signature does not match the body");
      }
      const event = readWebhookBody("Paystack", rawBody, eventSchema);
      // Paystack sends no event id: the event and its object's identity make one, so a second
      // delivery of the same event is recognised.
      if (event.event === "charge.success") {
        const transaction = readSigned("Paystack", event.data, transactionSchema);
        return {
          kind: "payment",
          eventId: `${event.event}:${transaction.id}`,
          payment: toPayment(transaction),
        };
      }
      if (event.event === "refund.processed" || event.event === "refund.failed") {
        const refund = readSigned("Paystack", event.data, refundEventSchema);
        const currency = refund.currency.toUpperCase();
        const amountMinor = fromPaystackAmount(refund.amount, currency);
        const reference = fromPaystackReference(refund.transaction_reference);
        const ref = refundRef(reference, amountMinor);
        return {
          kind: "refund",
          eventId: `${event.event}:${ref}:${refund.refund_reference ?? ""}`,
          reference,
          refundRef: ref,
          status: event.event === "refund.processed" ? "succeeded" : "failed",
        };
      }
      return {
        kind: "ignored",
        eventId: `${event.event}:${webhookObjectId(event.data)}`,
        type: event.event,
      };
    },
  };
}
