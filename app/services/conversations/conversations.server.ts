import { and, desc, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  bookings,
  conversations,
  listingImages,
  listings,
  messages,
  user,
} from "../../db/schema/index.ts";
import { avatarSrc } from "../../auth/viewer.ts";
import { AppError } from "../../lib/app-error.ts";
import { MESSAGES_PAGE_SIZE } from "../../lib/conversation-values.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import {
  messageInputSchema,
  startConversationSchema,
  type ConversationSummary,
  type ConversationView,
  type Inbox,
  type MessageView,
  type NewMessages,
} from "../../lib/schemas/conversations.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { partyOf, requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound } from "../core/ids.server.ts";
import { deleteStoredImage, mediaUrl } from "../media/images.server.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { blockBetween, requireMayWrite } from "../safety/blocks.server.ts";
import { paymentRuleReasons } from "../../lib/payment-rule.ts";
import { fileFlaggedMessageReport } from "../safety/reports.server.ts";
import { mailNewMessage } from "./message-mail.server.ts";
import { storeMessageImage, type MessageImage } from "./message-image.server.ts";

/**
 * Conversations between a person and a listing's lister, and their messages. Only the two people
 * in a conversation ever read it: to anybody else it does not exist (404). Each side's read mark
 * is the id of the last message they saw, so an unread count is a count of the other side's
 * messages after it.
 */

type Row = typeof conversations.$inferSelect;
type Side = "guest" | "host";

const INBOX_PAGE_SIZE = 20;

function sideOf(row: Pick<Row, "guestId" | "hostId">, actorId: string): Side | null {
  return partyOf(actorId, { guest: row.guestId, host: row.hostId });
}

/** The conversation, when the actor is one of its two people; anybody else is told it is not there. */
async function requireParticipant(
  db: Database | DbTransaction,
  actor: Actor,
  conversationId: number,
): Promise<{ row: Row; side: Side }> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  const side = row ? sideOf(row, actor.id) : null;
  if (!row || !side) throw notFound("conversation");
  return { row, side };
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

interface NewMessage {
  body: string;
  image: MessageImage | null;
}

/**
 * Adds a message in the transaction: the payment rule flags it (and files the report the
 * administrators see), the conversation moves to the top of both inboxes, and the sender has
 * read everything up to their own message.
 */
async function insertMessage(
  tx: DbTransaction,
  conversation: Row,
  senderId: string,
  message: NewMessage,
) {
  const reasons = paymentRuleReasons(message.body);
  const [inserted] = await tx
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId,
      body: message.body,
      imageKey: message.image?.storageKey ?? null,
      imageWidth: message.image?.width ?? null,
      imageHeight: message.image?.height ?? null,
      flagged: reasons.length > 0,
    })
    .returning();
  const side = sideOf(conversation, senderId);
  await tx
    .update(conversations)
    .set({
      lastMessageAt: inserted!.createdAt,
      ...(side === "guest" ? { guestReadId: inserted!.id } : { hostReadId: inserted!.id }),
    })
    .where(eq(conversations.id, conversation.id));
  if (reasons.length > 0) {
    await fileFlaggedMessageReport(tx, {
      conversationId: conversation.id,
      messageId: inserted!.id,
      senderId,
      reasons,
    });
  }
  return inserted!;
}

