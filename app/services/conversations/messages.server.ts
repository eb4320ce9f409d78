import { eq } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, type DbTransaction } from "../../db/client.server.ts";
import { conversations, messages } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { paymentRuleReasons } from "../../lib/payment-rule.ts";
import { messageInputSchema, type MessageView } from "../../lib/schemas/conversations.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { deleteStoredImage } from "../media/images.server.ts";
import { requireMayWrite } from "../safety/blocks.server.ts";
import { fileFlaggedMessageReport } from "../safety/reports.server.ts";
import {
  messageView,
  requireParticipant,
  sideOf,
  type Row,
} from "./conversation-parties.server.ts";
import { storeMessageImage, type MessageImage } from "./message-image.server.ts";
import { mailNewMessage } from "./message-mail.server.ts";

/** Messages in a conversation: sent by a person, or written by a service in their name. */

interface NewMessage {
  body: string;
  image: MessageImage | null;
}

/**
 * Adds a message in the transaction: the payment rule flags it (and files the report the
 * administrators see), the conversation moves to the top of both inboxes, and the sender has
 * read everything up to their own message.
 */
export async function insertMessage(
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
