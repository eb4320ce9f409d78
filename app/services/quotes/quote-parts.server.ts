import { eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.server.ts";
import { jobs, listings, quoteRequests, quotes, reviews, user } from "../../db/schema/index.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay } from "../../lib/booking-values.ts";
import { formatPrice, USD } from "../../lib/money.ts";
import { can } from "../../lib/permissions.ts";
import type { JobView, QuoteRequestView, QuoteView } from "../../lib/schemas/quotes.ts";
import { postMessage } from "../conversations/messages.server.ts";
import { partyOf, type Actor } from "../core/actor.server.ts";
import { addPayoutStates, jobPayments } from "./job-payment.server.ts";

/**
 * Quotes for professionals' services: a client asks (what, where, when) in the conversation about
 * the service, the professional answers with a quote, the client accepts or declines it, and an
 * accepted quote is a job: accepted → completed | cancelled. Each step is a state change guarded
 * in SQL (`WHERE status = …`), so two answers at once change it once and the second is told why;
 * each is then told to the other person as a message in the conversation (unread count, e-mail).
 *
 * Only the client and the professional of a request see it: to anybody else it does not exist
 * (404). Of the two, only the right side may act: the other is refused (403) in words.
 *
 * What the steps share lives here: which side the actor is, the rows as read and their views, and
 * the note told to the other person. Requests are in quote-requests, quotes in quote-offers, jobs
 * in jobs.
 */

export type Side = "client" | "professional";

type StandingCandidate = Pick<typeof quotes.$inferSelect, "status" | "validUntil">;

/**
 * Why a new quote cannot be sent on a request that has these quotes on `today`, or null: one was
 * accepted, or one is waiting for an answer and has not expired.
 */
export function standingRefusal(existing: StandingCandidate[], today: string): AppError | null {
  if (existing.some((q) => q.status === "accepted")) {
    return new AppError("CONFLICT", "quotes.errors.quoteAccepted");
  }
  return existing.some((q) => q.status === "sent" && q.validUntil >= today)
    ? new AppError("CONFLICT", "quotes.errors.quoteStanding")
    : null;
}

/** Whether the actor, on `side` of a request with these quotes, may send it a quote on `today`. */
export function maySendQuote(
  actor: Actor,
  side: Side,
  professionalId: string,
  existing: StandingCandidate[],
  today: string,
): boolean {
  return (
    side === "professional" &&
    can(actor, "quote:send", { ownerId: professionalId }) &&
    standingRefusal(existing, today) === null
  );
}

/** An object's fields, for input that names its id beside the form's fields. */
export function fieldsOf(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
}

export function sideOf(
  row: { clientId: string; professionalId: string },
  actorId: string,
): Side | null {
  return partyOf(actorId, { client: row.clientId, professional: row.professionalId });
}

/** A day before today refused as the field's own problem, so the form shows it beside the field. */
export function requireNotPast(day: string, now: Date, field: string, message: MessageKey) {
  if (day < isoDay(now)) throw new AppError("VALIDATION_FAILED", message, { [field]: message });
}

export const money = (usdCents: number) => formatPrice(usdCents, USD);

/**
 * Tells the other person in the conversation what just happened. The change is already stored
 * and stays the truth: if the conversation refuses the message now (one of them blocked the other
 * meanwhile), the change stands without it.
 */
export async function notify(actor: Actor, conversationId: number, body: string) {
  try {
    await postMessage(actor, conversationId, { body });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

const client = alias(user, "client");
const professional = alias(user, "professional");

const requestColumns = {
  request: quoteRequests,
  listingTitle: listings.title,
  clientName: client.name,
  professionalName: professional.name,
};

export function selectRequests(db: Executor, where: SQL) {
  return db
    .select(requestColumns)
    .from(quoteRequests)
    .innerJoin(listings, eq(listings.id, quoteRequests.listingId))
    .innerJoin(client, eq(client.id, quoteRequests.clientId))
    .innerJoin(professional, eq(professional.id, quoteRequests.professionalId))
    .where(where);
}

type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

export function requestView(row: RequestRow): QuoteRequestView {
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

export function quoteView(row: typeof quotes.$inferSelect, now: Date): QuoteView {
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

export function selectJobs(db: Executor, where: SQL) {
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
export async function jobViews(db: Executor, rows: JobRow[], actorId: string): Promise<JobView[]> {
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

export async function jobById(db: Executor, id: number, actorId: string): Promise<JobView> {
  const [row] = await selectJobs(db, eq(jobs.id, id));
  if (!row) throw new AppError("NOT_FOUND", "quotes.errors.jobNotFound");
  return (await jobViews(db, [row], actorId))[0]!;
}
