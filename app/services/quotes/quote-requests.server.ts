import { and, asc, eq, inArray } from "drizzle-orm";
import { avatarSrc } from "../../auth/viewer.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb } from "../../db/client.server.ts";
import { conversations, listings, quoteRequests, quotes, user } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import type { MessageScope } from "../../i18n/translator.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay } from "../../lib/booking-values.ts";
import { formatDay } from "../../lib/format-day.ts";
import {
  quoteRequestBodySchema,
  type ConversationQuotes,
  type QuoteRequestView,
  type QuoteThread,
} from "../../lib/schemas/quotes.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { startConversation } from "../conversations/conversation-start.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import {
  fieldsOf,
  jobViews,
  maySendQuote,
  quoteView,
  requestView,
  requireNotPast,
  selectJobs,
  selectRequests,
} from "./quote-parts.server.ts";
import { isPublicListing, publicListingWhere } from "../../auth/standing.server.ts";

/**
 * Quote requests: the service a request is for, a client's request, and a conversation's requests
 * with their quotes and jobs, as its page shows them.
 */

const t = createTranslator();

/**
 * The service a quote request page is for: an approved listing in the professionals' category,
 * with who offers it. Any other listing has no quote form (404).
 */
export async function quoteTarget(rawListingId: unknown) {
  const listingId = requireId(rawListingId, "listing");
  const db = await getDb();
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      category: listings.category,
      userId: listings.userId,
      name: user.name,
      avatarUrl: user.avatarUrl,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(eq(listings.id, listingId), publicListingWhere()));
  if (!row) throw new AppError("LISTING_NOT_FOUND", "quotes.errors.listing");
  if (row.category !== "professionals") {
    throw new AppError("LISTING_NOT_FOUND", "quotes.errors.notProfessional");
  }
  return {
    listing: { id: row.id, title: row.title },
    professional: { id: row.userId, name: row.name, avatarUrl: avatarSrc(row) },
  };
}

/**
 * A client asks a professional for a quote on their service. The request is told in the
 * conversation about the service (started, or continued when they talked before), so the
 * professional reads it in their Client Inquiries and gets the e-mail; then it is stored, tied to
 * that conversation.
 */
export async function requestQuote(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<{ conversationId: number; request: QuoteRequestView }> {
  requireAllowed(actor, "quote:request");
  await requireUnderWriteLimit("quoteRequest", actor);
  const fields = fieldsOf(input);
  const listingId = requireId(fields.listingId, "listing");
  const db = await getDb();
  const [listing] = await db
    .select({
      userId: listings.userId,
      public: isPublicListing(),
      category: listings.category,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing || !listing.public) {
    throw new AppError("LISTING_NOT_FOUND", "quotes.errors.listing");
  }
  if (listing.category !== "professionals") {
    throw new AppError("CONFLICT", "quotes.errors.notProfessional");
  }
  if (listing.userId === actor.id) throw new AppError("CONFLICT", "quotes.errors.ownListing");
  const asked = parsedOrRefused(quoteRequestBodySchema.safeParse(fields), "quotes.errors.invalid");
  requireNotPast(asked.neededBy, now, "neededBy", "quotes.errors.neededByPast");

  const { conversationId } = await startConversation(actor, {
    listingId,
    body: t("quotes.messages.request", {
      need: asked.need,
      place: asked.place,
      date: formatDay(asked.neededBy),
    }),
  });
  const [saved] = await db
    .insert(quoteRequests)
    .values({
      conversationId,
      listingId,
      clientId: actor.id,
      professionalId: listing.userId,
      need: asked.need,
      place: asked.place,
      neededBy: asked.neededBy,
    })
    .returning({ id: quoteRequests.id });
  const [row] = await selectRequests(db, eq(quoteRequests.id, saved!.id));
  return { conversationId, request: requestView(row!) };
}

/**
 * The quotes of a conversation for its page: each request with its quotes and its job. Only the
 * conversation's two people read them.
 */
export async function conversationQuotes(
  actor: Actor | null,
  rawConversationId: unknown,
  now = new Date(),
): Promise<ConversationQuotes> {
  requireAllowed(actor, "conversation:list-own");
  const conversationId = requireId(rawConversationId, "conversation");
  const db = await getDb();
  const [conversation] = await db
    .select({ guestId: conversations.guestId, hostId: conversations.hostId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conversation || (conversation.guestId !== actor.id && conversation.hostId !== actor.id)) {
    throw new AppError("NOT_FOUND", "quotes.errors.conversationNotFound");
  }
  const requestRows = await selectRequests(
    db,
    eq(quoteRequests.conversationId, conversationId),
  ).orderBy(asc(quoteRequests.createdAt), asc(quoteRequests.id));
  const requestIds = requestRows.map((r) => r.request.id);
  const [quoteRows, jobRows] =
    requestIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(quotes)
            .where(inArray(quotes.requestId, requestIds))
            .orderBy(asc(quotes.createdAt), asc(quotes.id)),
          selectJobs(db, inArray(quoteRequests.id, requestIds)),
        ]);
  const jobOf = new Map((await jobViews(db, jobRows, actor.id)).map((job) => [job.requestId, job]));
  const side = conversation.guestId === actor.id ? "client" : "professional";
  const today = isoDay(now);
  const requests: QuoteThread[] = requestRows.map((row) => {
    const own = quoteRows.filter((q) => q.requestId === row.request.id);
    return {
      request: requestView(row),
      quotes: own.map((q) => quoteView(q, now)),
      job: jobOf.get(row.request.id) ?? null,
      may: { quote: maySendQuote(actor, side, row.request.professionalId, own, today) },
    };
  });
  return { conversationId, side, requests };
}

/**
 * What the conversation page needs for its quote panel: the quotes, today as the server counts
 * days (the date fields' first day), and the texts to pick (none when nothing was requested).
 */
export async function conversationQuotePanel(
  actor: Actor | null,
  conversationId: unknown,
  now = new Date(),
): Promise<{ quotes: ConversationQuotes; today: string; scopes: MessageScope[] }> {
  const quotes = await conversationQuotes(actor, conversationId, now);
  const reviewing = quotes.requests.some(
    (r) => r.job?.status === "completed" && r.job.side === "client" && !r.job.reviewed,
  );
  const scopes: MessageScope[] =
    quotes.requests.length === 0
      ? []
      : [
          "quotes.panel",
          "quotes.statuses",
          "quotes.jobStatuses",
          "quotes.amount",
          "payments.jobs",
          // Refund statuses read as the bookings' do.
          "payments.bookings",
          ...(reviewing ? (["reviews.form"] as const) : []),
        ];
  return { quotes, today: isoDay(now), scopes };
}
