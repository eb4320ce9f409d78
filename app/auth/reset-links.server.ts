import { and, eq, like, ne } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { verification } from "../db/schema/index.ts";

/** better-auth keeps each reset link as `reset-password:<token>` → the account's user id. */
export const RESET_PREFIX = "reset-password:";

/**
 * Ends the account's reset links but `keep` (the one just sent): a link forwarded, leaked or
 * left in an old mailbox must not outlive a newer one or a reset already done.
 */
export async function endPasswordResetLinks(
  db: Database,
  userId: string,
  keep?: string,
): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, `${RESET_PREFIX}%`),
        keep === undefined ? undefined : ne(verification.identifier, `${RESET_PREFIX}${keep}`),
      ),
    );
}
