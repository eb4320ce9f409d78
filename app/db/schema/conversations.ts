import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  JOB_STATUSES,
  MAX_MESSAGE_BODY,
  MAX_RATING,
  MAX_REVIEW_BODY,
  MIN_RATING,
  QUOTE_STATUSES,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type JobStatus,
  type QuoteStatus,
  type ReportStatus,
  type ReportTarget,
} from "../../lib/conversation-values.ts";
import { REPORT_REASONS, type ReportReason } from "../../lib/report-reasons.ts";
import { user } from "./auth.ts";
import { bookings } from "./bookings.ts";
import { listings } from "./listings.ts";
import { oneOf } from "./sql-helpers.ts";

/**
 * A conversation between a person (the guest or client) and a listing's lister, about the
 * listing: one per person and listing for questions, and one of its own per booking. Each side's
 * read mark and last e-mail are kept on the row: there are always exactly two sides.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    guestId: text("guest_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The last message each side has seen (0: none), for unread counts. */
    guestReadId: integer("guest_read_id").notNull().default(0),
    hostReadId: integer("host_read_id").notNull().default(0),
    /** When each side was last e-mailed about a new message, for the hourly throttle. */
    guestMailedAt: timestamp("guest_mailed_at", { withTimezone: true }),
    hostMailedAt: timestamp("host_mailed_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("conversations_two_people_check", sql`${t.guestId} <> ${t.hostId}`),
    uniqueIndex("conversations_booking_unique").on(t.bookingId),
    uniqueIndex("conversations_inquiry_unique")
      .on(t.listingId, t.guestId)
      .where(sql`${t.bookingId} IS NULL`),
    index("conversations_guest_idx").on(t.guestId, t.lastMessageAt.desc()),
    index("conversations_host_idx").on(t.hostId, t.lastMessageAt.desc()),
  ],
);

/**
 * A message: text as typed (shown as text, never as markup), an optional image from the image
 * pipeline, and whether the off-platform payment rule flagged it.
 */
export const messages = pgTable(
  "messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    body: text("body").notNull().default(""),
    /** The image's key in media storage (its WebP variants), when one is attached. */
    imageKey: text("image_key"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    flagged: boolean("flagged").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "messages_content_check",
      sql`char_length(${t.body}) <= ${sql.raw(String(MAX_MESSAGE_BODY))} AND (char_length(${t.body}) > 0 OR ${t.imageKey} IS NOT NULL)`,
    ),
    index("messages_conversation_idx").on(t.conversationId, t.id),
    // A message picture's URL is checked against its conversation before it is served.
    index("messages_image_idx")
      .on(t.imageKey)
      .where(sql`${t.imageKey} IS NOT NULL`),
  ],
);

/**
 * An account's "Chat with support" conversation with the site's team: one per account, answered
 * by any administrator. Whether it is priority is not stored: it follows the account's plan at
 * the time it is read (docs/decisions/016-plan-entitlements.md).
 */
export const supportChats = pgTable(
  "support_chats",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The last message the account and the team have seen (0: none), for unread counts. */
    userReadId: integer("user_read_id").notNull().default(0),
    staffReadId: integer("staff_read_id").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_chats_last_message_idx").on(t.lastMessageAt.desc())],
);

/** A message of a support chat: by the account (`fromStaff` false) or an administrator. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => supportChats.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => user.id, { onDelete: "set null" }),
    fromStaff: boolean("from_staff").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "support_messages_body_check",
      sql`char_length(${t.body}) BETWEEN 1 AND ${sql.raw(String(MAX_MESSAGE_BODY))}`,
    ),
    index("support_messages_chat_idx").on(t.chatId, t.id),
  ],
);

/** Someone a person blocked: they can no longer message them. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check("user_blocks_other_check", sql`${t.blockerId} <> ${t.blockedId}`),
    index("user_blocks_blocked_idx").on(t.blockedId),
  ],
);

/** A client's request for a quote on a professional's service: what, where and when. */
export const quoteRequests = pgTable(
  "quote_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    professionalId: text("professional_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    need: text("need").notNull(),
    place: text("place").notNull(),
    neededBy: date("needed_by", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quote_requests_conversation_idx").on(t.conversationId),
    index("quote_requests_professional_idx").on(t.professionalId, t.createdAt.desc()),
  ],
);

