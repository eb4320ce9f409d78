import { and, eq, inArray, sql } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, type Executor } from "../../db/client.server.ts";
import { jobs, quoteRequests, quotes } from "../../db/schema/index.ts";
import { createTranslator, type MessageKey } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay } from "../../lib/booking-values.ts";
import type { QuoteStatus } from "../../lib/conversation-values.ts";
import { formatDay } from "../../lib/format-day.ts";
import {
  answerQuoteSchema,
  sendQuoteSchema,
  type AnsweredQuote,
  type QuoteView,
} from "../../lib/schemas/quotes.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, requireSignedIn, type Actor } from "../core/actor.server.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { requireId } from "../core/ids.server.ts";
import { blockBetween } from "../safety/blocks.server.ts";
import {
  fieldsOf,
  jobById,
  money,
  notify,
  quoteView,
  requireNotPast,
  sideOf,
  standingRefusal,
  type Side,
} from "./quote-parts.server.ts";
import { requireReachable } from "../../auth/standing.server.ts";

/**
 * Quotes on a request: the professional sends or withdraws one, the client accepts (making the
 * job) or declines it.
 */

const t = createTranslator();

/** The request, when the actor is its client or professional; anybody else: not found. */
async function requireRequestParty(db: Executor, actor: Actor, requestId: number) {
  const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
  const side = request ? sideOf(request, actor.id) : null;
  if (!request || !side) throw new AppError("NOT_FOUND", "quotes.errors.requestNotFound");
  return { request, side };
}

/** The quote with its request, when the actor is one of the two; anybody else: not found. */
async function requireQuoteParty(db: Executor, actor: Actor, quoteId: number) {
  const [row] = await db
    .select({ quote: quotes, request: quoteRequests })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .where(eq(quotes.id, quoteId));
  const side = row ? sideOf(row.request, actor.id) : null;
  if (!row || !side) throw new AppError("NOT_FOUND", "quotes.errors.quoteNotFound");
  return { ...row, side };
}

/** Only the professional asked sends and withdraws quotes, while they may publish services. */
function requireProfessional(actor: Actor, side: Side, professionalId: string) {
  if (side !== "professional") throw new AppError("FORBIDDEN", "quotes.errors.onlyProfessional");
  requireAllowed(actor, "quote:send", { ownerId: professionalId });
}

/** Why a quote that is no longer `sent` cannot be answered or withdrawn. */
function notOpenRefusal(status: QuoteStatus): AppError {
  const message: Record<Exclude<QuoteStatus, "sent">, MessageKey> = {
    accepted: "quotes.errors.quoteWasAccepted",
    declined: "quotes.errors.quoteWasDeclined",
    withdrawn: "quotes.errors.quoteWasWithdrawn",
  };
  return new AppError("CONFLICT", status === "sent" ? "quotes.errors.invalid" : message[status]);
}

/**
 * The professional's quote on a request. A request has one quote standing at a time: a new one
 * is refused while the last is waiting for an answer or was accepted. A declined or withdrawn
 * quote leaves room for a new one, and so does one that expired unanswered (it is withdrawn in
 * the same transaction, since nobody can accept it any more).
 */
export async function sendQuote(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<QuoteView> {
  requireSignedIn(actor);
  await requireUnderWriteLimit("quote", actor);
  const fields = fieldsOf(input);
  const requestId = requireId(fields.requestId, "request");
  const db = await getDb();
  const { request, side } = await requireRequestParty(db, actor, requestId);
  requireProfessional(actor, side, request.professionalId);
  const quote = parsedOrRefused(sendQuoteSchema.safeParse(fields), "quotes.errors.invalid");
  requireNotPast(quote.validUntil, now, "validUntil", "quotes.errors.validUntilPast");
  // Checked before the quote is stored: its message must reach the client.
  await requireReachable(db, request.clientId);
  const block = await blockBetween(db, actor.id, request.clientId);
  if (block) {
    throw new AppError(
      "CONFLICT",
      block === "byMe" ? "quotes.errors.youBlocked" : "quotes.errors.blockedYou",
    );
  }

  const today = isoDay(now);
  let saved: typeof quotes.$inferSelect;
  try {
    saved = await db.transaction(async (tx) => {
      // One quote at a time per request: a second send waits here for the first to commit.
      await tx
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, request.id))
        .for("update");
      const open = await tx
        .select()
        .from(quotes)
        .where(and(eq(quotes.requestId, request.id), inArray(quotes.status, ["sent", "accepted"])));
      const refusal = standingRefusal(open, today);
      if (refusal) throw refusal;
      // What is left open has expired unanswered.
      for (const standing of open) {
        await tx
          .update(quotes)
          .set({ status: "withdrawn", answeredAt: now })
          .where(eq(quotes.id, standing.id));
      }
      const [inserted] = await tx
        .insert(quotes)
        .values({
          requestId: request.id,
          amountUsdCents: Math.round(quote.amount * 100),
          covers: quote.covers,
          validUntil: quote.validUntil,
          createdAt: now,
        })
        .returning();
      return inserted!;
    });
  } catch (error) {
    // The partial unique index is the last word on "one standing quote per request".
    if (constraintOf(error) === "quotes_one_open_per_request") {
      throw new AppError("CONFLICT", "quotes.errors.quoteStanding");
    }
    throw error;
  }
  await notify(
    actor,
    request.conversationId,
    t("quotes.messages.quote", {
      amount: money(saved.amountUsdCents),
      date: formatDay(saved.validUntil),
      covers: saved.covers,
    }),
  );
  return quoteView(saved, now);
}

