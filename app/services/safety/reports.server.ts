import { and, eq, isNull, type SQL } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  conversations,
  listings,
  messages,
  reports,
  reviews,
  user,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isPaymentRuleReason, type PaymentRuleReason } from "../../lib/payment-rule.ts";
import {
  listingReportSchema,
  reportInputSchema,
  type FiledReport,
  type ReportInput,
} from "../../lib/schemas/safety.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { hideIfOverThreshold, tellOwnerHidden } from "./listing-weights.server.ts";

/**
 * Reports to the administrators: a person's, about a conversation or message they are part of, a
 * review shown on the site or another person; and the payment rule's, about a flagged message.
 * Filing them is here, a listing's weighed in listing-weights.server.ts; the administrators'
 * queue, read with its context and resolved with an audit, is in report-queue.server.ts, and the
 * decisions on a reported listing in listing-reports.server.ts.
 */

/**
 * The payment rule's reports have no reporter; their details start with this marker and list
 * what the rule matched ("payment-rule: payment_link, direct_payment"), which also tells them
 * apart from a person's report whose account was deleted since.
 */
const RULE_MARKER = "payment-rule:";

/**
 * Files the payment rule's report about a message it flagged, in the transaction that stores the
 * message, so a flagged message always has its report.
 */
export async function fileFlaggedMessageReport(
  tx: Database | DbTransaction,
  input: {
    conversationId: number;
    messageId: number;
    senderId: string;
    reasons: readonly PaymentRuleReason[];
  },
): Promise<void> {
  await tx.insert(reports).values({
    reporterId: null,
    target: "message",
    conversationId: input.conversationId,
    messageId: input.messageId,
    reportedUserId: input.senderId,
    reason: "off_platform_payment",
    details: `${RULE_MARKER} ${input.reasons.join(", ")}`,
  });
}

/** What the payment rule matched, from its report's details; null for a person's report. */
export function ruleReasonsOf(row: {
  reporterId: string | null;
  details: string;
}): string[] | null {
  if (row.reporterId !== null || !row.details.startsWith(RULE_MARKER)) return null;
  return row.details
    .slice(RULE_MARKER.length)
    .split(",")
    .map((reason) => reason.trim())
    .filter(isPaymentRuleReason);
}

/** What a report is about, resolved: the row's target columns and who is reported. */
interface ReportedThing {
  conversationId: number | null;
  messageId: number | null;
  reviewId: number | null;
  listingId: number | null;
  reportedUserId: string | null;
  /** The column that names the thing, for the one-open-report-per-thing rule. */
  key: SQL;
}

