import { getDb } from "../../db/client.server.ts";
import { contactMessages } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { contactMessageSchema } from "../../lib/schemas/contact.ts";
import { fieldErrorsOf } from "../../lib/validation.ts";
import { createRateLimiter } from "../rate-limit.server.ts";

/** Five messages per address per ten minutes: plenty for people, little for spam robots. */
const limiter = createRateLimiter({ windowMs: 10 * 60 * 1000, max: 5 });

/** Stores a message from the contact form; admins read them in the dashboard. */
export async function submitContactMessage(input: {
  data: unknown;
  userId?: string | null;
  clientIp?: string | null;
}): Promise<{ id: number }> {
  const parsed = contactMessageSchema.safeParse(input.data);
  if (!parsed.success) {
    throw new AppError(
      "VALIDATION_FAILED",
      "contact.errors.missingFields",
      fieldErrorsOf(parsed.error),
    );
  }
  if (input.clientIp && !limiter.hit(input.clientIp)) {
    throw new AppError("RATE_LIMITED", "contact.errors.tooMany");
  }
  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({ ...parsed.data, userId: input.userId ?? null })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("Inserting the contact message returned no row.");
  return row;
}
