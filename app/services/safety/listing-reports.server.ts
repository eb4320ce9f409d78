import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getConfig } from "../../config.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { auditLog, listings, listingSignals, reports, user } from "../../db/schema/index.ts";
import { getMailer, type EmailMessage } from "../../email/mailer.server.ts";
import { listingRejectedEmail, listingRestoredEmail } from "../../email/templates.ts";
import { AppError } from "../../lib/app-error.ts";
import { canModerate } from "../../lib/listing-status.ts";
import { logger } from "../../lib/logger.server.ts";
import {
  dismissListingReportsSchema,
  takeDownListingSchema,
  type ListingReportsOutcome,
  type ReportedListing,
} from "../../lib/schemas/safety.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { reportHideThreshold } from "../content/settings.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { reporterWeight } from "./listing-weights.server.ts";

/**
 * The administrators' side of listing reports (reports.server.ts files them and hides a listing
 * whose reports reach the threshold): a reported listing's history beside its reports in the
 * queue, and the two decisions on its open reports, dismissing them or taking it down.
 */

/** Audit entries and reports shown per listing in its history, at most. */
const HISTORY_LIMIT = 50;

/**
 * Each reported listing with its history, in a few queries for the whole page: its state and
 * owner, all its reports (newest first, each reporter weighed now), the weighted count of its
 * open ones against the threshold, its scam signals (open and dismissed), and the
 * administrators' actions on it from the audit log (approvals and rejections included). Edits
 * are not kept one by one: the listing's last edit date stands for them.
 */
export async function listingHistories(
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

/** What the listing's report page shows its viewer. */
export interface ListingReportTarget {
  listing: { id: number; title: string };
  /** The viewer owns it: they cannot report it. */
  own: boolean;
  /** The viewer's earlier report about it is still open. */
  alreadyReported: boolean;
}

/**
 * The listing a report page is about: only one shown on the site (a hidden one is a 404, as its
 * page is), with whether the viewer (null: a visitor) owns it or already reported it.
 */
export async function listingReportTarget(
  viewer: Actor | null,
  rawId: unknown,
): Promise<ListingReportTarget> {
  const id = requireId(rawId, "listing");
  const db = await getDb();
  const [listing] = await db
    .select({ id: listings.id, title: listings.title, userId: listings.userId })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.status, "approved")));
  if (!listing) throw new AppError("LISTING_NOT_FOUND", "safety.errors.listingNotFound");
  const [open] = viewer
    ? await db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.listingId, id),
            eq(reports.reporterId, viewer.id),
            eq(reports.status, "open"),
          ),
        )
        .limit(1)
    : [];
  return {
    listing: { id: listing.id, title: listing.title },
    own: viewer?.id === listing.userId,
    alreadyReported: Boolean(open),
  };
}
