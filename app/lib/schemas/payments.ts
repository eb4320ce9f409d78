import { z } from "zod";
import { BOOKING_UNITS, CANCELLERS } from "../booking-values.ts";
import {
  LEDGER_ACCOUNTS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PROVIDER_IDS,
  REFUND_STATUSES,
} from "../payment-values.ts";

/**
 * Payments as people read them (the Payments tab, a payment's page and receipt, GET
 * /api/v1/payments) and a premium plan's checkout and limits. Amounts are integers in the charge
 * currency's minor units, with the US-cent price beside them.
 */

const minor = (description: string) => z.int().meta({ description });

/**
 * A payment's id as checkouts write it: "pay_" then letters, digits or "_". An id read from a path
 * that is not one is no payment's: it is answered as missing, never sent to the database (which
 * refuses a NUL with an error, not a miss).
 */
export const paymentIdSchema = z
  .string()
  .regex(/^pay_\w{1,96}$/)
  .meta({ description: "pay_…" });

export const paymentSummarySchema = z
  .object({
    id: z.string().meta({ description: "The payment's id, also the receipt number." }),
    purpose: z.enum(PAYMENT_PURPOSES),
    description: z.string().meta({ description: "What was paid for." }),
    status: z.enum(PAYMENT_STATUSES),
    amountMinor: minor("The amount in the charge currency's minor units."),
    currency: z.string().meta({ description: "The charge currency (ISO 4217)." }),
    amountUsdCents: minor("The price in US cents."),
    refundedMinor: minor("Refunded or being refunded, in the charge currency's minor units."),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    payer: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  })
  .meta({ id: "PaymentSummary" });
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const refundViewSchema = z
  .object({
    id: z.string(),
    amountMinor: minor("In the payment's currency's minor units."),
    status: z.enum(REFUND_STATUSES),
    reason: z.string(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: "Refund" });
export type RefundView = z.infer<typeof refundViewSchema>;

/**
 * What a booking payment paid for, itemised from the stored booking in the payment's own currency
 * at the payment's rate: the lines add up to `totalMinor`, and the deposit and the balance to the
 * total. Null for a payment that is not for a booking.
 */
export const paymentStaySchema = z
  .object({
    unit: z.enum(BOOKING_UNITS),
    quantity: z.int().meta({ description: "Nights, months or seats." }),
    rateMinor: minor("The rate of one night, month or seat."),
    subtotalMinor: minor("The rate times the quantity."),
    cleaningFeeMinor: minor("The cleaning fee."),
    serviceFeeMinor: minor("The platform's service fee."),
    totalMinor: minor("The booking's total."),
    mode: z.enum(["full", "deposit"]).meta({ description: "Paid online in full, or a deposit." }),
    depositPercent: z.int().nullable(),
    depositMinor: minor("The deposit paid online at booking; the total when paid in full."),
    balanceMinor: minor("What is left after the deposit; 0 when paid in full."),
    cancelledBy: z.enum(CANCELLERS).nullable(),
    cancelReason: z.string().nullable(),
  })
  .meta({ id: "PaymentStay" });
export type PaymentStay = z.infer<typeof paymentStaySchema>;

export const paymentViewSchema = paymentSummarySchema
  .extend({
    provider: z.enum(PROVIDER_IDS),
    method: z.enum(PAYMENT_METHODS).nullable(),
    rate: z.string().meta({ description: "Units of the charge currency per US dollar." }),
    checkoutUrl: z
      .string()
      .nullable()
      .meta({ description: "The provider's checkout, while the payment is pending." }),
    planId: z.string().nullable(),
    bookingId: z.int().nullable(),
    jobId: z.int().nullable(),
    refunds: z.array(refundViewSchema),
    stay: paymentStaySchema.nullable(),
  })
  .meta({ id: "Payment" });
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const paymentListSchema = z
  .object({
    payments: z.array(paymentSummarySchema),
    total: z.int(),
    page: z.int(),
    pageCount: z.int(),
  })
  .meta({ id: "PaymentList" });
export type PaymentList = z.infer<typeof paymentListSchema>;

export const paymentPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export const checkoutStartedSchema = z
  .object({
    paymentId: z.string(),
    checkoutUrl: z.string().meta({ description: "Send the payer's browser here." }),
  })
  .meta({ id: "CheckoutStarted" });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

export const checkoutInputSchema = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .optional()
      .meta({ description: "The payer's display currency; charged in it when the provider can." }),
  })
  .meta({ id: "CheckoutInput" });

/** An account's plan and how much of its limits is used (null limit: unlimited). */
export const planUsageSchema = z
  .object({
    plan: z.object({ id: z.string(), name: z.string() }).nullable().meta({
      description: "The plan running now; null: the free limits.",
    }),
    endsAt: z.string().nullable(),
    listingsUsed: z.int().meta({ description: "Live and pending listings." }),
    listingLimit: z.int().nullable(),
    featuredUsed: z.int(),
    featuredLimit: z.int(),
  })
  .meta({ id: "PlanUsage" });
export type PlanUsage = z.infer<typeof planUsageSchema>;

export const featureOwnInputSchema = z
  .object({ featured: z.boolean() })
  .meta({ id: "FeatureOwnInput" });

/**
 * One break of the ledger's health: an account below zero (the platform's, or one person's), or
 * a host whose held + payable + paid out − owed back is not what they earned.
 */
export const ledgerProblemSchema = z
  .object({
    rule: z.enum(["negative", "host_mismatch"]),
    account: z.enum(LEDGER_ACCOUNTS),
    /** The host or payer the account is kept for; null for the platform's own. */
    userId: z.string().nullable(),
    balanceMinor: minor("The balance in the account's natural sign, or what the host's add up to"),
    expectedMinor: minor("What the host earned, for a host_mismatch").optional(),
  })
  .meta({ id: "LedgerProblem" });
export type LedgerProblem = z.infer<typeof ledgerProblemSchema>;

/**
 * The ledger's balances for the administrator, per currency: what the provider holds, the
 * platform's income and costs, and what is owed to hosts and payers. Each balance is in its
 * account's natural sign (revenue and money owed as positive figures); `balanced` says the
 * debits and credits of every transaction sum to zero, `healthy` that moreover nothing is below
 * zero and every host's money adds up (`problems` names each break). `hostDebts` are the hosts who
 * owe money back after a refund of money already paid out to them.
 */
export const ledgerReportSchema = z
  .object({
    currencies: z.array(
      z.object({
        currency: z.string(),
        balances: z.record(z.enum(LEDGER_ACCOUNTS), z.int()),
        balanced: z.boolean(),
        healthy: z.boolean(),
        problems: z.array(ledgerProblemSchema.extend({ userName: z.string().nullable() })),
        hostDebts: z.array(
          z.object({ hostId: z.string(), hostName: z.string(), owedMinor: z.int() }),
        ),
      }),
    ),
  })
  .meta({ id: "LedgerReport" });
export type LedgerReport = z.infer<typeof ledgerReportSchema>;
