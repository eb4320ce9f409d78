import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { avatarSrc } from "../../auth/viewer.ts";
import { isVerifiedUntil } from "../../lib/verification-values.ts";
import { getDb, type Database } from "../../db/client.server.ts";
import { conversations, listingImages, listings, messages, user } from "../../db/schema/index.ts";
import { MESSAGES_PAGE_SIZE } from "../../lib/conversation-values.ts";
import type {
  ConversationSummary,
  ConversationView,
  Inbox,
  NewMessages,
} from "../../lib/schemas/conversations.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { mediaUrl } from "../media/images.server.ts";
import { blockBetween } from "../safety/blocks.server.ts";
import { barOfAccount } from "../../auth/standing.server.ts";
import {
  messageView,
  requireParticipant,
  sideOf,
  type Row,
  type Side,
} from "./conversation-parties.server.ts";
import { teamListScope } from "../teams/team-rights.server.ts";
import { supportUnread } from "./support-chat.server.ts";

/** Reading conversations: the inbox, a conversation's messages, what is unread. */

const INBOX_PAGE_SIZE = 20;

/**
 * The other side's messages after the actor's side's read mark, for each of the conversations.
 * The host's side is whoever answers for the listing (its host, or the owner of its agency), so
 * it counts the guest's messages rather than those of anybody but the actor. The outer row's
 * columns are written out in full: Drizzle leaves them unqualified in a query without joins, and
 * inside this subquery a bare "id" would be the message's own.
 */
function unreadCount(actorId: string): SQL<number> {
  return sql<number>`(select count(*)::int from ${messages} m
    where m.conversation_id = "conversations"."id"
      and case when "conversations"."guest_id" = ${actorId}
        then m.sender_id <> "conversations"."guest_id" and m.id > "conversations"."guest_read_id"
        else m.sender_id = "conversations"."guest_id" and m.id > "conversations"."host_read_id" end)`;
}

function involving(actorId: string): SQL {
  return or(eq(conversations.guestId, actorId), eq(conversations.hostId, actorId))!;
}

/** The actor's conversations, and those about the listings of the running agency they own. */
function inboxScope(actorId: string, teamAgencyId: number | null): SQL {
  if (teamAgencyId === null) return involving(actorId);
  return or(
    involving(actorId),
    inArray(
      conversations.listingId,
      sql`(select ${listings.id} from ${listings} where ${listings.agencyId} = ${teamAgencyId})`,
    ),
  )!;
}

/**
 * Every unread message of the actor, across their conversations and their support chat: the
 * header's badge, which leads to the inbox, where the support chat has its card.
 */
