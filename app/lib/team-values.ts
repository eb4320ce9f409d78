/** An agency member's place in it: the owner holds the plan, members publish under it. */
export const MEMBERSHIP_ROLES = ["owner", "member"] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** Removed by the owner, or left of their own accord; a row is kept either way for the record. */
export const MEMBERSHIP_STATUSES = ["active", "removed", "left"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** Invitations an agency owner may send in a day (the shared limiter's `teamInvite`). */
export const INVITES_PER_DAY = 20;
