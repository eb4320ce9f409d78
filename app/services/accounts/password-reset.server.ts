import { and, eq, gt, like, ne } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import { user, verification } from "../../db/schema/index.ts";

/** better-auth keeps each reset link as `reset-password:<token>` → the account's user id. */
const RESET_PREFIX = "reset-password:";

/**
 * The account a password-reset token belongs to, while the token is unused and unexpired
 * (better-auth keeps it as `reset-password:<token>` → user id).
 */
export async function findPasswordResetAccount(
  token: string,
): Promise<{ id: string; email: string } | null> {
  if (!/^[A-Za-z0-9_-]{8,200}$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(
      and(
        eq(verification.identifier, `${RESET_PREFIX}${token}`),
        gt(verification.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

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
