import { and, eq, sql } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import { getDb } from "../../db/client.server.ts";
import { conversations, listings, supportMessages, user } from "../../db/schema/index.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { layout } from "../../email/templates.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { MESSAGE_MAIL_INTERVAL_MINUTES } from "../../lib/conversation-values.ts";
import { logger } from "../../lib/logger.server.ts";

const t = createTranslator();

interface SentMessage {
  id: number;
  senderId: string;
  body: string;
  flagged: boolean;
}

/**
 * Tells the other person about a new message by e-mail, at most once per conversation in
 * MESSAGE_MAIL_INTERVAL_MINUTES, unless they turned these e-mails off. The claim on the
 * conversation's mailed-at column is one statement, so two messages sent at once mail once. The
 * message is already stored: a failed e-mail is logged, never thrown.
 */
export async function mailNewMessage(
  conversation: { id: number; guestId: string; hostId: string; listingId: number },
  message: SentMessage,
): Promise<boolean> {
  const toGuest = message.senderId === conversation.hostId;
  const recipientId = toGuest ? conversation.guestId : conversation.hostId;
  const mailedAt = toGuest ? conversations.guestMailedAt : conversations.hostMailedAt;
  const db = await getDb();
  const claimed = await db
    .update(conversations)
    .set(toGuest ? { guestMailedAt: sql`now()` } : { hostMailedAt: sql`now()` })
    .where(
      and(
        eq(conversations.id, conversation.id),
        sql`(${mailedAt} IS NULL OR ${mailedAt} < now() - make_interval(mins => ${MESSAGE_MAIL_INTERVAL_MINUTES}))`,
        sql`exists (select 1 from ${user} where ${user.id} = ${recipientId} and ${user.messageEmails})`,
      ),
    )
    .returning({ id: conversations.id });
  if (claimed.length === 0) return false;
  const [details] = await db
    .select({
      to: user.email,
      name: user.name,
      title: listings.title,
      sender: sql<string>`(select ${user.name} from ${user} where ${user.id} = ${message.senderId})`,
    })
    .from(user)
    .innerJoin(listings, eq(listings.id, conversation.listingId))
    .where(eq(user.id, recipientId));
  if (!details) return false;
  const url = `${getConfig().appUrl}/dashboard/inbox/${conversation.id}`;
  const mail = layout({
    to: details.to,
    subject: t("conversations.mail.subject", { name: details.sender, title: details.title }),
    greeting: t("email.hello", { name: details.name }),
    lines: [t("conversations.mail.intro", { name: details.sender, title: details.title })],
    // A message the payment rule flagged is not repeated outside the site, where no warning shows.
    quote: message.flagged || !message.body ? undefined : message.body,
    action: { label: t("conversations.mail.action"), url },
    footer: t("conversations.mail.footer"),
  });
  try {
    await getMailer().send(mail);
    return true;
  } catch (error) {
    logger.error({ err: error }, `Conversation #${conversation.id}: the new-message e-mail failed`);
    return false;
  }
}

/**
 * Tells the account that the team answered its support chat, unless it turned message e-mails
 * off. One e-mail per unread answer run: when an earlier answer is still unread, the account was
 * already told, so a team writing in several messages mails once. A failed e-mail is logged.
 */
export async function mailSupportReply(chat: {
  id: number;
  userId: string;
  userReadId: number;
  replyId: number;
  body: string;
}): Promise<boolean> {
  const db = await getDb();
  const [details] = await db
    .select({
      to: user.email,
      name: user.name,
      told: sql<boolean>`exists (select 1 from ${supportMessages} m
        where m.chat_id = ${chat.id} and m.from_staff
          and m.id > ${chat.userReadId} and m.id < ${chat.replyId})`,
    })
    .from(user)
    .where(and(eq(user.id, chat.userId), eq(user.messageEmails, true)));
  if (!details || details.told) return false;
  const mail = layout({
    to: details.to,
    subject: t("conversations.support.mail.subject"),
    greeting: t("email.hello", { name: details.name }),
    lines: [t("conversations.support.mail.intro")],
    quote: chat.body,
    action: {
      label: t("conversations.support.mail.action"),
      url: `${getConfig().appUrl}/dashboard/support`,
    },
    footer: t("conversations.support.mail.footer"),
  });
  try {
    await getMailer().send(mail);
    return true;
  } catch (error) {
    logger.error({ err: error }, `Support chat #${chat.id}: the answer's e-mail failed`);
    return false;
  }
}
