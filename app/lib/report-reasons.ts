/**
 * Why people report, apart from the conversation values: the report forms load these with their
 * own pages, while the conversation values (ratings, message lengths) ride in every page's shared
 * chunk (vite.config.ts).
 */

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
