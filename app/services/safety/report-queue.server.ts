import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import {
  conversations,
  listings,
  messages,
  reports,
  reviews,
  user,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { ROLES, type Role } from "../../lib/roles.ts";
import {
  REPORT_CONTEXT_MESSAGES,
  REPORTS_PAGE_SIZE,
  type ReportFilter,
} from "../../lib/safety-values.ts";
import {
  resolveReportSchema,
  type ReportContextMessage,
  type ReportPage,
  type ReportView,
} from "../../lib/schemas/safety.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { hideReview } from "../reviews/reviews.server.ts";
import { listingHistories } from "./listing-reports.server.ts";
import { ruleReasonsOf } from "./reports.server.ts";

/**
 * The administrators' queue of reports: one queue, read with the context an administrator needs
 * to decide, closed with an audited resolution.
 */

/** Open reports in the whole queue (the overview's figure too). */
export async function countOpenReports(actor: Actor | null): Promise<number> {
  requireAllowed(actor, "report:manage");
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, "open"));
  return Number(row?.n ?? 0);
}

type ReportRow = typeof reports.$inferSelect;
/** A message as a report shows it. */
type ContextRow = Pick<
  typeof messages.$inferSelect,
  "id" | "senderId" | "body" | "imageKey" | "flagged" | "createdAt"
>;

function isRole(value: string | null): value is Role {
  return value !== null && (ROLES as readonly string[]).includes(value);
}

/** The reports with what an administrator needs to decide, in a few queries for the whole page. */
async function withContext(db: Database, rows: ReportRow[]): Promise<ReportView[]> {
  const conversationIds = [...new Set(rows.flatMap((r) => r.conversationId ?? []))];
  const messageIds = [...new Set(rows.flatMap((r) => r.messageId ?? []))];
  const reviewIds = [...new Set(rows.flatMap((r) => r.reviewId ?? []))];
  const listingIds = [...new Set(rows.flatMap((r) => r.listingId ?? []))];

  const [threads, recent, reported, reviewed, reportedListings] = await Promise.all([
    conversationIds.length === 0
      ? []
      : db
          .select({
            id: conversations.id,
            guestId: conversations.guestId,
            hostId: conversations.hostId,
            listingId: listings.id,
            listingTitle: listings.title,
          })
          .from(conversations)
          .innerJoin(listings, eq(listings.id, conversations.listingId))
          .where(inArray(conversations.id, conversationIds)),
    conversationIds.length === 0 ? [] : lastMessages(db, conversationIds),
    messageIds.length === 0
      ? []
      : db.select().from(messages).where(inArray(messages.id, messageIds)),
    reviewIds.length === 0
      ? []
      : db
          .select({
            id: reviews.id,
            authorId: reviews.authorId,
            rating: reviews.rating,
            body: reviews.body,
            hiddenAt: reviews.hiddenAt,
            hiddenReason: reviews.hiddenReason,
            listingId: listings.id,
            listingTitle: listings.title,
          })
          .from(reviews)
          .innerJoin(listings, eq(listings.id, reviews.listingId))
          .where(inArray(reviews.id, reviewIds)),
    listingHistories(db, listingIds),
  ]);

  const userIds = new Set<string>();
  for (const r of rows) {
    for (const id of [r.reporterId, r.reportedUserId, r.resolvedBy]) if (id) userIds.add(id);
  }
  for (const t of threads) userIds.add(t.guestId).add(t.hostId);
  for (const m of [...recent, ...reported]) userIds.add(m.senderId);
  for (const r of reviewed) userIds.add(r.authorId);
  const people =
    userIds.size === 0
      ? []
      : await db
          .select({ id: user.id, name: user.name, email: user.email, role: user.role })
          .from(user)
          .where(inArray(user.id, [...userIds]));
  const person = new Map(people.map((p) => [p.id, p]));
  const nameOf = (id: string) => person.get(id)?.name ?? "";

  const messageView = (m: ContextRow): ReportContextMessage => ({
    id: m.id,
    senderName: nameOf(m.senderId),
    body: m.body,
    hasImage: m.imageKey !== null,
    flagged: m.flagged,
    createdAt: m.createdAt.toISOString(),
  });
  const threadOf = new Map(threads.map((t) => [t.id, t]));
  const messageOf = new Map(reported.map((m) => [m.id, m]));
  const reviewOf = new Map(reviewed.map((r) => [r.id, r]));

  return rows.map((row) => {
    const reporter = row.reporterId ? person.get(row.reporterId) : undefined;
    const reportedUser = row.reportedUserId ? person.get(row.reportedUserId) : undefined;
    const thread = row.conversationId ? threadOf.get(row.conversationId) : undefined;
    const message = row.messageId ? messageOf.get(row.messageId) : undefined;
    const review = row.reviewId ? reviewOf.get(row.reviewId) : undefined;
    const ruleReasons = ruleReasonsOf(row);
    return {
      id: row.id,
      target: row.target,
      reason: row.reason,
      details: ruleReasons ? "" : row.details,
      system: ruleReasons !== null,
      ruleReasons: ruleReasons ?? [],
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      reporter: reporter ? { id: reporter.id, name: reporter.name, email: reporter.email } : null,
      reportedUser: reportedUser
        ? {
            id: reportedUser.id,
            name: reportedUser.name,
            email: reportedUser.email,
            role: isRole(reportedUser.role) ? reportedUser.role : null,
          }
        : null,
      conversation: thread
        ? {
            id: thread.id,
            listing: { id: thread.listingId, title: thread.listingTitle },
            guest: { id: thread.guestId, name: nameOf(thread.guestId) },
            host: { id: thread.hostId, name: nameOf(thread.hostId) },
            lastMessages: recent.filter((m) => m.conversationId === thread.id).map(messageView),
          }
        : null,
      message: message ? messageView(message) : null,
      review: review
        ? {
            id: review.id,
            listing: { id: review.listingId, title: review.listingTitle },
            authorName: nameOf(review.authorId),
            rating: review.rating,
            body: review.body,
            hidden: review.hiddenAt !== null,
            hiddenReason: review.hiddenReason,
          }
        : null,
      listing: row.listingId ? (reportedListings.get(row.listingId) ?? null) : null,
      resolution: row.resolvedAt
        ? {
            by: row.resolvedBy ? (person.get(row.resolvedBy)?.name ?? null) : null,
            at: row.resolvedAt.toISOString(),
            note: row.resolutionNote,
          }
        : null,
    };
  });
}

