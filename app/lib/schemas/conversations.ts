import { z } from "zod";
import { MAX_MESSAGE_BODY } from "../conversation-values.ts";
import { idSchema } from "./id.ts";
import { isStorableText } from "./text.ts";

/**
 * The conversations contract: starting a conversation about a listing, sending a message, and
 * what an inbox and a conversation look like. Forms and the JSON API parse the same schemas; their
 * messages are i18n keys of `conversations.errors`.
 */

const E = {
  body: "conversations.errors.body",
  bodyLong: "conversations.errors.bodyTooLong",
  text: "conversations.errors.text",
  listing: "conversations.errors.listing",
  after: "conversations.errors.after",
} as const;

/** A message's text as typed: line breaks kept, surrounding white space dropped. */
const messageText = z
  .string({ error: E.body })
  .trim()
  .max(MAX_MESSAGE_BODY, E.bodyLong)
  .refine(isStorableText, E.text);

/** The first message of a conversation about a listing: text is required. */
export const startConversationSchema = z.object({
  listingId: idSchema.meta({ description: "The listing asked about." }),
  body: messageText.pipe(z.string().min(1, E.body)),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

/** A reply: text, an image (sent as a file beside it), or both. */
export const messageInputSchema = z.object({
  body: messageText.default(""),
});

/** Polling for what is new: messages after the last one the page shows. */
export const messagesAfterSchema = z.object({
  after: z.coerce.number({ error: E.after }).int(E.after).min(0, E.after).default(0),
});

export const inboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  verified: z.boolean().meta({
    description: "Their identity documents were checked and the approval holds (issue 28).",
  }),
  businessVerified: z.boolean().meta({ description: "Their business credentials were checked." }),
});

export const messageViewSchema = z.object({
  id: z.int(),
  senderId: z.string(),
  mine: z.boolean(),
  body: z.string().meta({ description: "Plain text, shown as text (never as markup)." }),
  image: z
    .object({ url: z.string(), fullUrl: z.string(), width: z.int(), height: z.int() })
    .nullable(),
  /** Shown to the other person as a calm warning; the sender sees their message as sent. */
  flagged: z.boolean(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const conversationSummarySchema = z.object({
  id: z.int(),
  /** Which side the caller is on: the person asking (guest or client) or the lister. */
  side: z.enum(["guest", "host"]),
  listing: z.object({
    id: z.int(),
    title: z.string(),
    category: z.string(),
    imageUrl: z.string().nullable(),
  }),
  bookingId: z.int().nullable(),
  other: personSchema,
  lastMessage: z
    .object({ body: z.string(), hasImage: z.boolean(), mine: z.boolean(), createdAt: z.string() })
    .nullable(),
  unread: z.int(),
  lastMessageAt: z.string(),
  /**
   * For the owner of the running agency the listing is under: the person who answers it on the
   * host's side (a member, or the owner). Null for everybody else and for a paused team.
   */
  team: z
    .object({ memberId: z.string(), memberName: z.string() })
    .nullable()
    .meta({ description: "The agency's member who answers it (shown to the agency's owner)." }),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const inboxSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  totalUnread: z.int(),
  page: z.int(),
  pageCount: z.int(),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const conversationViewSchema = conversationSummarySchema.extend({
  messages: z.array(messageViewSchema),
  /** Earlier messages exist before the first one here. */
  hasEarlier: z.boolean(),
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  /** The other party's account is suspended or banned: it cannot be written to for now. */
  otherSuspended: z.boolean(),
});
export type ConversationView = z.infer<typeof conversationViewSchema>;

export const newMessagesSchema = z.object({
  messages: z.array(messageViewSchema),
  unread: z.int(),
});
export type NewMessages = z.infer<typeof newMessagesSchema>;

export const startedConversationSchema = z.object({
  conversationId: z.int(),
  message: messageViewSchema,
});

export const conversationIdParam = idSchema;
