import { contactMessageSchema } from "../../lib/schemas/contact.ts";
import { issueMessages } from "../../lib/validation.ts";

/**
 * The contact form's check in the browser: the server's zod schema, with each failed field's
 * message key. The form imports this module when someone starts on it, so zod stays off the page.
 */
export function checkContact(form: HTMLFormElement): Partial<Record<string, string>> {
  const result = contactMessageSchema.safeParse(Object.fromEntries(new FormData(form)));
  return result.success ? {} : issueMessages(result.error);
}