/** The professional takes back a quote the client has not answered yet. */
export async function withdrawQuote(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<QuoteView> {
  requireSignedIn(actor);
  await requireUnderWriteLimit("quoteChange", actor);
  const quoteId = requireId(fieldsOf(input).quoteId, "quote");
  const db = await getDb();
  const { quote, request, side } = await requireQuoteParty(db, actor, quoteId);
  requireProfessional(actor, side, request.professionalId);
  const [moved] = await db
    .update(quotes)
    .set({ status: "withdrawn", answeredAt: now })
    .where(and(eq(quotes.id, quote.id), eq(quotes.status, "sent")))
    .returning();
  if (!moved) throw notOpenRefusal(await currentStatus(db, quote.id));
  await notify(
    actor,
    request.conversationId,
    t("quotes.messages.withdrawn", { amount: money(moved.amountUsdCents) }),
  );
  return quoteView(moved, now);
}

async function currentStatus(db: Executor, quoteId: number): Promise<QuoteStatus> {
  const [row] = await db
    .select({ status: quotes.status })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  return row!.status;
}

/**
 * The client accepts or declines a quote that is waiting and still valid. Accepting makes the
 * job in the same transaction: there is never an accepted quote without its job.
 */
export async function answerQuote(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<AnsweredQuote> {
  requireSignedIn(actor);
  await requireUnderWriteLimit("quoteChange", actor);
  const fields = fieldsOf(input);
  const quoteId = requireId(fields.quoteId, "quote");
  const db = await getDb();
  const { quote, request, side } = await requireQuoteParty(db, actor, quoteId);
  if (side !== "client") throw new AppError("FORBIDDEN", "quotes.errors.onlyClient");
  requireAllowed(actor, "quote:answer");
  const { decision } = parsedOrRefused(
    answerQuoteSchema.safeParse(fields),
    "quotes.errors.decision",
  );
  const today = isoDay(now);
  const refusal = (status: QuoteStatus, validUntil: string) =>
    status !== "sent"
      ? notOpenRefusal(status)
      : validUntil < today
        ? new AppError("CONFLICT", "quotes.errors.quoteExpired", undefined, {
            date: formatDay(validUntil),
          })
        : null;
  const early = refusal(quote.status, quote.validUntil);
  if (early) throw early;

  const { answered, jobId } = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({ status: decision === "accept" ? "accepted" : "declined", answeredAt: now })
      .where(
        and(
          eq(quotes.id, quote.id),
          eq(quotes.status, "sent"),
          sql`${quotes.validUntil} >= ${today}::date`,
        ),
      )
      .returning();
    if (!moved) {
      const [current] = await tx.select().from(quotes).where(eq(quotes.id, quote.id));
      throw refusal(current!.status, current!.validUntil) ?? notOpenRefusal(current!.status);
    }
    if (decision === "decline") return { answered: moved, jobId: null };
    const [job] = await tx
      .insert(jobs)
      .values({
        quoteId: moved.id,
        listingId: request.listingId,
        clientId: request.clientId,
        professionalId: request.professionalId,
        createdAt: now,
      })
      .returning({ id: jobs.id });
    return { answered: moved, jobId: job!.id };
  });
  await notify(
    actor,
    request.conversationId,
    t(decision === "accept" ? "quotes.messages.accepted" : "quotes.messages.declined", {
      amount: money(answered.amountUsdCents),
    }),
  );
  return {
    quote: quoteView(answered, now),
    job: jobId === null ? null : await jobById(db, jobId, actor.id),
  };
}
