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
export function isVerifiedUntil(
  until: Date | string | null | undefined,
  now = new Date(),
): boolean {
  if (until === null || until === undefined) return false;
  return new Date(until).getTime() > now.getTime();
}

// ── Identity and business documents (the administrator's review) ─────────────────────────────

/** The identity documents accepted, as the KYC page names them. */
export const IDENTITY_DOCUMENT_KINDS = ["passport", "national-id", "drivers-licence"] as const;
export type IdentityDocumentKind = (typeof IDENTITY_DOCUMENT_KINDS)[number];

/** A passport has one photo page; the two cards have a back as well. */
export function needsBackSide(kind: IdentityDocumentKind): boolean {
  return kind !== "passport";
}

/** The files of a submission: the identity document's sides and the selfie, or the business one. */
export const DOCUMENT_SLOTS = ["front", "back", "selfie", "business"] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

/** The steps a document review decides (the phone step is a code, not a review). */
export const DOCUMENT_STEPS = ["identity", "business"] as const;
export type DocumentStep = (typeof DOCUMENT_STEPS)[number];

/** The roles with a business step: agents (and so agencies' owners) and professionals. */
export const BUSINESS_ROLES = ["agent", "professional"] as const;

/** The professions a licence kind applies to ("general" fits every profession). */
export const LICENCE_PROFESSIONS = [
  "general",
  "estate-agent",
  "estate-surveyor",
  "architect",
  "quantity-surveyor",
  "lawyer",
] as const;
export type LicenceProfession = (typeof LICENCE_PROFESSIONS)[number];

/** A document file's largest size: a phone photo or a scanned PDF, not a whole archive. */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;

/**
 * Documents are deleted this many days after the decision (data minimisation): long enough to
 * answer a question about the decision, no longer. docs/decisions/019-identity-documents.md.
 */
export const DOCUMENT_RETENTION_DAYS = 30;

/** How long an approval lasts by default, unless the document itself expires sooner. */
export const DEFAULT_APPROVAL_MONTHS: Record<DocumentStep, number> = { identity: 24, business: 12 };

export const MAX_DECLARED_NAME = 200;
export const MAX_DOCUMENT_NUMBER = 60;
export const MAX_REJECTION_REASON = 1000;
export const MAX_LICENCE_NAME = 120;

/**
 * The default expiry of an approval: the step's default length from `now`, never past the
 * document's own expiry (an ISO day) when one was declared.
 */
export function defaultApprovalExpiry(
  step: DocumentStep,
  documentExpiresOn: string | null,
  now = new Date(),
): string {
  const until = new Date(now);
  until.setUTCMonth(until.getUTCMonth() + DEFAULT_APPROVAL_MONTHS[step]);
  const day = until.toISOString().slice(0, 10);
  return documentExpiresOn && documentExpiresOn < day ? documentExpiresOn : day;
}