function messageView(row: typeof messages.$inferSelect, actorId: string): MessageView {
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

/** The listing a person may start a conversation about: public, and not their own. */
async function requireContactableListing(
  db: Database | DbTransaction,
  actor: Actor,
  listingId: number,
) {
  const [listing] = await db
    .select({ id: listings.id, userId: listings.userId, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing || listing.status !== "approved") {
    throw new AppError("LISTING_NOT_FOUND", "conversations.errors.listing");
  }
  if (listing.userId === actor.id)
    throw new AppError("CONFLICT", "conversations.errors.ownListing");
  return listing;
}

/**
 * Asks the lister a question about their listing. A person has one conversation per listing for
 * questions: asking again adds to it (and is not a new conversation for the rate limit).
 */
export async function startConversation(
  actor: Actor | null,
  input: unknown,
): Promise<{ conversationId: number; message: MessageView }> {
  requireAllowed(actor, "conversation:start");
  await requireUnderWriteLimit("message", actor);
  const { listingId, body } = parsedOrRefused(
    startConversationSchema.safeParse(input),
    "conversations.errors.invalid",
  );
  const db = await getDb();
  const listing = await requireContactableListing(db, actor, listingId);
  await requireMayWrite(db, actor.id, listing.userId);
  const questions = and(
    eq(conversations.listingId, listingId),
    eq(conversations.guestId, actor.id),
    sql`${conversations.bookingId} IS NULL`,
  );
  // Counted before the transaction, so a refused attempt counts too.
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(questions);
  if (!existing) await requireUnderWriteLimit("newConversation", actor);
  const { conversation, message } = await db.transaction(async (tx) => {
    let [conversation] = await tx.select().from(conversations).where(questions);
    if (!conversation) {
      [conversation] = await tx
        .insert(conversations)
        .values({ listingId, guestId: actor.id, hostId: listing.userId })
        .onConflictDoNothing()
        .returning();
      // Two first questions at once: the other one made the conversation; this one joins it.
      conversation ??= (await tx.select().from(conversations).where(questions))[0];
    }
    const message = await insertMessage(tx, conversation!, actor.id, { body, image: null });
    return { conversation: conversation!, message };
  });
  await mailNewMessage(conversation, message);
  return { conversationId: conversation.id, message: messageView(message, actor.id) };
}

/**
 * The conversation of a booking, made when either of its two people first opens it: each
 * booking has its own, between its guest and its host.
 */
export async function openBookingConversation(
  actor: Actor | null,
  bookingId: number,
): Promise<number> {
  requireAllowed(actor, "conversation:list-own");
  await requireUnderWriteLimit("bookingChange", actor);
  const db = await getDb();
  const [booking] = await db
    .select({
      id: bookings.id,
      listingId: bookings.listingId,
      guestId: bookings.guestId,
      hostId: bookings.hostId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking || !sideOf(booking, actor.id)) {
    throw new AppError("NOT_FOUND", "conversations.errors.bookingNotFound");
  }
  return (await bookingConversation(db, booking)).id;
}

/** A booking's conversation, made the first time it is needed (by either side, or by its request). */
async function bookingConversation(
  db: Database | DbTransaction,
  booking: { id: number; listingId: number; guestId: string; hostId: string },
): Promise<Row> {
  const [made] = await db
    .insert(conversations)
    .values({
      listingId: booking.listingId,
      bookingId: booking.id,
      guestId: booking.guestId,
      hostId: booking.hostId,
    })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const [existing] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.bookingId, booking.id));
  return existing!;
}

/**
 * A booking request's message, as the first message of the booking's conversation, inside the
 * transaction that makes the booking. The caller has checked that neither side blocked the other
 * (requireMayWrite), as for any message.
 */
export async function writeBookingMessage(
  tx: DbTransaction,
  booking: { id: number; listingId: number; guestId: string; hostId: string },
  body: string,
): Promise<void> {
  const conversation = await bookingConversation(tx, booking);
  await insertMessage(tx, conversation, booking.guestId, { body, image: null });
}

/**
 * Sends a message in a conversation the actor is part of, unless either of them blocked the
 * other. An attached image is checked and stored only once the sender may send.
 */
export async function sendMessage(
  actor: Actor | null,
  conversationId: number,
  input: unknown,
  imageData: Buffer | null = null,
): Promise<MessageView> {
  requireAllowed(actor, "conversation:list-own");
  await requireUnderWriteLimit("message", actor);
  // An image is counted on its own limit too, before it is decoded.
  if (imageData) await requireUnderWriteLimit("messageImage", actor);
  return postMessage(actor, conversationId, input, imageData);
}

/**
 * `sendMessage` without counting it on the message limit: the note a service writes in the
 * actor's name about a change that its own limit already counted (a quote sent, a job done).
 */
export async function postMessage(
  actor: Actor | null,
  conversationId: number,
  input: unknown,
  imageData: Buffer | null = null,
): Promise<MessageView> {
  requireAllowed(actor, "conversation:list-own");
  const db = await getDb();
  const { row, side } = await requireParticipant(db, actor, conversationId);
  const { body } = parsedOrRefused(
    messageInputSchema.safeParse(input),
    "conversations.errors.invalid",
  );
  if (!body && !imageData) {
    throw new AppError("VALIDATION_FAILED", "conversations.errors.body", {
      body: "conversations.errors.body",
    });
  }
  await requireMayWrite(db, actor.id, side === "guest" ? row.hostId : row.guestId);
  const image = imageData ? await storeMessageImage(imageData) : null;
  let message: typeof messages.$inferSelect;
  try {
    message = await db.transaction((tx) => insertMessage(tx, row, actor.id, { body, image }));
  } catch (error) {
    if (image) await deleteStoredImage(getMediaStorage(), image.storageKey);
    throw error;
  }
  await mailNewMessage(row, message);
  return messageView(message, actor.id);
}

/** The other side's messages after the actor's read mark, for each of the conversations. */
function unreadCount(actorId: string): SQL<number> {
  return sql<number>`(select count(*)::int from ${messages} m
    where m.conversation_id = ${conversations.id}
      and m.sender_id <> ${actorId}
      and m.id > case when ${conversations.guestId} = ${actorId}
        then ${conversations.guestReadId} else ${conversations.hostReadId} end)`;
}

function involving(actorId: string): SQL {
  return or(eq(conversations.guestId, actorId), eq(conversations.hostId, actorId))!;
}

/** Every unread message of the actor, across their conversations: the header's badge. */
export async function unreadTotal(actorId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(${unreadCount(actorId)}), 0)::int`,
    })
    .from(conversations)
    .where(involving(actorId));
  return row?.n ?? 0;
}

/** The summaries of the given conversations, in the order given, as the actor sees them. */
async function summaries(
  db: Database,
  actorId: string,
  rows: (Row & { unread: number })[],
): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const listingIds = [...new Set(rows.map((r) => r.listingId))];
  const otherIds = [...new Set(rows.map((r) => (r.guestId === actorId ? r.hostId : r.guestId)))];
  const [listingRows, coverRows, people, lastMessages] = await Promise.all([
    db
      .select({ id: listings.id, title: listings.title, category: listings.category })
      .from(listings)
      .where(inArray(listings.id, listingIds)),
    db
      .select({ listingId: listingImages.listingId, key: listingImages.storageKey })
      .from(listingImages)
      .where(and(inArray(listingImages.listingId, listingIds), eq(listingImages.position, 0))),
    db
      .select({ id: user.id, name: user.name, avatarUrl: user.avatarUrl })
      .from(user)
      .where(inArray(user.id, otherIds)),
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
    const side = sideOf(row, actorId)!;
    const otherId = side === "guest" ? row.hostId : row.guestId;
    const person = personOf.get(otherId) ?? { id: otherId, name: "", avatarUrl: null };
    const listing = listingOf.get(row.listingId)!;
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
      other: { id: person.id, name: person.name, avatarUrl: avatarSrc(person) },
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
    };
  });
}

/** The actor's conversations, latest first, with their unread counts and the total. */
export async function listConversations(
  actor: Actor | null,
  { page = 1 }: { page?: number } = {},
): Promise<Inbox> {
  requireAllowed(actor, "conversation:list-own");
  const db = await getDb();
  const [counted] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`coalesce(sum(${unreadCount(actor.id)}), 0)::int`,
    })
    .from(conversations)
    .where(involving(actor.id));
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({ row: conversations, unread: unreadCount(actor.id) })
    .from(conversations)
    .where(involving(actor.id))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((current - 1) * INBOX_PAGE_SIZE);
  return {
    conversations: await summaries(
      db,
      actor.id,
      rows.map((r) => ({ ...r.row, unread: r.unread })),
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
  const [summary] = await summaries(db, actor.id, [{ ...row, unread: 0 }]);
  const block = await blockBetween(db, actor.id, otherId);
  return {
    ...summary!,
    messages: shown.map((m) => messageView(m, actor.id)),
    hasEarlier,
    blockedByMe: block === "byMe",
    blockedMe: block === "byThem",
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

/** The listing a message form is about, and who lists it: public listings only. */
export async function contactTarget(listingId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      city: listings.city,
      userId: listings.userId,
      listerName: user.name,
      listerAvatar: user.avatarUrl,
      cover: sql<string | null>`(select ${listingImages.storageKey} from ${listingImages}
        where ${listingImages.listingId} = ${listings.id} order by ${listingImages.position} limit 1)`,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(eq(listings.id, listingId), eq(listings.status, "approved")));
  if (!row) throw new AppError("LISTING_NOT_FOUND", "conversations.errors.listing");
  return {
    listing: {
      id: row.id,
      title: row.title,
      city: row.city,
      imageUrl: row.cover ? mediaUrl(row.cover, "thumb") : null,
    },
    lister: {
      id: row.userId,
      name: row.listerName,
      avatarUrl: avatarSrc({ name: row.listerName, avatarUrl: row.listerAvatar }),
    },
  };
}
