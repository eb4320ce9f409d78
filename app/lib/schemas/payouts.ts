import { z } from "zod";
import { parseAmount } from "../amount.ts";
import { isStorableText } from "./text.ts";

/**
 * Payouts: what a host or professional is owed for bookings and jobs paid online (held until 48
 * hours after check-in or the job's completion, then payable) and what was paid out to them, and
 * the administrator's record of a payout made outside the site. Amounts are integers in each
 * currency's minor units.
 */

const minor = (description: string) => z.int().meta({ description });

export const payoutTotalsSchema = z.object({
  currency: z.string().meta({ description: "ISO 4217." }),
  heldMinor: minor("Paid by guests and clients, held until it is due."),
  payableMinor: minor("Released and not yet paid out."),
  paidMinor: minor("Paid out, the sum of the recorded payouts."),
  owedMinor: minor(
    "Owed back: a refund of money already paid out, taken from what next becomes payable.",
  ),
});
export type PayoutTotals = z.infer<typeof payoutTotalsSchema>;

export const payoutItemSchema = z.object({
  kind: z.enum(["booking", "job"]),
  id: z.int(),
  title: z.string(),
  currency: z.string(),
  heldMinor: minor("Still held for this booking or job."),
  payableMinor: minor("Released and not yet paid out, for this booking or job."),
  paidOutMinor: minor(
    "Paid out for this booking or job: the host's payouts counted against the oldest released money first.",
  ),
  state: z
    .enum(["held", "payable", "paid_out", "refunded"])
    .meta({ description: "Where the money stands; refunded when nothing is left of it." }),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const payoutSchema = z
  .object({
    id: z.int(),
    hostId: z.string(),
    hostName: z.string(),
    currency: z.string(),
    amountMinor: minor("Paid out, in the currency's minor units."),
    reference: z.string().meta({ description: "The transfer's reference." }),
    createdAt: z.string(),
  })
  .meta({ id: "Payout" });
export type PayoutView = z.infer<typeof payoutSchema>;

export const payoutReportSchema = z
  .object({
    totals: z.array(payoutTotalsSchema),
    items: z.array(payoutItemSchema),
    payouts: z.array(payoutSchema),
  })
  .meta({ id: "PayoutReport" });
export type PayoutReport = z.infer<typeof payoutReportSchema>;

/** A host's payable balance in one currency, for the administrator choosing whom to pay. */
export const payableHostSchema = z.object({
  hostId: z.string(),
  hostName: z.string(),
  hostEmail: z.string(),
  currency: z.string(),
  payableMinor: z.int(),
});
export type PayableHost = z.infer<typeof payableHostSchema>;

/** No currency has more minor-unit digits than this (ISO 4217's most is 4). */
const MAX_CURRENCY_DIGITS = 4;

const E = {
  host: "payments.payouts.errors.host",
  currency: "payments.payouts.errors.currency",
  amount: "payments.payouts.errors.amount",
  reference: "payments.payouts.errors.reference",
} as const;

/** The administrator's "Record payout" form and POST /api/v1/admin/payouts. */
export const recordPayoutInputSchema = z
  .object({
    host: z
      .string({ error: E.host })
      .trim()
      .min(1, E.host)
      .max(320, E.host)
      .meta({ description: "The host's e-mail address or account id." }),
    currency: z
      .string({ error: E.currency })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, E.currency)
      .meta({ description: "ISO 4217, e.g. NGN." }),
    amount: z
      .union([z.number(), z.string()], { error: E.amount })
      // Read strictly by the shared parser; the service reads it again in the currency's digits.
      .refine((value) => (parseAmount(value, MAX_CURRENCY_DIGITS) ?? 0) > 0, E.amount)
      .meta({
        description:
          "In the currency's major units, e.g. 1500.50: one '.' and no thousands separators.",
      }),
    reference: z
      .string({ error: E.reference })
      .trim()
      .min(1, E.reference)
      .max(200, E.reference)
      .refine(isStorableText, E.reference)
      .meta({ description: "The bank transfer's reference." }),
  })
  .meta({ id: "PayoutInput" });
export type RecordPayoutInput = z.output<typeof recordPayoutInputSchema>;
