import { z } from "zod";
import { PAYMENT_RULE_REASONS } from "../payment-rule.ts";

/**
 * What a scam signal found, by kind: what the administrator reads beside the "Flagged" mark and
 * what the API returns. Amounts are US cents, as listings keep them.
 */
export const signalDetailSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("low_price"),
      priceUsdCents: z.int(),
      medianUsdCents: z.int(),
      comparables: z.int(),
    }),
    z.object({
      kind: z.literal("duplicate_photos"),
      /** Other owners' listings holding the same photo, the closest first. */
      listingIds: z.array(z.int()),
    }),
    z.object({
      kind: z.literal("new_account_many"),
      listingsInDay: z.int(),
    }),
    z.object({
      kind: z.literal("new_account_high_value"),
      priceUsdCents: z.int(),
      percentileUsdCents: z.int(),
    }),
    z.object({
      kind: z.literal("payment_rule"),
      reasons: z.array(z.enum(PAYMENT_RULE_REASONS)),
    }),
  ])
  .meta({ id: "SignalDetail" });
export type SignalDetail = z.infer<typeof signalDetailSchema>;

/** A signal not yet dismissed, as the moderation screens and the API show it. */
export const listingSignalSchema = z
  .object({
    id: z.int(),
    detail: signalDetailSchema,
    createdAt: z.string(),
  })
  .meta({ id: "ListingSignal" });
export type ListingSignal = z.infer<typeof listingSignalSchema>;

export const dismissedSignalSchema = z.object({ id: z.int(), listingId: z.int() });
