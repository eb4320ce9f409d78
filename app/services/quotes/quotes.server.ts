import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { avatarSrc } from "../../auth/viewer.ts";
import { getDb, type Executor } from "../../db/client.server.ts";
import {
  conversations,
  jobs,
  listings,
  quoteRequests,
  quotes,
  reviews,
  user,
} from "../../db/schema/index.ts";
import { createTranslator, type MessageKey } from "../../i18n/translate.ts";
import type { MessageScope } from "../../i18n/translator.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay } from "../../lib/booking-values.ts";
import type { QuoteStatus } from "../../lib/conversation-values.ts";
import { formatDay } from "../../lib/format-day.ts";
import { formatPrice, USD } from "../../lib/money.ts";
import {
  answerQuoteSchema,
  cancelJobSchema,
  quoteRequestBodySchema,
  sendQuoteSchema,
  type AnsweredQuote,
  type ConversationQuotes,
  type JobView,
  type QuoteRequestView,
  type QuoteThread,
  type QuoteView,
} from "../../lib/schemas/quotes.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { postMessage, startConversation } from "../conversations/conversations.server.ts";
import { partyOf, requireAllowed, requireSignedIn, type Actor } from "../core/actor.server.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { requireId } from "../core/ids.server.ts";
import { sendPendingRefunds } from "../payments/refunds.server.ts";
import { blockBetween } from "../safety/blocks.server.ts";
import {
  jobPaidOnline,
  addPayoutStates,
  jobPayments,
  refundJobMoney,
  releaseJobMoney,
} from "./job-payment.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * Quotes for professionals' services: a client asks (what, where, when) in the conversation about
 * the service, the professional answers with a quote, the client accepts or declines it, and an
 * accepted quote is a job: accepted → completed | cancelled. Each step is a state change guarded
 * in SQL (`WHERE status = …`), so two answers at once change it once and the second is told why;
 * each is then told to the other person as a message in the conversation (unread count, e-mail).
 *
 * Only the client and the professional of a request see it: to anybody else it does not exist
 * (404). Of the two, only the right side may act: the other is refused (403) in words.
 */

const t = createTranslator();

type Side = "client" | "professional";

/** An object's fields, for input that names its id beside the form's fields. */
function fieldsOf(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
}

function sideOf(row: { clientId: string; professionalId: string }, actorId: string): Side | null {
  return partyOf(actorId, { client: row.clientId, professional: row.professionalId });
}

/** A day before today refused as the field's own problem, so the form shows it beside the field. */
function requireNotPast(day: string, now: Date, field: string, message: MessageKey) {
  if (day < isoDay(now)) throw new AppError("VALIDATION_FAILED", message, { [field]: message });
}

const money = (usdCents: number) => formatPrice(usdCents, USD);

/**
 * Tells the other person in the conversation what just happened. The change is already stored
 * and stays the truth: if the conversation refuses the message now (one of them blocked the other
 * meanwhile), the change stands without it.
 */
