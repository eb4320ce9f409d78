import { z } from "zod";
import { CALLBACK_FIELD as F, CALLBACK_NAME_MAX } from "../whatsapp-callback-values.ts";
import { isStorableText } from "./text.ts";

/**
 * A visitor's WhatsApp call-back request on a listing: their name, their number in international
 * form, and their explicit consent to be contacted on it. Messages are i18n keys of
 * `detail.whatsappCallback.errors`.
 */

const E = {
  name: "detail.whatsappCallback.errors.name",
  phone: "detail.whatsappCallback.errors.phone",
  consent: "detail.whatsappCallback.errors.consent",
} as const;

/**
 * "+" and the country code, then the number: spaces, dots, hyphens and brackets as people type
 * them are dropped. E.164 allows 15 digits at most, and no country code starts with 0.
 */
export const E164 = /^\+[1-9]\d{7,14}$/;

export function normalizedPhone(typed: string): string {
  return typed.trim().replace(/[\s.()-]/g, "");
}

export const whatsappCallbackInputSchema = z.object({
  [F.name]: z
    .string({ error: E.name })
    .trim()
    .min(1, E.name)
    .max(CALLBACK_NAME_MAX, E.name)
    .refine(isStorableText, E.name)
    .meta({ description: "The name the lister calls the person by." }),
  [F.phone]: z
    .string({ error: E.phone })
    .transform(normalizedPhone)
    .refine((phone) => E164.test(phone), E.phone)
    .meta({
      description:
        "The WhatsApp number in international form: + and the country code, 8 to 15 digits (spaces and hyphens allowed).",
      example: "+233 24 123 4567",
    }),
  // A form's checked box sends "on"; the API sends true. Anything else is no consent.
  [F.consent]: z
    .union([z.literal(true), z.literal("on"), z.literal("true")], { error: E.consent })
    .meta({ description: "The person agrees to be contacted on WhatsApp about this listing." }),
});
export type WhatsappCallbackInput = z.infer<typeof whatsappCallbackInputSchema>;

/** What a refused request comes back to the listing's form with (message keys per field). */
export interface WhatsappCallbackResult {
  fieldErrors: Record<string, string>;
  error?: string;
}

export const whatsappCallbackSchema = z.object({
  id: z.int(),
  listingId: z.int(),
  listingTitle: z.string(),
  name: z.string(),
  phone: z.string(),
  /** The click-to-chat link: https://wa.me/<digits> with a first message ready. */
  chatUrl: z.string(),
  createdAt: z.string(),
  /** For an agency owner, the team member whose listing it is; null on one's own listing. */
  member: z.string().nullable(),
});
export type WhatsappCallback = z.infer<typeof whatsappCallbackSchema>;

export const whatsappCallbackListSchema = z.object({
  callbacks: z.array(whatsappCallbackSchema),
});
