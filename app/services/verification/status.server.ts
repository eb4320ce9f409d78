import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { VerificationStatusView } from "../../lib/schemas/verification.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { phoneStep } from "./phone.server.ts";
import { documentSteps } from "./submissions.server.ts";

/** The person's own verification, step by step, as the Verification page and the API show it. */
export async function getVerificationStatus(
  actor: Actor | null,
  now = new Date(),
): Promise<VerificationStatusView> {
  requireAllowed(actor, "verification:view-own");
  const db = await getDb();
  const [person] = await db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, actor.id));
  if (!person) throw new AppError("NOT_FOUND", "auth.toasts.authRequiredDescription");
  return {
    email: { verified: person.emailVerified, email: person.email },
    phone: await phoneStep(actor.id, now),
    ...(await documentSteps(actor)),
  };
}
