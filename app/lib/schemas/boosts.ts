import { z } from "zod";
import { BOOST_NETWORKS, BOOST_TEXT_KINDS, MAX_POST_URL } from "../boost-values.ts";

/**
 * The social media boost contract: the administrator's "posted on <network>" form, and what the
 * pages and the API show of a boost. Messages are i18n keys of `boosts.errors`.
 */

const E = {
  network: "boosts.errors.network",
  url: "boosts.errors.url",
} as const;

/** A post's address: https only, no password, a host with a dot; stored as typed, never fetched. */
function isPostUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (
      parsed.protocol === "https:" &&
      !parsed.username &&
      !parsed.password &&
      parsed.hostname.includes(".")
    );
  } catch {
    return false;
  }
}

export const boostPostInputSchema = z.object({
  network: z
    .enum(BOOST_NETWORKS, { error: E.network })
    .meta({ description: "Where the boost was posted." }),
  url: z
    .string({ error: E.url })
    .trim()
    .min(1, E.url)
    .max(MAX_POST_URL, E.url)
    .refine(isPostUrl, E.url)
    .meta({
      description: "The post's https address (stored, never fetched).",
      example: "https://www.facebook.com/gatewayafrica/posts/123",
    }),
});
export type BoostPostInput = z.infer<typeof boostPostInputSchema>;

export const boostPostSchema = z.object({
  network: z.enum(BOOST_NETWORKS),
  url: z.string(),
  postedAt: z.iso.datetime(),
});

export const boostTextsSchema = z.object(
  Object.fromEntries(BOOST_TEXT_KINDS.map((kind) => [kind, z.string()])) as Record<
    (typeof BOOST_TEXT_KINDS)[number],
    z.ZodString
  >,
);

/** A boost as its owner and the administrator see it. */
export const boostSchema = z.object({
  id: z.int(),
  listingId: z.int(),
  listingTitle: z.string(),
  listingUrl: z.string().meta({ description: "The listing's public page." }),
  imageUrl: z.string().meta({ description: "The share image, 1200×630 JPEG." }),
  texts: boostTextsSchema,
  requestedAt: z.iso.datetime(),
  postedAt: z.iso.datetime().nullable(),
  posts: z.array(boostPostSchema),
});
export type BoostView = z.infer<typeof boostSchema>;

/** The administrator's queue: what waits, oldest first, and what was posted lately. */
export const boostQueueSchema = z.object({
  pending: z.array(boostSchema.extend({ ownerName: z.string() })),
  posted: z.array(boostSchema.extend({ ownerName: z.string() })),
});
export type BoostQueue = z.infer<typeof boostQueueSchema>;

/** The owner's boosts with what their plan still allows this period. */
export const boostAllowanceSchema = z.object({
  perPeriod: z
    .int()
    .nullable()
    .meta({ description: "Boosts per plan period; null when the plan grants none." }),
  used: z.int().meta({ description: "Boosts asked for since the plan period started." }),
  periodStart: z.iso.datetime().nullable(),
  unlimited: z.boolean().meta({ description: "The administrator: no plan needed, no count." }),
});
export type BoostAllowance = z.infer<typeof boostAllowanceSchema>;

export const myBoostsSchema = z.object({
  allowance: boostAllowanceSchema,
  boosts: z.array(boostSchema),
});
export type MyBoosts = z.infer<typeof myBoostsSchema>;
