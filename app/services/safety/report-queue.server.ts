import { and, asc, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  auditLog,
  conversations,
  listings,
  listingSignals,
  messages,
  reports,
  reviews,
  user,
} from "../../db/schema/index.ts";
import { getMailer, type EmailMessage } from "../../email/mailer.server.ts";
import { listingRejectedEmail, listingRestoredEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/app-error.ts";
import { canModerate } from "../../lib/listing-status.ts";
import { logger } from "../../lib/logger.server.ts";
import { ROLES, type Role } from "../../lib/roles.ts";
import {
  REPORT_CONTEXT_MESSAGES,
  REPORTS_PAGE_SIZE,
  type ReportFilter,
} from "../../lib/safety-values.ts";
import {
  dismissListingReportsSchema,
  resolveReportSchema,
  takeDownListingSchema,
  type ListingReportsOutcome,
  type ReportContextMessage,
  type ReportedListing,
  type ReportPage,
  type ReportView,
} from "../../lib/schemas/safety.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { hideReview } from "../reviews/reviews.server.ts";
import { reportHideThreshold } from "../content/settings.server.ts";
import { reporterWeight, ruleReasonsOf } from "./reports.server.ts";

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

/** Audit entries and reports shown per listing in its history, at most. */
const HISTORY_LIMIT = 50;

/**
 * Each reported listing with its history, in a few queries for the whole page: its state and
 * owner, all its reports (newest first, each reporter weighed now), the weighted count of its
 * open ones against the threshold, its scam signals (open and dismissed), and the
 * administrators' actions on it from the audit log (approvals and rejections included). Edits
 * are not kept one by one: the listing's last edit date stands for them.
 */
async function listingHistories(
  db: Database,
  listingIds: number[],
): Promise<Map<number, ReportedListing>> {
  const histories = new Map<number, ReportedListing>();
  if (listingIds.length === 0) return histories;
  const [rows, filed, signals, audits, threshold] = await Promise.all([
    db
      .select({
        id: listings.id,
        title: listings.title,
        status: listings.status,
        rejectionReason: listings.rejectionReason,
        reportHiddenAt: listings.reportHiddenAt,
        createdAt: listings.createdAt,
        updatedAt: listings.updatedAt,
        ownerId: user.id,
        ownerName: user.name,
        ownerEmail: user.email,
      })
      .from(listings)
      .innerJoin(user, eq(user.id, listings.userId))
      .where(inArray(listings.id, listingIds)),
    db
      .select({
        id: reports.id,
        listingId: reports.listingId,
        reporterId: reports.reporterId,
        reporterName: user.name,
        weight: reporterWeight(),
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .leftJoin(user, eq(user.id, reports.reporterId))
      .where(inArray(reports.listingId, listingIds))
      .orderBy(desc(reports.createdAt), desc(reports.id)),
    db
      .select({
        id: listingSignals.id,
        listingId: listingSignals.listingId,
        kind: listingSignals.kind,
        createdAt: listingSignals.createdAt,
        dismissedAt: listingSignals.dismissedAt,
      })
      .from(listingSignals)
      .where(inArray(listingSignals.listingId, listingIds))
      .orderBy(asc(listingSignals.createdAt), asc(listingSignals.id)),
    db
      .select({
        id: auditLog.id,
        targetId: auditLog.targetId,
        action: auditLog.action,
        actorEmail: auditLog.actorEmail,
        createdAt: auditLog.createdAt,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, "listing"),
          inArray(
            auditLog.targetId,
            listingIds.map((id) => String(id)),
          ),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(HISTORY_LIMIT * listingIds.length),
    reportHideThreshold(db),
  ]);
  const iso = (value: Date | string) => new Date(value).toISOString();
  for (const row of rows) {
    const own = filed.filter((r) => r.listingId === row.id);
    // Each person counts once, as when the listing's reports are weighed on filing.
    const openWeights = new Map<string, number>();
    for (const r of own) {
      if (r.status === "open" && r.reporterId && r.reporterName !== null) {
        openWeights.set(r.reporterId, r.weight);
      }
    }
    histories.set(row.id, {
      id: row.id,
      title: row.title,
      status: row.status,
      rejectionReason: row.rejectionReason,
      hiddenByReportsAt: row.reportHiddenAt ? iso(row.reportHiddenAt) : null,
      owner: { id: row.ownerId, name: row.ownerName, email: row.ownerEmail },
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      openWeight: [...openWeights.values()].reduce((sum, weight) => sum + weight, 0),
      threshold,
      reports: own.slice(0, HISTORY_LIMIT).map((r) => ({
        id: r.id,
        reason: r.reason,
        details: r.details,
        status: r.status,
        reporterName: r.reporterName,
        weight: r.reporterName === null ? 0 : r.weight,
        createdAt: iso(r.createdAt),
      })),
      signals: signals
        .filter((signal) => signal.listingId === row.id)
        .map((signal) => ({
          id: signal.id,
          kind: signal.kind,
          createdAt: iso(signal.createdAt),
          dismissed: signal.dismissedAt !== null,
        })),
      audit: audits
        .filter((entry) => entry.targetId === String(row.id))
        .slice(0, HISTORY_LIMIT)
        .map((entry) => ({
          id: entry.id,
          action: entry.action,
          actorEmail: entry.actorEmail,
          createdAt: iso(entry.createdAt),
          detail: entry.detail,
        })),
    });
  }
  return histories;
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

/** A listing's row for a decision on its reports, locked until the decision is written. */
async function lockedListing(tx: DbTransaction, listingId: number) {
  const [row] = await tx
    .select({
      id: listings.id,
      title: listings.title,
      status: listings.status,
      pausedFrom: listings.pausedFrom,
      reportHiddenAt: listings.reportHiddenAt,
      ownerEmail: user.email,
      ownerName: user.name,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listings.id, listingId))
    .for("update", { of: listings });
  if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  return row;
}

/** Closes the listing's open reports as resolved or dismissed; their ids. */
async function closeListingReports(
  tx: DbTransaction,
  actor: { id: string },
  listingId: number,
  status: "resolved" | "dismissed",
  note: string,
): Promise<number[]> {
  const closed = await tx
    .update(reports)
    .set({ status, resolutionNote: note, resolvedBy: actor.id, resolvedAt: sql`now()` })
    .where(and(eq(reports.listingId, listingId), eq(reports.status, "open")))
    .returning({ id: reports.id });
  return closed.map((row) => row.id).sort((a, b) => a - b);
}

/** Sends the owner's e-mail once the decision is committed; a failed e-mail is only logged. */
async function tellOwner(message: EmailMessage, listingId: number): Promise<void> {
  await getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger.error({ err: error }, `Could not e-mail the owner of listing ${listingId}`);
    });
}

/**
 * Dismisses every open report about a listing (nothing wrong with it). When the reports hid it,
 * it is public again: back to approved (or, paused by its plan meanwhile, back to approved when
 * the plan returns), and its owner is e-mailed. Closing, restoring and the audit entry
 * (listing.reports_dismiss) are one transaction. A listing with no open report is refused.
 */
export async function dismissListingReports(
  actor: Actor | null,
  input: { listingId: unknown; note?: unknown },
): Promise<ListingReportsOutcome> {
  requireAllowed(actor, "report:manage");
  const listingId = requireId(input.listingId, "listing");
  const { note } = parsedOrRefused(
    dismissListingReportsSchema.safeParse({ note: input.note ?? "" }),
    "safety.errors.noteTooLong",
  );
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const closed = await closeListingReports(tx, actor, listingId, "dismissed", note);
    if (closed.length === 0) throw new AppError("CONFLICT", "safety.errors.noOpenListingReports");
    const hiddenByReports = listing.reportHiddenAt !== null;
    let status = listing.status;
    if (hiddenByReports) {
      const paused = listing.status === "paused";
      status = paused ? "paused" : "approved";
      await tx
        .update(listings)
        .set(
          paused
            ? { pausedFrom: "approved", reportHiddenAt: null }
            : { status: "approved", reportHiddenAt: null },
        )
        .where(eq(listings.id, listingId));
    }
    const restored = hiddenByReports && status === "approved";
    await recordAudit(tx, actor.id, {
      action: "listing.reports_dismiss",
      targetType: "listing",
      targetId: listingId,
      detail: { title: listing.title, reports: closed, restored, ...(note ? { note } : {}) },
    });
    return { listing, closed, status, restored };
  });
  if (outcome.restored) {
    const { listing } = outcome;
    await tellOwner(
      listingRestoredEmail(listing.ownerEmail, listing.ownerName, {
        title: listing.title,
        url: `${getConfig().appUrl}/listing/${listingId}`,
      }),
      listingId,
    );
  }
  return {
    listingId,
    status: outcome.status,
    closed: outcome.closed.length,
    restored: outcome.restored,
  };
}

/**
 * Takes a reported listing down: rejected with the reason its owner reads (their e-mail and My
 * Listings, as any rejection), its open reports resolved with the reason as their note, and the
 * audit entry (listing.take_down) in the same transaction. Only a listing with an open report,
 * in a status a rejection can follow (approved, or pending review).
 */
export async function takeDownListing(
  actor: Actor | null,
  input: { listingId: unknown; reason?: unknown },
): Promise<ListingReportsOutcome> {
  requireAllowed(actor, "listing:take-down");
  const listingId = requireId(input.listingId, "listing");
  const { reason } = parsedOrRefused(
    takeDownListingSchema.safeParse({ reason: input.reason }),
    "safety.errors.takeDownReasonRequired",
  );
  const db = await getDb();
  const { listing, closed } = await db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    if (!canModerate(listing.status, "rejected")) {
      throw new AppError("CONFLICT", "publish.api.alreadyStatus");
    }
    const closed = await closeListingReports(tx, actor, listingId, "resolved", reason);
    if (closed.length === 0) throw new AppError("CONFLICT", "safety.errors.noOpenListingReports");
    await tx
      .update(listings)
      .set({
        status: "rejected",
        rejectionReason: reason,
        reportHiddenAt: null,
        updatedAt: new Date(),
      })
      .where(eq(listings.id, listingId));
    await recordAudit(tx, actor.id, {
      action: "listing.take_down",
      targetType: "listing",
      targetId: listingId,
      detail: { title: listing.title, reason, reports: closed },
    });
    return { listing, closed };
  });
  const base = getConfig().appUrl;
  await tellOwner(
    listingRejectedEmail(listing.ownerEmail, listing.ownerName, {
      title: listing.title,
      reason,
      editUrl: `${base}/add-listing?edit=${listingId}`,
    }),
    listingId,
  );
  return { listingId, status: "rejected", closed: closed.length, restored: false };
}
