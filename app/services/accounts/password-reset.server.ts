import { and, eq, gt } from "drizzle-orm";
import { RESET_PREFIX } from "../../auth/reset-links.server.ts";
import { getDb } from "../../db/client.server.ts";
import { user, verification } from "../../db/schema/index.ts";

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