async function notify(actor: Actor, conversationId: number, body: string) {
  try {
    await postMessage(actor, conversationId, { body });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

const client = alias(user, "client");
const professional = alias(user, "professional");

const requestColumns = {
  request: quoteRequests,
  listingTitle: listings.title,
  clientName: client.name,
  professionalName: professional.name,
};

function selectRequests(db: Executor, where: SQL) {
  return db
    .select(requestColumns)
    .from(quoteRequests)
    .innerJoin(listings, eq(listings.id, quoteRequests.listingId))
    .innerJoin(client, eq(client.id, quoteRequests.clientId))
    .innerJoin(professional, eq(professional.id, quoteRequests.professionalId))
    .where(where);
}

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

function requestView(row: RequestRow): QuoteRequestView {
  const r = row.request;
  return {
    id: r.id,
    conversationId: r.conversationId,
    listingId: r.listingId,
    listingTitle: row.listingTitle,
    client: { id: r.clientId, name: row.clientName },
    professional: { id: r.professionalId, name: row.professionalName },
    need: r.need,
    place: r.place,
    neededBy: r.neededBy,
    createdAt: r.createdAt.toISOString(),
  };
}

function quoteView(row: typeof quotes.$inferSelect, now: Date): QuoteView {
  return {
    id: row.id,
    requestId: row.requestId,
    amountUsdCents: row.amountUsdCents,
    covers: row.covers,
    validUntil: row.validUntil,
    status: row.status,
    expired: row.status === "sent" && row.validUntil < isoDay(now),
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

function selectJobs(db: Executor, where: SQL) {
  return db
    .select({
      job: jobs,
      amountUsdCents: quotes.amountUsdCents,
      covers: quotes.covers,
      requestId: quotes.requestId,
      conversationId: quoteRequests.conversationId,
      neededBy: quoteRequests.neededBy,
      listingTitle: listings.title,
      clientName: client.name,
      professionalName: professional.name,
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.jobId} = ${jobs.id})`,
    })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .innerJoin(listings, eq(listings.id, jobs.listingId))
    .innerJoin(client, eq(client.id, jobs.clientId))
    .innerJoin(professional, eq(professional.id, jobs.professionalId))
    .where(where);
}

type JobRow = Awaited<ReturnType<typeof selectJobs>>[number];

/** The jobs as the actor sees them, with what each costs online and whether it was paid. */
async function jobViews(db: Executor, rows: JobRow[], actorId: string): Promise<JobView[]> {
  const paymentsOf = await jobPayments(
    db,
    rows.map((row) => ({ id: row.job.id, amountUsdCents: row.amountUsdCents })),
  );
  const asProfessional = new Map(
    [...paymentsOf].filter(([id]) =>
      rows.some((r) => r.job.id === id && r.job.professionalId === actorId),
    ),
  );
  await addPayoutStates(db, actorId, asProfessional);
  return rows.map((row) => jobView(row, actorId, paymentsOf.get(row.job.id)!));
}

function jobView(row: JobRow, actorId: string, payment: JobView["payment"]): JobView {
  const j = row.job;
  return {
    id: j.id,
    quoteId: j.quoteId,
    requestId: row.requestId,
    conversationId: row.conversationId,
    listingId: j.listingId,
    listingTitle: row.listingTitle,
    client: { id: j.clientId, name: row.clientName },
    professional: { id: j.professionalId, name: row.professionalName },
    side: j.clientId === actorId ? "client" : "professional",
    amountUsdCents: row.amountUsdCents,
    covers: row.covers,
    neededBy: row.neededBy,
    status: j.status,
    createdAt: j.createdAt.toISOString(),
    completedAt: j.completedAt?.toISOString() ?? null,
    cancelledAt: j.cancelledAt?.toISOString() ?? null,
    reviewed: Boolean(row.reviewed),
    payment,
  };
}

async function jobById(db: Executor, id: number, actorId: string): Promise<JobView> {
  const [row] = await selectJobs(db, eq(jobs.id, id));
  if (!row) throw new AppError("NOT_FOUND", "quotes.errors.jobNotFound");
  return (await jobViews(db, [row], actorId))[0]!;
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
  const requests: QuoteThread[] = requestRows.map((row) => ({
    request: requestView(row),
    quotes: quoteRows.filter((q) => q.requestId === row.request.id).map((q) => quoteView(q, now)),
    job: jobOf.get(row.request.id) ?? null,
  }));
  return {
    conversationId,
    side: conversation.guestId === actor.id ? "client" : "professional",
    requests,
  };
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

/** The actor's jobs, as a client and as a professional: open ones first, then newest first. */
export async function listMyJobs(actor: Actor | null): Promise<JobView[]> {
  requireAllowed(actor, "job:manage");
  const db = await getDb();
  const rows = await selectJobs(
    db,
    or(eq(jobs.clientId, actor.id), eq(jobs.professionalId, actor.id))!,
  ).orderBy(sql`${jobs.status} = 'accepted' DESC`, desc(jobs.createdAt), desc(jobs.id));
  return jobViews(db, rows, actor.id);
}

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
    .where(and(eq(listings.id, listingId), eq(listings.status, "approved")));
  if (!row) throw new AppError("LISTING_NOT_FOUND", "quotes.errors.listing");
  if (row.category !== "professionals") {
    throw new AppError("LISTING_NOT_FOUND", "quotes.errors.notProfessional");
  }
  return {
    listing: { id: row.id, title: row.title },
    professional: { id: row.userId, name: row.name, avatarUrl: avatarSrc(row) },
  };
}

// ---------------------------------------------------------------------------------------------
// Requesting

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
      status: listings.status,
      category: listings.category,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing || listing.status !== "approved") {
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

// ---------------------------------------------------------------------------------------------
// Quoting and answering

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
      for (const standing of open) {
        if (standing.status === "accepted") {
          throw new AppError("CONFLICT", "quotes.errors.quoteAccepted");
        }
        if (standing.validUntil >= today) {
          throw new AppError("CONFLICT", "quotes.errors.quoteStanding");
        }
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

// ---------------------------------------------------------------------------------------------
// Jobs: accepted → completed | cancelled

async function requireJobParty(db: Executor, actor: Actor, jobId: number) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  const side = job ? sideOf(job, actor.id) : null;
  if (!job || !side) throw new AppError("NOT_FOUND", "quotes.errors.jobNotFound");
  const [request] = await db
    .select({ conversationId: quoteRequests.conversationId })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .where(eq(quotes.id, job.quoteId));
  return { job, side, conversationId: request!.conversationId };
}

/** A job that is no longer `accepted` is final: completed or cancelled, and says which. */
async function finalRefusal(db: Executor, jobId: number): Promise<AppError> {
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  return new AppError(
    "CONFLICT",
    row?.status === "completed" ? "quotes.errors.jobCompleted" : "quotes.errors.jobCancelled",
  );
}

/**
 * An accepted job is marked as done: by the client once they paid for it online (its money then
 * becomes payable to the professional, in the same transaction), by the professional when it was
 * not paid online. Then the client may review it.
 */
export async function completeJob(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<JobView> {
  requireSignedIn(actor);
  await requireUnderWriteLimit("quoteChange", actor);
  const jobId = requireId(fieldsOf(input).jobId, "job");
  const db = await getDb();
  const { job, side, conversationId } = await requireJobParty(db, actor, jobId);
  requireAllowed(actor, "job:manage");
  const moved = await db.transaction(async (tx) => {
    // Money paid online is the client's protection: it is held until the client says the work
    // is done, so only they complete a paid job, and completing it releases the money. A job
    // not paid online (paid by hand) the professional completes: the client, completing it
    // first, could no longer pay for it online.
    const paidOnline = await jobPaidOnline(tx, job.id);
    if (side === "professional" && paidOnline) {
      throw new AppError("FORBIDDEN", "quotes.errors.clientCompletesPaid");
    }
    if (side === "client" && !paidOnline) {
      throw new AppError("CONFLICT", "quotes.errors.payBeforeCompleting");
    }
    const [row] = await tx
      .update(jobs)
      .set({ status: "completed", completedAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "accepted")))
      .returning();
    if (row) await releaseJobMoney(tx, row);
    return row;
  });
  if (!moved) throw await finalRefusal(db, job.id);
  await notify(actor, conversationId, t("quotes.messages.completed"));
  return jobById(db, job.id, actor.id);
}

/**
 * Either side calls off an accepted job, with a reason if they give one. What the client paid
 * online for it is refunded in full.
 */
export async function cancelJob(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<JobView> {
  requireSignedIn(actor);
  await requireUnderWriteLimit("quoteChange", actor);
  const fields = fieldsOf(input);
  const jobId = requireId(fields.jobId, "job");
  const db = await getDb();
  const { job, conversationId } = await requireJobParty(db, actor, jobId);
  requireAllowed(actor, "job:manage");
  const { reason } = parsedOrRefused(cancelJobSchema.safeParse(fields), "quotes.errors.reason");
  const { moved, refunding } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "accepted")))
      .returning();
    return { moved: row, refunding: row ? await refundJobMoney(tx, row) : false };
  });
  if (!moved) throw await finalRefusal(db, job.id);
  if (refunding) await sendPendingRefunds();
  await notify(
    actor,
    conversationId,
    reason ? t("quotes.messages.cancelledReason", { reason }) : t("quotes.messages.cancelled"),
  );
  return jobById(db, job.id, actor.id);
}
