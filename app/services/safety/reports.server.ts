import { and, eq, isNull, type SQL } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { conversations, messages, reports, reviews, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isPaymentRuleReason, type PaymentRuleReason } from "../../lib/payment-rule.ts";
import { reportInputSchema, type FiledReport, type ReportInput } from "../../lib/schemas/safety.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";

/**
 * Reports to the administrators: a person's, about a conversation or message they are part of, a
 * review shown on the site or another person; and the payment rule's, about a flagged message.
 * Filing them is here; the administrators' queue, read with its context and resolved with an
 * audit, is in report-queue.server.ts.
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
        reportedUserId: person.id,
        key: eq(reports.reportedUserId, person.id),
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
  const db = await getDb();
  return db.transaction(async (tx) => {
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
    return { ...row!, createdAt: row!.createdAt.toISOString() };
  });
}
