import type { PaymentMethod, ProviderId } from "../../../lib/payment-values.ts";

/**
 * What the site asks of a payment provider, whichever it is: open a hosted checkout, ask how a
 * payment stands, refund it, and read a webhook (its signature checked first). The payer types
 * card numbers and approves mobile money on the provider's pages; none of it reaches this server.
 */

export interface CheckoutRequest {
  /** Our payment's id: unique, sent to the provider and back in its webhooks. */
  reference: string;
  amountMinor: number;
  /** ISO 4217, upper case; one of the provider's `currencies`. */
  currency: string;
  email: string;
  description: string;
  /** Where the payer's browser comes back to, whatever happened (the page then asks us). */
  returnUrl: string;
  /** Where "cancel" on the provider's page goes. */
  cancelUrl: string;
  methods: readonly PaymentMethod[];
}

export interface CheckoutSession {
  /** The provider's id of the checkout (Stripe's session id, Paystack's reference…). */
  providerRef: string;
  /** The hosted page the payer's browser is sent to. */
  checkoutUrl: string;
}

export type ProviderPaymentStatus = "pending" | "paid" | "failed" | "cancelled";

/** A payment as the provider reports it (verify, or a webhook). */
export interface ProviderPayment {
  /** Our reference (CheckoutRequest.reference). */
  reference: string;
  providerRef: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currency: string;
  /** What the provider keeps of it, in the same currency's minor units (0 when unknown). */
  feeMinor: number;
  method: PaymentMethod | null;
}

export interface RefundRequest {
  /**
   * Our refund's id. Providers that take an idempotency key get it, so a refund sent again after
   * its answer was lost is not made twice.
   */
  refundId: string;
  reference: string;
  providerRef: string;
  /** Part or all of the payment. */
  amountMinor: number;
  currency: string;
}

export interface ProviderRefund {
  refundRef: string;
  status: "pending" | "succeeded" | "failed";
}

export type WebhookEvent =
  /** `eventId` is unique per provider: the same event delivered twice is recognised by it. */
  | { kind: "payment"; eventId: string; payment: ProviderPayment }
  | {
      kind: "refund";
      eventId: string;
      reference: string;
      refundRef: string;
      status: "succeeded" | "failed";
    }
  /** Signed and genuine, but nothing the site acts on (another event type). */
  | { kind: "ignored"; eventId: string; type: string };

/** A webhook whose signature is missing or wrong: refused with 401 and logged, never applied. */
export class WebhookSignatureError extends Error {
  constructor(message = "Webhook signature missing or invalid") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** The provider answered with an error, or not at all. */
export class ProviderError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = "ProviderError";
    this.status = status;
  }
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** The name payers read ("Paystack"). */
  readonly displayName: string;
  /** Currencies it charges in; anything else is charged in USD. */
  readonly currencies: readonly string[];
  /** Methods it offers at checkout, among the site's. */
  readonly methods: readonly PaymentMethod[];
  /** Origins the payer's browser is sent to: the page security policy allows these only. */
  origins(): string[];
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  verify(payment: { reference: string; providerRef: string }): Promise<ProviderPayment>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Throws WebhookSignatureError unless the body is signed by the provider. */
  parseWebhook(rawBody: string, headers: Headers): WebhookEvent | Promise<WebhookEvent>;
}

/** The HTTP client adapters use: `fetch`, replaced in unit tests by recorded answers. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
