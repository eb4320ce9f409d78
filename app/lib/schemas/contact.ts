import { z } from "zod";
import { CONTACT_REASONS } from "../listing-values.ts";
import { isStorableText, oneLine } from "./text.ts";

const INVALID_CHARACTERS = "contact.errors.invalidCharacters";

/**
 * The contact form, used by the page, its action and POST /api/v1/contact-messages.
 * Messages are i18n keys (app/i18n/en/contact.ts).
 */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: "contact.errors.name" })
    .refine(isStorableText, INVALID_CHARACTERS)
    .overwrite(oneLine)
    .trim()
    .min(1, "contact.errors.name")
    .max(120, "contact.errors.nameTooLong"),
  email: z
    .string({ error: "contact.errors.email" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "contact.errors.email" })),
  reason: z.enum(CONTACT_REASONS, { error: "contact.errors.reason" }).default("general"),
  subject: z
    .string({ error: "contact.errors.subject" })
    .refine(isStorableText, INVALID_CHARACTERS)
    .overwrite(oneLine)
    .trim()
    .min(1, "contact.errors.subject")
    .max(200, "contact.errors.subjectTooLong"),
  message: z
    .string({ error: "contact.errors.message" })
    .refine(isStorableText, INVALID_CHARACTERS)
    .trim()
    .min(1, "contact.errors.message")
    .max(5000, "contact.errors.messageTooLong"),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** What POST /api/v1/contact-messages answers: the stored message and which e-mails went out. */
export const contactReceiptSchema = z.object({
  id: z.int(),
  teamNotified: z
    .boolean()
    .meta({ description: "The team's notification address got the message by e-mail." }),
  acknowledged: z.boolean().meta({ description: "The sender got an acknowledgement e-mail." }),
});