async function conversationOf(db: Database | DbTransaction, actor: Actor, conversationId: number) {
  const [row] = await db
    .select({ id: conversations.id, guestId: conversations.guestId, hostId: conversations.hostId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!row || (row.guestId !== actor.id && row.hostId !== actor.id)) return null;
  return row;
}

/** Checks what the actor reports and who it is about; a refusal names the rule it breaks. */
async function reportedThing(
  db: Database | DbTransaction,
  actor: Actor,
  input: ReportInput,
): Promise<ReportedThing> {
  switch (input.target) {
    case "conversation": {
      const row = await conversationOf(db, actor, input.conversationId);
      if (!row) throw new AppError("NOT_FOUND", "safety.errors.conversationNotFound");
      return {
        conversationId: row.id,
        messageId: null,
        reviewId: null,
        listingId: null,
        reportedUserId: row.guestId === actor.id ? row.hostId : row.guestId,
        key: eq(reports.conversationId, row.id),
      };
    }
    case "message": {
      const [message] = await db
        .select({
          id: messages.id,
          senderId: messages.senderId,
          conversationId: messages.conversationId,
        })
        .from(messages)
        .where(eq(messages.id, input.messageId));
      const row = message ? await conversationOf(db, actor, message.conversationId) : null;
      if (!message || !row) throw new AppError("NOT_FOUND", "safety.errors.messageNotFound");
      if (message.senderId === actor.id) {
        throw new AppError("VALIDATION_FAILED", "safety.errors.ownMessage");
      }
      return {
        conversationId: row.id,
        messageId: message.id,
        reviewId: null,
        listingId: null,
        reportedUserId: message.senderId,
        key: eq(reports.messageId, message.id),
      };
    }
    case "review": {
      const [review] = await db
        .select({ id: reviews.id, authorId: reviews.authorId })
        .from(reviews)
        .where(and(eq(reviews.id, input.reviewId), isNull(reviews.hiddenAt)));
      if (!review) throw new AppError("NOT_FOUND", "safety.errors.reviewNotFound");
      if (review.authorId === actor.id) {
        throw new AppError("VALIDATION_FAILED", "safety.errors.ownReview");
      }
      return {
        conversationId: null,
        messageId: null,
        reviewId: review.id,
        listingId: null,
        reportedUserId: review.authorId,
        key: eq(reports.reviewId, review.id),
      };
    }
    case "user": {
      if (input.userId === actor.id) {
        throw new AppError("VALIDATION_FAILED", "safety.errors.reportSelf");
      }
      const [person] = await db.select({ id: user.id }).from(user).where(eq(user.id, input.userId));
      if (!person) throw new AppError("NOT_FOUND", "safety.errors.userNotFound");
      return {
        conversationId: null,
        messageId: null,
        reviewId: null,
        listingId: null,
        reportedUserId: person.id,
        key: eq(reports.reportedUserId, person.id),
      };
    }
    case "listing": {
      requireAllowed(actor, "listing:report");
      // Locked until the report is stored and weighed: two people reporting at once are weighed
      // one after the other, so the threshold is crossed (and the owner told) exactly once.
      const [listing] = await db
        .select({ id: listings.id, userId: listings.userId })
        .from(listings)
        .where(and(eq(listings.id, input.listingId), eq(listings.status, "approved")))
        .for("update");
      // Only a listing shown on the site: a hidden one reads as missing, as on its page.
      if (!listing) throw new AppError("NOT_FOUND", "safety.errors.listingNotFound");
      if (listing.userId === actor.id) {
        throw new AppError("VALIDATION_FAILED", "safety.errors.ownListing");
      }
      return {
        conversationId: null,
        messageId: null,
        reviewId: null,
        listingId: listing.id,
        reportedUserId: listing.userId,
        key: eq(reports.listingId, listing.id),
      };
    }
  }
}

/**
 * Files a person's report. They must be part of the conversation (or of the message's), the
 * review must be shown on the site, the person must exist and not be themselves; while their
 * earlier report about the same thing is open, another is refused as already with the team.
 */
export async function fileReport(actor: Actor | null, input: unknown): Promise<FiledReport> {
  requireAllowed(actor, "report:file");
  await requireUnderWriteLimit("report", actor);
  const parsed = parsedOrRefused(reportInputSchema.safeParse(input), "safety.errors.invalidReport");
  return storeReport(actor, parsed);
}

/** Stores a parsed report, counted and allowed already, and weighs a listing's. */
async function storeReport(actor: Actor, parsed: ReportInput): Promise<FiledReport> {
  const db = await getDb();
  const { filed, hidden } = await db.transaction(async (tx) => {
    // One report at a time per reporter, so two quick clicks cannot file the same report twice.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for("update");
    const thing = await reportedThing(tx, actor, parsed);
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, actor.id),
          eq(reports.target, parsed.target),
          eq(reports.status, "open"),
          thing.key,
        ),
      )
      .limit(1);
    if (open) throw new AppError("CONFLICT", "safety.errors.alreadyReported");
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: actor.id,
        target: parsed.target,
        conversationId: thing.conversationId,
        messageId: thing.messageId,
        reviewId: thing.reviewId,
        listingId: thing.listingId,
        reportedUserId: thing.reportedUserId,
        reason: parsed.reason,
        details: parsed.details,
      })
      .returning({
        id: reports.id,
        target: reports.target,
        reason: reports.reason,
        status: reports.status,
        createdAt: reports.createdAt,
      });
    const hidden = thing.listingId === null ? null : await hideIfOverThreshold(tx, thing.listingId);
    return { filed: { ...row!, createdAt: row!.createdAt.toISOString() }, hidden };
  });
  if (hidden) await tellOwnerHidden(hidden);
  return filed;
}

/**
 * Reports a listing from its page or POST /api/v1/listings/{listingId}/reports: the same rules
 * as fileReport (one open report per person and listing, not one's own, the `report` limit).
 */
export async function fileListingReport(
  actor: Actor | null,
  input: { listingId: unknown; reason?: unknown; details?: unknown },
): Promise<FiledReport> {
  requireAllowed(actor, "report:file");
  requireAllowed(actor, "listing:report");
  await requireUnderWriteLimit("report", actor);
  const listingId = requireId(input.listingId, "listing");
  const { reason, details } = parsedOrRefused(
    listingReportSchema.safeParse({ reason: input.reason, details: input.details ?? "" }),
    "safety.errors.invalidReport",
  );
  return storeReport(actor, { target: "listing", listingId, reason, details });
}
