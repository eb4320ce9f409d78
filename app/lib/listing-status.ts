import type { ListingStatus } from "./listing-values.ts";

/**
 * The listing's life cycle (spec §4) as data: which moderation decisions are possible from each
 * status, and what an edit does to it. The services follow these and the tests walk them.
 *
 *   new (publisher) ──▶ pending_approval ──approve──▶ approved ──reject──▶ rejected
 *   new (admin, or anyone while manual approval is off) ▶ approved
 *   pending_approval ──reject──▶ rejected ──approve──▶ approved
 *   approved ──owner edits title/description/price/images/video──▶ pending_approval
 *     (while manual approval is on: the Settings switch; off, the listing stays approved)
 *   rejected ──owner edits anything──▶ pending_approval (a resubmission)
 */
export const MODERATION_DECISIONS = ["approved", "rejected"] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

export const MODERATION_TRANSITIONS: Record<ListingStatus, readonly ModerationDecision[]> = {
  pending_approval: ["approved", "rejected"],
  approved: ["rejected"],
  rejected: ["approved"],
  /** Paused by a plan's end, not by a moderator: a new plan brings it back. */
  paused: [],
};

export function canModerate(from: ListingStatus, to: ModerationDecision): boolean {
  return MODERATION_TRANSITIONS[from].includes(to);
}

/** The status of a new listing: public at once only when an administrator publishes it. */
export function statusOnCreate(actorIsAdmin: boolean): ListingStatus {
  return actorIsAdmin ? "approved" : "pending_approval";
}

/**
 * The status after an edit. An administrator's edit never changes it. An owner's edit of an
 * approved listing goes back to review when what the public reads changed (title, description,
 * price, images, video); any owner edit of a rejected listing resubmits it.
 */
export function statusAfterEdit(options: {
  status: ListingStatus;
  actorIsAdmin: boolean;
  materialChange: boolean;
}): ListingStatus {
  const { status, actorIsAdmin, materialChange } = options;
  if (actorIsAdmin) return status;
  if (status === "rejected") return "pending_approval";
  if (status === "approved" && materialChange) return "pending_approval";
  return status;
}

/** An administrator's reason for a rejection, as stored and e-mailed. */
export const MAX_REASON_LENGTH = 500;

/** The switches of Manage Listings: featured on or off, premium (agent_type) or standard. */
export const LISTING_ATTRIBUTES = ["featured", "premium"] as const;
export type ListingAttribute = (typeof LISTING_ATTRIBUTES)[number];
