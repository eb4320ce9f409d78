import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { contactMessages } from "../../db/schema/index.ts";
import { contactReplyEmail } from "../../email/templates.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  INBOX_PAGE_SIZE,
  messageReplySchema,
  type InboxFilter,
  type InboxMessage,
  type InboxPage,
} from "../../lib/schemas/platform-settings.ts";
import { fieldErrorsOf } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { getPublicSettings } from "../content/settings.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * The contact form's inbox, for the administrator: the messages newest first, read and unread,
 * and a reply by e-mail to the sender. Every function asks the permission table first.
 */

const COLUMNS = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  reason: contactMessages.reason,
  subject: contactMessages.subject,
  message: contactMessages.message,
  userId: contactMessages.userId,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  repliedAt: contactMessages.repliedAt,
};

type Row = Pick<typeof contactMessages.$inferSelect, keyof typeof COLUMNS>;

function shaped(row: Row): InboxMessage {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/** Unread messages in the whole inbox (the overview's figure too). */
export async function countUnreadMessages(actor: Actor | null): Promise<number> {
  requireAllowed(actor, "contact:manage");
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(isNull(contactMessages.readAt));
  return Number(row?.n ?? 0);
}

/**
 * A page of the inbox, newest first; `unread` keeps only those nobody opened. A page past the
 * end is answered with the last one.
 */
export async function listMessages({
  actor,
  filter = "all",
  page = 1,
}: {
  actor: Actor | null;
  filter?: InboxFilter;
  page?: number;
}): Promise<InboxPage> {
  requireAllowed(actor, "contact:manage");
  const db = await getDb();
  const where = filter === "unread" ? isNull(contactMessages.readAt) : undefined;
  const [totals] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) FILTER (WHERE ${contactMessages.readAt} IS NULL)`.mapWith(
        Number,
      ),
    })
    .from(contactMessages);
  const total = filter === "unread" ? Number(totals?.unread ?? 0) : Number(totals?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select(COLUMNS)
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((current - 1) * INBOX_PAGE_SIZE);
  return {
    messages: rows.map(shaped),
    filter,
    page: current,
    pageCount,
    total,
    unread: Number(totals?.unread ?? 0),
  };
}

/** One message, opened: it counts as read from now on (unless `markRead` is false). */
export async function openMessage({
  actor,
  messageId: rawId,
  markRead = true,
}: {
  actor: Actor | null;
  messageId: unknown;
  markRead?: boolean;
}): Promise<InboxMessage> {
  requireAllowed(actor, "contact:manage");
  const id = requireId(rawId, "contactMessage");
  const db = await getDb();
  if (markRead) {
    const [row] = await db
      .update(contactMessages)
      .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
      .where(eq(contactMessages.id, id))
      .returning(COLUMNS);
    if (!row) throw notFound("contactMessage");
    return shaped(row);
  }
  const [row] = await db.select(COLUMNS).from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound("contactMessage");
  return shaped(row);
}

/** Marks a message read or unread again. */
export async function setMessageRead({
  actor,
  messageId: rawId,
  read,
}: {
  actor: Actor | null;
  messageId: unknown;
  read: boolean;
}): Promise<InboxMessage> {
  requireAllowed(actor, "contact:manage");
  const id = requireId(rawId, "contactMessage");
  const db = await getDb();
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning(COLUMNS);
  if (!row) throw notFound("contactMessage");
  return shaped(row);
}

/**
 * E-mails the administrator's reply to the message's sender, quoting the message; answers to it
 * go to the support address. Only once the mail server took it, the message is marked replied
 * (and read) with its audit entry (message.reply) in one transaction. A mail server that refuses
 * is a SERVICE_UNAVAILABLE and changes nothing.
 */
export async function replyToMessage({
  actor,
  messageId: rawId,
  input,
}: {
  actor: Actor | null;
  messageId: unknown;
  input: unknown;
}): Promise<InboxMessage> {
  requireAllowed(actor, "contact:manage");
  const id = requireId(rawId, "contactMessage");
  const parsed = messageReplySchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw new AppError("VALIDATION_FAILED", Object.values(errors)[0]!, errors);
  }
  const db = await getDb();
  const [message] = await db
    .select(COLUMNS)
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  if (!message) throw notFound("contactMessage");
  const { supportEmail, siteName } = await getPublicSettings();
  try {
    await getMailer().send(
      contactReplyEmail({
        to: message.email,
        subject: parsed.data.subject,
        body: parsed.data.body,
        original: { ...message, sentAt: message.createdAt },
        replyTo: { name: siteName, address: supportEmail },
      }),
    );
  } catch (error) {
    logger.error({ err: error }, `The reply to contact message #${id} was not sent:`);
    throw new AppError("SERVICE_UNAVAILABLE", "dashboard.messages.replyFailedDescription");
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({
        repliedAt: sql`now()`,
        readAt: sql`coalesce(${contactMessages.readAt}, now())`,
      })
      .where(eq(contactMessages.id, id))
      .returning(COLUMNS);
    if (!row) throw notFound("contactMessage");
    await recordAudit(tx, actor.id, {
      action: "message.reply",
      targetType: "message",
      targetId: id,
      detail: { to: message.email, subject: parsed.data.subject },
    });
    return shaped(row);
  });
}
