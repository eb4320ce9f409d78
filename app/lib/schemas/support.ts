import { z } from "zod";
import { MAX_MESSAGE_BODY } from "../conversation-values.ts";
import { messageViewSchema } from "./conversations.ts";
import { isStorableText } from "./text.ts";

/**
 * "Chat with support": an account's conversation with the site's team, and the team's inbox of
 * them. Forms and the JSON API parse the same schemas; their messages are i18n keys of
 * `conversations.errors`.
 */

/** A support message: text only, required, as typed (surrounding white space dropped). */
export const supportMessageInputSchema = z.object({
  body: z
    .string({ error: "conversations.errors.body" })
    .trim()
    .min(1, "conversations.errors.body")
    .max(MAX_MESSAGE_BODY, "conversations.errors.bodyTooLong")
    .refine(isStorableText, "conversations.errors.text")
    .meta({ description: `The message, 1 to ${MAX_MESSAGE_BODY} characters.` }),
});
export type SupportMessageInput = z.infer<typeof supportMessageInputSchema>;

export const supportInboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** The account's own chat: its messages (the team's are not "mine"), and whether they may write. */
export const supportChatSchema = z.object({
  id: z.int().nullable().meta({ description: "Null until the account's first message." }),
  messages: z.array(messageViewSchema),
  /** The plan grants chat support now; without it the history stays readable. */
  maySend: z.boolean(),
  /** Why not, when it may not: the plan refusal's sentence, naming the plan that unlocks it. */
  locked: z.string().nullable(),
  /** The plan grants priority chat now: the team answers it first. */
  priority: z.boolean(),
});
export type SupportChat = z.infer<typeof supportChatSchema>;

const supportPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string(),
});

export const supportChatSummarySchema = z.object({
  id: z.int(),
  user: supportPersonSchema,
  /** The account's plan grants priority chat at the time of reading. */
  priority: z.boolean(),
  /** Minutes since the oldest message of the account's that no one answered; null: answered. */
  waitingMinutes: z.int().nullable(),
  lastMessage: z
    .object({ body: z.string(), fromStaff: z.boolean(), createdAt: z.string() })
    .nullable(),
  /** The account's messages no administrator has opened yet. */
  unread: z.int(),
  lastMessageAt: z.string(),
});
export type SupportChatSummary = z.infer<typeof supportChatSummarySchema>;

export const supportInboxSchema = z.object({
  chats: z.array(supportChatSummarySchema),
  page: z.int(),
  pageCount: z.int(),
});
export type SupportInbox = z.infer<typeof supportInboxSchema>;

/** A chat as the team reads it: the summary and its latest messages (the team's are "mine"). */
export const supportChatThreadSchema = supportChatSummarySchema.extend({
  messages: z.array(messageViewSchema),
});
export type SupportChatThread = z.infer<typeof supportChatThreadSchema>;