/** The last few messages of each conversation, oldest first, in one query. */
async function lastMessages(db: Database, conversationIds: number[]) {
  const ranked = db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      imageKey: messages.imageKey,
      flagged: messages.flagged,
      createdAt: messages.createdAt,
      rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.id} desc)`.as(
        "rank",
      ),
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, REPORT_CONTEXT_MESSAGES))
    .orderBy(ranked.conversationId, ranked.id);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/**
 * A page of the queue, newest first; `all` puts the open reports first. A page past the end is
 * answered with the last one.
 */
export async function listReports(
  actor: Actor | null,
  { status = "open", page = 1 }: { status?: ReportFilter; page?: number } = {},
): Promise<ReportPage> {
  requireAllowed(actor, "report:manage");
  const db = await getDb();
  const where = status === "all" ? undefined : eq(reports.status, status);
  // One pass over the queue: the reports the filter keeps, and the open ones (the tab's count).
  const [totals] = await db
    .select({
      total: where
        ? sql<number>`count(*) FILTER (WHERE ${where})`.mapWith(Number)
        : sql<number>`count(*)`.mapWith(Number),
      open: sql<number>`count(*) FILTER (WHERE ${reports.status} = 'open')`.mapWith(Number),
    })
    .from(reports);
  const total = Number(totals?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / REPORTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select()
    .from(reports)
    .where(where)
    .orderBy(sql`(${reports.status} = 'open') DESC`, desc(reports.createdAt), desc(reports.id))
    .limit(REPORTS_PAGE_SIZE)
    .offset((current - 1) * REPORTS_PAGE_SIZE);
  return {
    reports: await withContext(db, rows),
    status,
    page: current,
    pageCount,
    total,
    open: Number(totals?.open ?? 0),
  };
}

/** One report with its context (the API's answer after closing it). */
async function readReport(db: Database, id: number): Promise<ReportView> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  if (!row) throw new AppError("NOT_FOUND", "safety.errors.reportNotFound");
  const [view] = await withContext(db, [row]);
  return view!;
}

/**
 * Closes an open report as resolved or dismissed, with an optional note, and records it in the
 * audit log (report.resolve) in the same transaction. A closed report stays as it was closed.
 */
export async function resolveReport(
  actor: Actor | null,
  input: { reportId: unknown; status?: unknown; note?: unknown },
): Promise<ReportView> {
  requireAllowed(actor, "report:manage");
  const id = requireId(input.reportId, "report");
  const { status, note } = parsedOrRefused(
    resolveReportSchema.safeParse({ status: input.status, note: input.note ?? "" }),
    "safety.errors.statusRequired",
  );
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(reports)
      .set({ status, resolutionNote: note, resolvedBy: actor.id, resolvedAt: sql`now()` })
      .where(and(eq(reports.id, id), eq(reports.status, "open")))
      .returning({ target: reports.target, reason: reports.reason });
    if (!closed) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
      throw exists
        ? new AppError("CONFLICT", "safety.errors.alreadyClosed")
        : new AppError("NOT_FOUND", "safety.errors.reportNotFound");
    }
    await recordAudit(tx, actor.id, {
      action: "report.resolve",
      targetType: "report",
      targetId: id,
      detail: { status, note, target: closed.target, reason: closed.reason },
    });
  });
  return readReport(db, id);
}

/**
 * Hides the review an open report is about (the reviews service's rule and audit entry), then
 * resolves the report with the reason as its note. A report about anything else is refused
 * before the review is touched.
 */
export async function hideReportedReview(
  actor: Actor | null,
  input: { reportId: unknown; reason: unknown },
): Promise<ReportView> {
  requireAllowed(actor, "report:manage");
  const id = requireId(input.reportId, "report");
  const db = await getDb();
  const [row] = await db
    .select({ status: reports.status, target: reports.target, reviewId: reports.reviewId })
    .from(reports)
    .where(eq(reports.id, id));
  if (!row) throw new AppError("NOT_FOUND", "safety.errors.reportNotFound");
  if (row.status !== "open") throw new AppError("CONFLICT", "safety.errors.alreadyClosed");
  if (row.target !== "review" || row.reviewId === null) {
    throw new AppError("VALIDATION_FAILED", "safety.errors.notAReviewReport");
  }
  const hidden = await hideReview(actor, { reviewId: row.reviewId, reason: input.reason });
  return resolveReport(actor, { reportId: id, status: "resolved", note: hidden.hiddenReason });
}
