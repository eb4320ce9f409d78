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
