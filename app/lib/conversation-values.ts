/**
 * The vocabularies of conversations, quotes, jobs, reports and reviews. The database's CHECK
 * constraints, the zod contract and the services all read these lists.
 */

/** A message's text: long enough for a detailed question, short enough to read on a phone. */
export const MAX_MESSAGE_BODY = 4000;
/** At most one "new message" e-mail per conversation and recipient in this many minutes. */
export const MESSAGE_MAIL_INTERVAL_MINUTES = 60;
/** Messages shown per page of a conversation, newest last. */
export const MESSAGES_PAGE_SIZE = 50;

export const REPORT_TARGETS = ["conversation", "user", "review", "message", "listing"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/**
 * Why a person reports a conversation, message, review or person; `off_platform_payment` is also
 * what the payment rule files.
 */
export const CONVERSATION_REPORT_REASONS = [
  "scam",
  "off_platform_payment",
  "harassment",
  "spam",
  "inappropriate",
  "other",
] as const;

/** Why a person reports a listing (issue 28): "other" needs their words. */
export const LISTING_REPORT_REASONS = [
  "scam",
  "wrong_details",
  "duplicate",
  "taken",
  "offensive",
  "other",
] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];

/** Every reason a report row may hold (the database's CHECK reads this list). */
export const REPORT_REASONS = [
  ...CONVERSATION_REPORT_REASONS,
  "wrong_details",
  "duplicate",
  "taken",
  "offensive",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A professional's quote: sent, then accepted or declined by the client (or withdrawn). */
export const QUOTE_STATUSES = ["sent", "accepted", "declined", "withdrawn"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** An accepted quote's job: accepted → completed | cancelled. */
export const JOB_STATUSES = ["accepted", "completed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_REVIEW_BODY = 2000;
export const REVIEWS_PAGE_SIZE = 5;