/** A professional's answer to a request: an amount, what it covers, until when it holds. */
export const quotes = pgTable(
  "quotes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer("request_id")
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    amountUsdCents: bigint("amount_usd_cents", { mode: "number" }).notNull(),
    covers: text("covers").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    status: text("status").$type<QuoteStatus>().notNull().default("sent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    check("quotes_status_check", oneOf(t.status, QUOTE_STATUSES)),
    check("quotes_amount_check", sql`${t.amountUsdCents} > 0`),
    index("quotes_request_idx").on(t.requestId),
    /** A request has at most one quote standing or accepted at a time. */
    uniqueIndex("quotes_one_open_per_request")
      .on(t.requestId)
      .where(sql`${t.status} IN ('sent', 'accepted')`),
  ],
);

/** An accepted quote's work: accepted → completed | cancelled. */
export const jobs = pgTable(
  "jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer("quote_id")
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    professionalId: text("professional_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<JobStatus>().notNull().default("accepted"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("jobs_status_check", oneOf(t.status, JOB_STATUSES)),
    index("jobs_client_idx").on(t.clientId),
    index("jobs_professional_idx").on(t.professionalId),
  ],
);

/**
 * A review of a completed booking or job, one per booking or job, by its guest or client; the
 * lister replies once. A hidden review is out of the averages and off the pages.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The lister reviewed: their own average is over every listing's reviews. */
    subjectId: text("subject_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: text("hidden_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_one_source_check", sql`num_nonnulls(${t.bookingId}, ${t.jobId}) = 1`),
    check(
      "reviews_rating_check",
      sql`${t.rating} BETWEEN ${sql.raw(String(MIN_RATING))} AND ${sql.raw(String(MAX_RATING))}`,
    ),
    check(
      "reviews_body_check",
      sql`char_length(${t.body}) BETWEEN 1 AND ${sql.raw(String(MAX_REVIEW_BODY))}`,
    ),
    uniqueIndex("reviews_booking_unique").on(t.bookingId),
    uniqueIndex("reviews_job_unique").on(t.jobId),
    index("reviews_listing_idx").on(t.listingId, t.createdAt.desc()),
    index("reviews_subject_idx").on(t.subjectId),
  ],
);

/**
 * A report to the administrators: a person's (with a reason and what happened) or the payment
 * rule's (no reporter). One queue, whatever was reported.
 */
export const reports = pgTable(
  "reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    target: text("target").$type<ReportTarget>().notNull(),
    conversationId: integer("conversation_id").references(() => conversations.id, {
      onDelete: "cascade",
    }),
    messageId: integer("message_id").references(() => messages.id, { onDelete: "cascade" }),
    reviewId: integer("review_id").references(() => reviews.id, { onDelete: "cascade" }),
    listingId: integer("listing_id").references(() => listings.id, { onDelete: "cascade" }),
    reportedUserId: text("reported_user_id").references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReportReason>().notNull(),
    details: text("details").notNull().default(""),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** What the administrator noted on resolving or dismissing it. */
    resolutionNote: text("resolution_note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reports_target_check", oneOf(t.target, REPORT_TARGETS)),
    check("reports_reason_check", oneOf(t.reason, REPORT_REASONS)),
    check("reports_status_check", oneOf(t.status, REPORT_STATUSES)),
    check("reports_details_check", sql`char_length(${t.details}) <= 2000`),
    check("reports_note_check", sql`char_length(${t.resolutionNote}) <= 2000`),
    index("reports_status_idx").on(t.status, t.createdAt.desc()),
    // A listing's reports: its open ones weighed against the hiding threshold, and its history.
    index("reports_listing_idx")
      .on(t.listingId, t.status)
      .where(sql`${t.listingId} IS NOT NULL`),
  ],
);
