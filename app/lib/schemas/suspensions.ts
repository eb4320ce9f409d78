import { z } from "zod";
import { isStorableText } from "./text.ts";

/** The longest reason the administrator may give; the person reads it in an e-mail and a toast. */
export const MAX_SUSPENSION_REASON = 500;
/** Beyond this a suspension is a ban in all but name: the administrator bans instead. */
export const MAX_SUSPENSION_DAYS = 3650;

/**
 * A moment as the dialog's date-time field sends it ("2026-12-05T14:00", read as UTC) or as the
 * API sends it (ISO 8601 with its offset).
 */
function parseMoment(text: string): Date | null {
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text);
  const date = new Date(local ? `${text}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const reasonSchema = z
  .string({ error: "suspensions.errors.reasonRequired" })
  .refine(isStorableText, "suspensions.errors.reasonRequired")
  .trim()
  .min(1, "suspensions.errors.reasonRequired")
  .max(MAX_SUSPENSION_REASON, "suspensions.errors.reasonTooLong")
  .meta({ description: "Why; the person reads it." });

/**
 * The administrator's decision: a suspension until a moment in the future, or a ban (no end).
 * The moment is checked against the clock by the service, which knows "now".
 */
export const suspensionInputSchema = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("suspend"),
        until: z
          .string({ error: "suspensions.errors.untilRequired" })
          .trim()
          .min(1, "suspensions.errors.untilRequired")
          .max(40, "suspensions.errors.untilInvalid")
          .transform((text, ctx) => {
            const date = parseMoment(text);
            if (date) return date;
            ctx.addIssue({ code: "custom", message: "suspensions.errors.untilInvalid" });
            return z.NEVER;
          })
          .meta({
            description: "When it ends: ISO 8601; without an offset, UTC.",
            type: "string",
          }),
        reason: reasonSchema,
      })
      .strict(),
    z.object({ kind: z.literal("ban"), reason: reasonSchema }).strict(),
  ],
  { error: "suspensions.errors.kindInvalid" },
);
export type SuspensionInput = z.output<typeof suspensionInputSchema>;

/** A suspension or ban in force: until when (null for a ban) and why. */
export const suspensionStateSchema = z.object({
  until: z.string().nullable().meta({ description: "ISO 8601; null for a ban." }),
  reason: z.string(),
});
export type SuspensionState = z.infer<typeof suspensionStateSchema>;

/** The answer of a suspension or ban. */
export const suspensionResultSchema = z.object({
  userId: z.string(),
  email: z.string(),
  suspension: suspensionStateSchema,
  bookingsCancelled: z.int().meta({ description: "Open bookings cancelled by the stated rule." }),
});
export type SuspensionResult = z.infer<typeof suspensionResultSchema>;

/** The answer of a lifted suspension. */
export const liftedSchema = z.object({ userId: z.string(), email: z.string() });
