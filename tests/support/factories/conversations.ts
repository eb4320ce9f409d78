import { eq } from "drizzle-orm";
import { getDb } from "../../../app/db/client.server.ts";
import { conversations, listings, messages } from "../../../app/db/schema/index.ts";

/**
 * Conversations and their messages written straight to the database, for tests about something
 * else than writing to a lister: no block or write-limit check, no flagging, no e-mail. They need
 * a started test app (startTestApp) for its database.
 */

type MessageInsert = typeof messages.$inferInsert;

export interface MakeConversationOptions {
  listing: { id: number };
  /** The person writing to the listing's lister (the guest or client). */
  guest: { id: string };
  /** The booking it belongs to; without one it is the guest's question about the listing. */
  booking?: { id: number };
  /** In order, each with its sender. */
  messages?: (Partial<Omit<MessageInsert, "conversationId" | "senderId">> & {
    from: { id: string };
  })[];
}

export interface MadeConversation {
  id: number;
  /** The messages' ids, in the order given. */
  messageIds: number[];
}

/** A conversation between the guest and the listing's lister, with its messages unread. */
export async function makeConversation(
  options: MakeConversationOptions,
): Promise<MadeConversation> {
  const db = await getDb();
  const [listing] = await db
    .select({ ownerId: listings.userId })
    .from(listings)
    .where(eq(listings.id, options.listing.id));
  if (!listing) throw new Error(`No listing ${options.listing.id}`);
  const [conversation] = await db
    .insert(conversations)
    .values({
      listingId: options.listing.id,
      bookingId: options.booking?.id ?? null,
      guestId: options.guest.id,
      hostId: listing.ownerId,
    })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("The conversation was not inserted");
  const written = options.messages?.length
    ? await db
        .insert(messages)
        .values(
          options.messages.map(({ from, ...message }) => ({
            conversationId: conversation.id,
            senderId: from.id,
            ...message,
          })),
        )
        .returning({ id: messages.id })
    : [];
  return { id: conversation.id, messageIds: written.map((m) => m.id) };
}
