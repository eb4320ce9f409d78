/**
 * Scam signals: what marks a listing for the administrator's review when it is saved, and the
 * thresholds, apart from their zod schemas (schemas/signals.ts) so the moderation screens ship
 * without zod. docs/decisions/017-scam-signals.md says why each threshold is what it is.
 */

export const SIGNAL_KINDS = [
  "low_price",
  "duplicate_photos",
  "new_account_many",
  "new_account_high_value",
  "payment_rule",
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** A price below this share of the median of comparable listings is flagged. */
export const LOW_PRICE_SHARE = 0.4;
/** Fewer comparable listings than this make no median worth comparing with. */
export const MIN_COMPARABLES = 5;

/** An account younger than this many days is new. */
export const NEW_ACCOUNT_DAYS = 7;
/** A new account with more listings than this created within a day is flagged. */
export const NEW_ACCOUNT_MAX_LISTINGS_PER_DAY = 5;
/** A new account's listing priced above this percentile of its category is flagged. */
export const HIGH_VALUE_PERCENTILE = 0.95;

/** Other owners' listings named in a duplicate-photos signal, at most. */
export const MAX_DUPLICATE_LISTINGS = 5;

/** The Manage Listings filter: every listing, or only those with a signal not yet dismissed. */
export const SIGNAL_FILTERS = ["all", "flagged"] as const;
export type SignalFilter = (typeof SIGNAL_FILTERS)[number];
