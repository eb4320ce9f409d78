import { eq } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { conversations, listings, type messages } from "../../db/schema/index.ts";
import { can } from "../../lib/permissions.ts";
import type { MessageView } from "../../lib/schemas/conversations.ts";
import { partyOf, requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound } from "../core/ids.server.ts";
import { mediaUrl } from "../media/images.server.ts";
import { runningAgencyOwner } from "../teams/team-rights.server.ts";

/**
 * Conversations between a person and a listing's lister, and their messages. Only the two people
 * in a conversation ever read it: to anybody else it does not exist (404). Each side's read mark
 * is the id of the last message they saw, so an unread count is a count of the other side's
 * messages after it.
 *
 * What reading and writing share lives here: the two sides and a message as its reader sees it.
 * Starting a conversation is in conversation-start, sending in messages, reading in inbox.
 */

export type Row = typeof conversations.$inferSelect;
export type Side = "guest" | "host";

export function sideOf(row: Pick<Row, "guestId" | "hostId">, actorId: string): Side | null {
  return partyOf(actorId, { guest: row.guestId, host: row.hostId });
}

/**
 * The conversation, when the actor is one of its two people, or the owner of the running agency
 * its listing is under (who answers on the host's side); anybody else is told it is not there.
 */
export async function requireParticipant(
  db: Database | DbTransaction,
  actor: Actor,
  conversationId: number,
): Promise<{ row: Row; side: Side }> {
  const [found] = await db
    .select({ row: conversations, agencyId: listings.agencyId })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .where(eq(conversations.id, conversationId));
  if (!found) throw notFound("conversation");
  const { row } = found;
  const side = sideOf(row, actor.id);
  if (side) return { row, side };
  const agencyOwnerId = await runningAgencyOwner(found.agencyId, new Date(), db);
  if (can(actor, "conversation:answer-team", { agencyOwnerId })) return { row, side: "host" };
  throw notFound("conversation");
}

/**
 * Refused unless the actor is one of the conversation's two people: asked before a request's body
 * is read, so a stranger's upload is never parsed and nobody learns more than "not found".
 */
export async function requireConversationParticipant(
  actor: Actor | null,
  conversationId: number,
): Promise<void> {
  requireAllowed(actor, "conversation:list-own");
  await requireParticipant(await getDb(), actor, conversationId);
}

export function messageView(row: typeof messages.$inferSelect, actorId: string): MessageView {
  const mine = row.senderId === actorId;
  return {
    id: row.id,
    senderId: row.senderId,
    mine,
    body: row.body,
    image: row.imageKey
      ? {
          url: mediaUrl(row.imageKey, "card"),
          fullUrl: mediaUrl(row.imageKey, "gallery"),
          width: row.imageWidth ?? 0,
          height: row.imageHeight ?? 0,
        }
      : null,
    flagged: row.flagged,
    createdAt: row.createdAt.toISOString(),
  };
}
