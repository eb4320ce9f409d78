import { z } from "zod";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../lib/payment-values.ts";
import {
  SANDBOX_CURRENCIES,
  type SandboxCheckoutJson,
  type SandboxEventType,
} from "./sandbox-protocol.server.ts";

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

/** A checkout as the sandbox holds it: what the test controls show, and what they do not. */
export interface Checkout extends SandboxCheckout {
  accountNumber: string;
  lastEvent: { id: string; type: SandboxEventType; body: string } | null;
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

export const createCheckoutSchema = z.object({
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

export const refundSchema = z.object({
  checkout_id: z.string().min(1),
  amount: z.number().int().positive(),
  /** The same key again answers the refund it made, and refunds nothing more. */
  idempotency_key: z.string().min(1).max(200).optional(),
});

export const CHARGE_EVENT = {
  paid: "charge.succeeded",
  failed: "charge.failed",
  cancelled: "charge.cancelled",
} as const satisfies Record<string, SandboxEventType>;

export function snapshot(checkout: Checkout): SandboxCheckout {
  const { accountNumber: _account, lastEvent: _event, methods, ...rest } = checkout;
  return { ...rest, methods: [...methods] };
}

export function toJson(checkout: Checkout): SandboxCheckoutJson {
  const { id, reference, status, amount, currency, fee, method } = checkout;
  return { id, reference, status, amount, currency, fee, method };
}
