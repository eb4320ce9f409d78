import { z } from "zod";
import { MAX_CODE_ATTEMPTS, PHONE_CODE_LENGTH } from "../phone-verification-values.ts";
import { isStorableText } from "./text.ts";

/**
 * The verification contract (issue 28), phone step: asking for a code, confirming it, and the
 * person's own status. The page's forms and the JSON API parse the same schemas; their messages
 * are i18n keys of `verification.errors`. Whether a number is real is the service's to say
 * (libphonenumber-js, server side): here only its shape.
 */

const E = "verification.errors";

export const phoneCodeRequestSchema = z.object({
  phone: z
    .string({ error: `${E}.phoneRequired` })
    .refine(isStorableText, `${E}.phoneInvalid`)
    .trim()
    .min(1, `${E}.phoneRequired`)
    .max(40, `${E}.phoneInvalid`)
    .meta({
      description:
        "The number, international (+254 712 345 678) or national with `country` (0712 345 678).",
      example: "+254712345678",
    }),
  country: z
    .string({ error: `${E}.countryInvalid` })
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, `${E}.countryInvalid`)
    .optional()
    .transform((v) => v || undefined)
    .meta({
      description: "ISO 3166 country a national number is read in (KE). Omit for +… numbers.",
      example: "KE",
    }),
});
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

export const phoneCodeConfirmSchema = z.object({
  code: z
    .string({ error: `${E}.codeRequired` })
    .trim()
    .min(1, `${E}.codeRequired`)
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), `${E}.codeFormat`)
    .meta({ description: `The ${PHONE_CODE_LENGTH}-digit code from the text.`, example: "042917" }),
});

export const phoneCodeSentSchema = z.object({
  phone: z
    .string()
    .meta({ description: "Where the code went, in E.164.", example: "+254712345678" }),
  expiresAt: z.string().meta({ description: "When the code stops working (ISO 8601)." }),
  resendAfter: z.string().meta({ description: "The earliest time another code can be sent." }),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const phoneStepSchema = z.object({
  /** False when the site has no SMS gateway configured: no code can be sent. */
  available: z.boolean(),
  verified: z.boolean(),
  /** The verified number (E.164), null until verified or after it lapsed. */
  verifiedPhone: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** A code sent and still usable, with what is left of it. */
  pending: z
    .object({
      phone: z.string(),
      expiresAt: z.string(),
      resendAfter: z.string(),
      attemptsLeft: z.number().int().min(1).max(MAX_CODE_ATTEMPTS),
    })
    .nullable(),
});
export type PhoneStep = z.infer<typeof phoneStepSchema>;

export const verificationStatusSchema = z.object({
  email: z.object({ verified: z.boolean(), email: z.string() }),
  phone: phoneStepSchema,
});
export type VerificationStatusView = z.infer<typeof verificationStatusSchema>;