export async function unreadTotal(actorId: string): Promise<number> {
  const db = await getDb();
  const support = await supportUnread(actorId);
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(${unreadCount(actorId)}), 0)::int`,
    })
    .from(conversations)
    .where(involving(actorId));
  return (row?.n ?? 0) + support;
}

/**
 * The summaries of the given conversations, in the order given, as the actor sees them: the
 * owner of the running agency `teamAgencyId` sees the team's on the host's side, with the person
 * who answers each.
 */
async function summaries(
  db: Database,
  actorId: string,
  rows: (Row & { unread: number })[],
  teamAgencyId: number | null = null,
): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const listingIds = [...new Set(rows.map((r) => r.listingId))];
  const otherIds = [...new Set(rows.map((r) => (r.guestId === actorId ? r.hostId : r.guestId)))];
  const hostIds = teamAgencyId === null ? [] : rows.map((r) => r.hostId);
  const [listingRows, coverRows, people, lastMessages] = await Promise.all([
    db
      .select({
        id: listings.id,
        title: listings.title,
        category: listings.category,
        agencyId: listings.agencyId,
      })
      .from(listings)
      .where(inArray(listings.id, listingIds)),
    db
      .select({ listingId: listingImages.listingId, key: listingImages.storageKey })
      .from(listingImages)
      .where(and(inArray(listingImages.listingId, listingIds), eq(listingImages.position, 0))),
    db
      .select({
        id: user.id,
        name: user.name,
        avatarUrl: user.avatarUrl,
        identityVerifiedUntil: user.identityVerifiedUntil,
        businessVerifiedUntil: user.businessVerifiedUntil,
      })
      .from(user)
      .where(inArray(user.id, [...new Set([...otherIds, ...hostIds])])),
    db
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(
        inArray(
          messages.conversationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(messages.conversationId, desc(messages.id)),
  ]);
  const listingOf = new Map(listingRows.map((l) => [l.id, l]));
  const coverOf = new Map(coverRows.map((c) => [c.listingId, c.key]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  const lastOf = new Map(lastMessages.map((m) => [m.conversationId, m]));
  return rows.map((row) => {
    // Not one of its two people: the agency's owner, who answers on the host's side.
    const side = sideOf(row, actorId) ?? "host";
    const otherId = side === "guest" ? row.hostId : row.guestId;
    const person = personOf.get(otherId) ?? {
      id: otherId,
      name: "",
      avatarUrl: null,
      identityVerifiedUntil: null,
      businessVerifiedUntil: null,
    };
    const listing = listingOf.get(row.listingId)!;
    const team =
      side === "host" && teamAgencyId !== null && listing.agencyId === teamAgencyId
        ? { memberId: row.hostId, memberName: personOf.get(row.hostId)?.name ?? "" }
        : null;
    const cover = coverOf.get(row.listingId);
    const last = lastOf.get(row.id);
    return {
      id: row.id,
      side,
      listing: {
        id: listing.id,
        title: listing.title,
        category: listing.category,
        imageUrl: cover ? mediaUrl(cover, "thumb") : null,
      },
      bookingId: row.bookingId,
      other: {
        id: person.id,
        name: person.name,
        avatarUrl: avatarSrc(person),
        verified: isVerifiedUntil(person.identityVerifiedUntil),
        businessVerified: isVerifiedUntil(person.businessVerifiedUntil),
      },
      lastMessage: last
        ? {
            body: last.body,
            hasImage: last.imageKey !== null,
            mine: last.senderId === actorId,
            createdAt: last.createdAt.toISOString(),
          }
        : null,
      unread: row.unread,
      lastMessageAt: row.lastMessageAt.toISOString(),
      team,
    };
  });
}

/**
 * The actor's conversations, latest first, with their unread counts and the total; for the owner
 * of a running agency the team's too (the total unread stays their own, as the header's badge).
 */
export async function listConversations(
  actor: Actor | null,
  { page = 1 }: { page?: number } = {},
): Promise<Inbox> {
  requireAllowed(actor, "conversation:list-own");
  const db = await getDb();
  const teamAgencyId = await teamListScope(actor, "conversation:answer-team", new Date(), db);
  const scope = inboxScope(actor.id, teamAgencyId);
  const [counted] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`coalesce(sum(${unreadCount(actor.id)}) filter (where ${involving(actor.id)}), 0)::int`,
    })
    .from(conversations)
    .where(scope);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({ row: conversations, unread: unreadCount(actor.id) })
    .from(conversations)
    .where(scope)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((current - 1) * INBOX_PAGE_SIZE);
  return {
    conversations: await summaries(
      db,
      actor.id,
      rows.map((r) => ({ ...r.row, unread: r.unread })),
      teamAgencyId,
    ),
    totalUnread: counted?.unread ?? 0,
    page: current,
    pageCount,
  };
}

/** Moves the actor's read mark up to the message (never back). */
async function markRead(db: Database, row: Row, side: Side, messageId: number) {
  if (side === "guest") {
    await db
      .update(conversations)
      .set({ guestReadId: sql`greatest(${conversations.guestReadId}, ${messageId})` })
      .where(eq(conversations.id, row.id));
  } else {
    await db
      .update(conversations)
      .set({ hostReadId: sql`greatest(${conversations.hostReadId}, ${messageId})` })
      .where(eq(conversations.id, row.id));
  }
}

/**
 * A conversation as its reader sees it: the latest messages (or those before `before`, for
 * "Earlier messages"), which are now read.
 */
export async function readConversation(
  actor: Actor | null,
  conversationId: number,
  { before }: { before?: number } = {},
): Promise<ConversationView> {
  requireAllowed(actor, "conversation:list-own");
  const db = await getDb();
  const { row, side } = await requireParticipant(db, actor, conversationId);
  const page = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, row.id),
        before === undefined ? undefined : lt(messages.id, before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const hasEarlier = page.length > MESSAGES_PAGE_SIZE;
  const shown = page.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const latest = shown.at(-1);
  if (latest && before === undefined) await markRead(db, row, side, latest.id);
  const otherId = side === "guest" ? row.hostId : row.guestId;
  const teamAgencyId = await teamListScope(actor, "conversation:answer-team", new Date(), db);
  const [summary] = await summaries(db, actor.id, [{ ...row, unread: 0 }], teamAgencyId);
  const block = await blockBetween(db, actor.id, otherId);
  const otherBar = await barOfAccount(db, otherId);
  return {
    ...summary!,
    messages: shown.map((m) => messageView(m, actor.id)),
    hasEarlier,
    blockedByMe: block === "byMe",
    blockedMe: block === "byThem",
    otherSuspended: otherBar !== null,
  };
}

/**
 * What arrived after the message `after`, for a page that polls: marked read, since the page
 * shows them. Cheap when there is nothing: one indexed look-up.
 */
export async function messagesAfter(
  actor: Actor | null,
  conversationId: number,
  after: number,
): Promise<NewMessages> {
  requireAllowed(actor, "conversation:list-own");
  const db = await getDb();
  const { row, side } = await requireParticipant(db, actor, conversationId);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, row.id), gt(messages.id, after)))
    .orderBy(messages.id)
    .limit(MESSAGES_PAGE_SIZE);
  const latest = rows.at(-1);
  if (latest) await markRead(db, row, side, latest.id);
  return {
    messages: rows.map((m) => messageView(m, actor.id)),
    unread: await unreadTotal(actor.id),
  };
}
