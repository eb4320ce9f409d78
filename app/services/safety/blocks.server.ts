import { and, desc, eq, or } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { user, userBlocks } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { userIdSchema, type BlockedPerson, type BlockState } from "../../lib/schemas/safety.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { requireReachable } from "../../auth/standing.server.ts";

/**
 * Blocking: a person blocks someone so that neither can message the other any more (the
 * conversations service asks `blockBetween` before a message is posted, the bookings service
 * `requireMayWrite` before a request's message). Blocks are private: the blocked person is only
 * told the other "is not accepting messages from you".
 */

/** The person a request names, who must exist; never the actor themselves. */
async function otherPerson(db: Database, actor: Actor, rawId: unknown) {
  const id = parsedOrRefused(userIdSchema.safeParse(rawId), "safety.errors.userNotFound");
  if (id === actor.id) throw new AppError("VALIDATION_FAILED", "safety.errors.blockSelf");
  const [row] = await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, id));
  if (!row) throw new AppError("NOT_FOUND", "safety.errors.userNotFound");
  return row;
}

/** Blocks the person (blocking them again changes nothing). */
export async function blockUser(actor: Actor | null, userId: unknown): Promise<BlockState> {
  requireAllowed(actor, "block:manage");
  await requireUnderWriteLimit("block", actor);
  const db = await getDb();
  const other = await otherPerson(db, actor, userId);
  await db
    .insert(userBlocks)
    .values({ blockerId: actor.id, blockedId: other.id })
    .onConflictDoNothing();
  return { userId: other.id, name: other.name, blocked: true };
}

/** Unblocks the person (unblocking someone not blocked changes nothing). */
export async function unblockUser(actor: Actor | null, userId: unknown): Promise<BlockState> {
  requireAllowed(actor, "block:manage");
  await requireUnderWriteLimit("block", actor);
  const db = await getDb();
  const other = await otherPerson(db, actor, userId);
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, actor.id), eq(userBlocks.blockedId, other.id)));
  return { userId: other.id, name: other.name, blocked: false };
}

/** The people the actor blocked, most recent first. */
export async function listBlocked(actor: Actor | null): Promise<BlockedPerson[]> {
  requireAllowed(actor, "block:manage");
  const db = await getDb();
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      avatarUrl: user.avatarUrl,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(user, eq(user.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, actor.id))
    .orderBy(desc(userBlocks.createdAt), user.name);
  return rows.map((row) => ({
    ...row,
    avatarUrl: row.avatarUrl || null,
    blockedAt: row.blockedAt.toISOString(),
  }));
}

/** Whether the actor blocked the person (for the Block / Unblock button). */
export async function hasBlocked(actor: Actor | null, userId: string): Promise<boolean> {
  requireAllowed(actor, "block:manage");
  return (await blockBetween(await getDb(), actor.id, userId)) === "byMe";
}

/**
 * Who blocked whom between `a` and `b`, from `a`'s side: "byMe" when `a` blocked `b` (also when
 * both did: `a` must unblock first), "byThem" when only `b` blocked `a`, null when neither. One
 * query, inside the caller's transaction when it passes one (the conversations service, before
 * a message is stored).
 */
export async function blockBetween(
  db: Database | DbTransaction,
  a: string,
  b: string,
): Promise<"byMe" | "byThem" | null> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );
  if (rows.some((row) => row.blockerId === a)) return "byMe";
  return rows.length > 0 ? "byThem" : null;
}

/**
 * Refused when either person blocked the other, in the conversations' words, so that text one
 * writes (a booking request's message) cannot reach the other by another way than a message.
 */
export async function requireMayWrite(
  db: Database | DbTransaction,
  writerId: string,
  readerId: string,
): Promise<void> {
  // A suspended or banned person cannot be written to either (issue 28).
  await requireReachable(db, readerId);
  const block = await blockBetween(db, writerId, readerId);
  if (block === "byMe") throw new AppError("CONFLICT", "conversations.errors.youBlocked");
  if (block === "byThem") throw new AppError("CONFLICT", "conversations.errors.blockedYou");
}
