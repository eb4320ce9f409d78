import { z } from "zod";
import { MAX_REASON_LENGTH } from "../listing-status.ts";
import { isStorableText } from "./text.ts";

/**
 * The reason given with a rejection, shown to the owner and e-mailed to them: the moderation page
 * and POST /api/v1/moderation/listings/{id} read it alike (the service trims it to its length).
 */
export const moderationReasonSchema = z
  .string()
  .refine(isStorableText)
  .max(MAX_REASON_LENGTH * 2);
