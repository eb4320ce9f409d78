import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { contactMessages } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { contactMessageSchema } from "../../lib/schemas/contact.ts";
import { fieldErrorsOf } from "../../lib/validation.ts";
import { emailAccount, requireUnderRateLimit } from "../../auth/rate-limit.server.ts";
import { mailContactMessage, type ContactDelivery } from "./contact-mail.server.ts";

export type { ContactDelivery } from "./contact-mail.server.ts";

/**
 * Stores a message from the contact form (admins will read them in the dashboard), then e-mails
 * it to the team and acknowledges it to the sender. Storing comes first: a mail server that is
 * down costs the e-mails, never the message, and the answer says what was delivered.
 */
export async function submitContactMessage(input: {
  data: unknown;
  viewer?: Pick<Viewer, "id" | "email" | "role"> | null;
  clientIp?: string | null;
}): Promise<{ id: number; delivery: ContactDelivery }> {
  const parsed = contactMessageSchema.safeParse(input.data);
  if (!parsed.success) {
    throw new AppError(
      "VALIDATION_FAILED",
      "contact.errors.missingFields",
      fieldErrorsOf(parsed.error),
    );
  }
  const viewer = input.viewer ?? null;
  // Per sender (the account's address, else the one the form gives) and per client address.
  await requireUnderRateLimit("contact", {
    account: emailAccount(viewer?.email ?? parsed.data.email),
    address: input.clientIp,
  });
  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({ ...parsed.data, userId: viewer?.id ?? null })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("Inserting the contact message returned no row.");
  const delivery = await mailContactMessage({
    ...parsed.data,
    id: row.id,
    account: viewer && { email: viewer.email, role: viewer.role },
  });
  return { id: row.id, delivery };
}
