import { desc, eq, sql } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { avatarSrc } from "../../auth/viewer.ts";
import { getDb, queryRows, type Database, type DbTransaction } from "../../db/client.server.ts";
import { supportChats, supportMessages } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { MESSAGES_PAGE_SIZE } from "../../lib/conversation-values.ts";
import type { MessageView } from "../../lib/schemas/conversations.ts";
import {
  supportMessageInputSchema,
  type SupportChat,
  type SupportChatSummary,
  type SupportChatThread,
  type SupportInbox,
} from "../../lib/schemas/support.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { mayUse, requireEntitlement, runningPerksSql } from "../premium/entitlements.server.ts";
import { mailSupportReply } from "./message-mail.server.ts";

/**
 * "Chat with support": each account's one conversation with the site's team, which any
 * administrator answers. Writing needs the plan's `support` entitlement (the spec's "Basic chat
 * support" and "Priority chat"); reading one's history does not, so a plan's end deletes nothing.
 * Priority is never stored: the team's inbox asks each account's running plan when it is read,
 * so a chat stops being priority the moment the plan ends.
 */

const INBOX_PAGE_SIZE = 20;

type MessageRow = typeof supportMessages.$inferSelect;

/** A support message in the conversations' shape, so the same bubbles show it. */
function supportMessageView(row: MessageRow, readerIsStaff: boolean): MessageView {
  return {
    id: row.id,
    senderId: row.senderId ?? "",
    mine: row.fromStaff === readerIsStaff,
    body: row.body,
    image: null,
    flagged: false,
    createdAt: row.createdAt.toISOString(),
  };
}

async function latestMessages(db: Database, chatId: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.chatId, chatId))
    .orderBy(desc(supportMessages.id))
    .limit(MESSAGES_PAGE_SIZE);
  return rows.reverse();
}

/** The team's messages the account has not seen, for the header's badge and the inbox's card. */
export async function supportUnread(accountId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({
      // Qualified by hand: inside the subquery a bare "id" would be the message's own.
      n: sql<number>`(select count(*)::int from ${supportMessages} m
        where m.chat_id = c.id and m.from_staff and m.id > c.user_read_id)`,
    })
    .from(sql`${supportChats} c`)
    .where(sql`c.user_id = ${accountId}`);
  return row?.n ?? 0;
}

/** Why the account may not write to support now (the refusal's sentence), or null: it may. */
async function supportRefusal(actor: Actor): Promise<string | null> {
  try {
    await requireEntitlement(actor, "support", "basic");
    return null;
  } catch (thrown) {
    if (thrown instanceof AppError) return createTranslator()(thrown.message, thrown.params);
    throw thrown;
  }
}

/** The account's own chat, its latest messages now read, and what its plan lets it do. */
export async function readOwnSupportChat(actor: Actor | null): Promise<SupportChat> {
  requireAllowed(actor, "support:chat");
  const db = await getDb();
  const [chat] = await db.select().from(supportChats).where(eq(supportChats.userId, actor.id));
  const [locked, priority] = await Promise.all([
    supportRefusal(actor),
    mayUse(actor, "support", "priority"),
  ]);
  const maySend = locked === null;
  if (!chat) return { id: null, messages: [], maySend, locked, priority };
  const rows = await latestMessages(db, chat.id);
  const latest = rows.at(-1);
  if (latest) {
    await db
      .update(supportChats)
      .set({ userReadId: sql`greatest(${supportChats.userReadId}, ${latest.id})` })
      .where(eq(supportChats.id, chat.id));
  }
  return {
    id: chat.id,
    messages: rows.map((row) => supportMessageView(row, false)),
    maySend,
    locked,
    priority,
  };
}

/** Adds a message to the chat and moves it up; its sender's side has read up to it. */
async function insertSupportMessage(
  tx: DbTransaction,
  chatId: number,
  sender: Actor,
  fromStaff: boolean,
  body: string,
): Promise<MessageRow> {
  const [message] = await tx
    .insert(supportMessages)
    .values({ chatId, senderId: sender.id, fromStaff, body })
    .returning();
  await tx
    .update(supportChats)
    .set({
      lastMessageAt: message!.createdAt,
      ...(fromStaff ? { staffReadId: message!.id } : { userReadId: message!.id }),
    })
    .where(eq(supportChats.id, chatId));
  return message!;
}

/**
 * Writes to the team: the chat is made on the first message. Counted on the message limit, like
 * any conversation's; refused (403, naming the plan that unlocks it) without chat support.
 */
export async function sendSupportMessage(
  actor: Actor | null,
  input: unknown,
): Promise<MessageView> {
  requireAllowed(actor, "support:chat");
  // Counted before the plan is asked, as every write is: refused attempts count too.
  await requireUnderWriteLimit("message", actor);
  await requireEntitlement(actor, "support", "basic");
  const { body } = parsedOrRefused(
    supportMessageInputSchema.safeParse(input),
    "conversations.errors.invalid",
  );
  const db = await getDb();
  const message = await db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(supportChats)
      .values({ userId: actor.id })
      .onConflictDoUpdate({ target: supportChats.userId, set: { userId: actor.id } })
      .returning({ id: supportChats.id });
    return insertSupportMessage(tx, chat!.id, actor, false, body);
  });
  return supportMessageView(message, false);
}

