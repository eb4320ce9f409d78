import { and, desc, eq, or, sql } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, type Executor } from "../../db/client.server.ts";
import { jobs, quoteRequests, quotes } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { cancelJobSchema, type JobView } from "../../lib/schemas/quotes.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, requireSignedIn, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { sendPendingRefunds } from "../payments/refunds.server.ts";
import { jobPaidOnline, refundJobMoney, releaseJobMoney } from "./job-payment.server.ts";
import { fieldsOf, jobById, jobViews, notify, selectJobs, sideOf } from "./quote-parts.server.ts";

/** Jobs, the accepted quotes: accepted → completed | cancelled. */

const t = createTranslator();

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
