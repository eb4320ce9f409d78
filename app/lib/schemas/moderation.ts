import { z } from "zod";
import { MAX_REASON_LENGTH } from "../listing-status.ts";
import { isStorableText } from "./text.ts";

/**
 * The reason given with a rejection, shown to the owner and e-mailed to them. Whitespace is
 * collapsed before the length is counted: a browser sends a textarea's line breaks as two
 * characters, so the page's limit of 500 would otherwise refuse what the textarea let through.
 */
const moderationReasonSchema = z
  .string()
  .refine(isStorableText, "api.errors.badRequest")
  .overwrite((text) => text.replace(/\s+/g, " "))
  .trim()
  .max(MAX_REASON_LENGTH, "api.errors.badRequest")
  .meta({
    description: `Why the listing was rejected, at most ${MAX_REASON_LENGTH} characters; e-mailed to its owner.`,
  });

/**
 * An administrator's decision on a listing waiting for review, the one input of the moderation
 * page's forms and of POST /api/v1/moderation/listings/{id}. A reason belongs to a rejection
 * only, and is optional there; one sent with an approval is dropped.
 */
export const moderationInputSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("approved") }),
    z.object({ decision: z.literal("rejected"), reason: moderationReasonSchema.nullish() }),
  ],
  { error: "api.errors.badRequest" },
);

export type ModerationInput = z.infer<typeof moderationInputSchema>;