interface SummaryRow {
  id: number;
  user_id: string;
  name: string;
  email: string;
  avatar_url: string | null;
  priority: boolean;
  waiting_since: Date | string | null;
  waiting_minutes: number | null;
  last_body: string | null;
  last_from_staff: boolean | null;
  last_at: Date | string | null;
  unread: number;
  last_message_at: Date | string;
}

/**
 * Each chat with what the team needs to order it: whether the account's plan running now grants
 * priority chat, and since when its oldest unanswered message has waited.
 */
function summarySql(where: ReturnType<typeof sql>, page?: { limit: number; offset: number }) {
  return sql`
    with chat as (
      select c.*, u.name, u.email, u.avatar_url,
        coalesce(${runningPerksSql(sql`c.user_id`)}->>'support' = 'priority', false) as priority,
        (select min(m.created_at) from ${supportMessages} m
          where m.chat_id = c.id and not m.from_staff
            and m.id > coalesce((select max(a.id) from ${supportMessages} a
              where a.chat_id = c.id and a.from_staff), 0)) as waiting_since
      from ${supportChats} c join "user" u on u.id = c.user_id
      where ${where}
    )
    select chat.id, chat.user_id, chat.name, chat.email, chat.avatar_url, chat.priority,
      chat.waiting_since, chat.last_message_at,
      floor(extract(epoch from now() - chat.waiting_since) / 60)::int as waiting_minutes,
      last.body as last_body, last.from_staff as last_from_staff, last.created_at as last_at,
      (select count(*)::int from ${supportMessages} m
        where m.chat_id = chat.id and not m.from_staff and m.id > chat.staff_read_id) as unread
    from chat
      left join lateral (select body, from_staff, created_at from ${supportMessages} m
        where m.chat_id = chat.id order by m.id desc limit 1) last on true
    order by chat.priority desc, chat.waiting_since asc nulls last,
      chat.last_message_at desc, chat.id desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function toSummary(row: SummaryRow): SupportChatSummary {
  return {
    id: Number(row.id),
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      avatarUrl: avatarSrc({ name: row.name, avatarUrl: row.avatar_url }),
    },
    priority: row.priority,
    waitingMinutes:
      row.waiting_since === null ? null : Math.max(0, Number(row.waiting_minutes ?? 0)),
    lastMessage:
      row.last_body === null || row.last_at === null
        ? null
        : {
            body: row.last_body,
            fromStaff: row.last_from_staff === true,
            createdAt: iso(row.last_at),
          },
    unread: Number(row.unread),
    lastMessageAt: iso(row.last_message_at),
  };
}

/** The team's inbox: priority chats first, then the longest waiting, then the latest. */
export async function listSupportChats(
  actor: Actor | null,
  { page = 1 }: { page?: number } = {},
): Promise<SupportInbox> {
  requireAllowed(actor, "support:answer");
  const db = await getDb();
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(supportChats);
  const pageCount = Math.max(1, Math.ceil((counted?.total ?? 0) / INBOX_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await queryRows<SummaryRow>(
    db,
    summarySql(sql`true`, { limit: INBOX_PAGE_SIZE, offset: (current - 1) * INBOX_PAGE_SIZE }),
  );
  return { chats: rows.map(toSummary), page: current, pageCount };
}

async function requireChat(db: Database, raw: unknown): Promise<SupportChatSummary> {
  const id = requireId(raw, "conversation");
  const [row] = await queryRows<SummaryRow>(db, summarySql(sql`c.id = ${id}`));
  if (!row) throw notFound("conversation");
  return toSummary(row);
}

/** One chat as the team reads it: opening it marks the account's messages read by the team. */
export async function readSupportChat(
  actor: Actor | null,
  chatId: unknown,
): Promise<SupportChatThread> {
  requireAllowed(actor, "support:answer");
  const db = await getDb();
  const summary = await requireChat(db, chatId);
  const rows = await latestMessages(db, summary.id);
  const latest = rows.at(-1);
  if (latest) {
    await db
      .update(supportChats)
      .set({ staffReadId: sql`greatest(${supportChats.staffReadId}, ${latest.id})` })
      .where(eq(supportChats.id, summary.id));
  }
  return { ...summary, unread: 0, messages: rows.map((row) => supportMessageView(row, true)) };
}

/**
 * The team's answer in a chat. Not limited, like the administrator's other tools: the one
 * trusted account answers as many people as are waiting.
 */
export async function replyToSupportChat(
  actor: Actor | null,
  chatId: unknown,
  input: unknown,
): Promise<MessageView> {
  requireAllowed(actor, "support:answer");
  const db = await getDb();
  const summary = await requireChat(db, chatId);
  const { body } = parsedOrRefused(
    supportMessageInputSchema.safeParse(input),
    "conversations.errors.invalid",
  );
  const [chat] = await db
    .select({ userId: supportChats.userId, userReadId: supportChats.userReadId })
    .from(supportChats)
    .where(eq(supportChats.id, summary.id));
  const message = await db.transaction((tx) =>
    insertSupportMessage(tx, summary.id, actor, true, body),
  );
  if (chat) {
    await mailSupportReply({ id: summary.id, ...chat, replyId: message.id, body: message.body });
  }
  return supportMessageView(message, true);
}
