export const ROLES = ["user", "agent", "professional", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The account types a person may choose for themselves; admin is never among them. */
export const SELECTABLE_ROLES = [
  "user",
  "agent",
  "professional",
] as const satisfies readonly Role[];

export const PREMIUM_STATUSES = [
  "none",
  "basic",
  "standard",
  "premium",
  "elite",
  "ultimate",
] as const;
export type PremiumStatus = (typeof PREMIUM_STATUSES)[number];
