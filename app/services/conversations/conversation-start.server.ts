import { and, eq, sql } from "drizzle-orm";
import { avatarSrc } from "../../auth/viewer.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { bookings, conversations, listingImages, listings, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { can } from "../../lib/permissions.ts";
import { startConversationSchema, type MessageView } from "../../lib/schemas/conversations.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { mediaUrl } from "../media/images.server.ts";
import { requireMayWrite } from "../safety/blocks.server.ts";
import { runningAgencyOwner } from "../teams/team-rights.server.ts";
import { messageView, sideOf, type Row } from "./conversation-parties.server.ts";
import { mailNewMessage } from "./message-mail.server.ts";
import { insertMessage } from "./messages.server.ts";
import { isPublicListing, publicListingWhere } from "../../auth/standing.server.ts";

/**
 * Starting conversations: a person's questions about a listing, and each booking's own
 * conversation between its guest and its host.
 */

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
    .where(and(eq(listings.id, listingId), publicListingWhere()));
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

/** The listing a person may start a conversation about: public, and not their own. */
async function requireContactableListing(
  db: Database | DbTransaction,
  actor: Actor,
  listingId: number,
) {
  const [listing] = await db
    .select({ id: listings.id, userId: listings.userId, public: isPublicListing() })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing || !listing.public) {
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
 * The conversation of a booking, made when either of its two people (or the owner of the
 * listing's running agency, who answers for its host) first opens it: each booking has its own,
 * between its guest and its host.
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
      agencyId: listings.agencyId,
    })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(eq(bookings.id, bookingId));
  const answers =
    booking &&
    (sideOf(booking, actor.id) !== null ||
      can(actor, "conversation:answer-team", {
        agencyOwnerId: await runningAgencyOwner(booking.agencyId, new Date(), db),
      }));
  if (!answers) throw new AppError("NOT_FOUND", "conversations.errors.bookingNotFound");
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
