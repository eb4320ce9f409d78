import { createHmac } from "node:crypto";
import { z } from "zod";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../lib/payment-values.ts";

/**
 * The sandbox provider's wire format, shared by its server and the site's adapter so the two
 * cannot drift apart: the currencies it charges in, its fees, its JSON and its webhook signature.
 */

export const SANDBOX_CURRENCIES = [
  "USD",
  "NGN",
  "GHS",
  "KES",
  "UGX",
  "TZS",
  "RWF",
  "ZAR",
  "XOF",
  "XAF",
  "ZMW",
  "EGP",
  "MAD",
  "ETB",
] as const;

export const SIGNATURE_HEADER = "x-sandbox-signature";
export const EVENT_ID_HEADER = "x-sandbox-event-id";

/** Percent of the amount the sandbox keeps, by method (card costs a provider most). */
const FEE_PERCENT: Record<PaymentMethod, number> = {
  card: 2.9,
  mobile_money: 1.5,
  bank_transfer: 1,
};

/** The fee on an amount, in the same minor units: rounded, and never nothing. */
export function sandboxFee(amountMinor: number, method: PaymentMethod): number {
  return Math.max(1, Math.round((amountMinor * FEE_PERCENT[method]) / 100));
}

/** Hex HMAC-SHA256 of the raw body: what `x-sandbox-signature` carries. */
export function signSandboxBody(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

export const sandboxStatusSchema = z.enum(["pending", "paid", "failed", "cancelled"]);

/** A checkout as GET /api/checkouts/… answers it. */
export const sandboxCheckoutSchema = z.object({
  id: z.string().min(1),
  reference: z.string().min(1),
  status: sandboxStatusSchema,
  amount: z.number().int().positive(),
  currency: z.string().length(3),
  fee: z.number().int().nonnegative(),
  method: z.enum(PAYMENT_METHODS).nullable(),
});
export type SandboxCheckoutJson = z.infer<typeof sandboxCheckoutSchema>;

export const sandboxCreatedSchema = z.object({
  id: z.string().min(1),
  checkout_url: z.url({ protocol: /^https?$/ }),
  reference: z.string().min(1),
});

export const sandboxRefundSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["pending", "succeeded", "failed"]),
});

export const SANDBOX_EVENT_TYPES = [
  "charge.succeeded",
  "charge.failed",
  "charge.cancelled",
  "refund.succeeded",
] as const;
export type SandboxEventType = (typeof SANDBOX_EVENT_TYPES)[number];

/**
 * A webhook's body. `type` is any string so a new event type reads as "ignored", not as a
 * malformed body; for a refund, `status` and `amount` are the refund's.
 */
export const sandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    checkout_id: z.string().min(1),
    reference: z.string().min(1),
    status: z.enum(["pending", "paid", "failed", "cancelled", "succeeded"]),
    amount: z.number().int().positive(),
    currency: z.string().length(3),
    fee: z.number().int().nonnegative(),
    method: z.enum(PAYMENT_METHODS).nullable(),
    refund_id: z.string().min(1).optional(),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** The error body of every refused API call. */
export const sandboxErrorSchema = z.object({ error: z.string() });
