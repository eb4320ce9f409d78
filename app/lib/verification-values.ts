/**
 * Verification (issue 28): the steps a person takes to earn the "Verified" and "Verified
 * business" badges, their states, and how long an approval lasts, apart from zod so badges and
 * the status screen ship without it.
 *
 * What a badge reads is kept on the person's own row (user.phone_verified_at,
 * identity_verified_until, business_verified_until), so cards, search ranking and the
 * "Verified hosts only" filter read one column instead of the review history.
 */

export const VERIFICATION_STEPS = ["phone", "identity", "business"] as const;
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];

/** Where a submitted step stands: waiting for the administrator, or decided. */
export const VERIFICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** True while an approval's expiry is in the future (null: never verified, or withdrawn). */
export function isVerifiedUntil(until: Date | string | null | undefined, now = new Date()): boolean {
  if (until === null || until === undefined) return false;
  return new Date(until).getTime() > now.getTime();
}
