import type { MessageKey } from "../../i18n/translate.ts";
import { AppError, type ErrorCode } from "../../lib/app-error.ts";
import { parseId } from "../../lib/id.ts";

/**
 * Each kind of record a request names by number, with the refusal for one that is not there.
 * An id that is not an id ("1e3", "abc") names nothing, so it gets the same answer as an unknown
 * one of its own kind: a malformed booking id is a booking not found, never a listing.
 */
const NOT_FOUND = {
  listing: ["LISTING_NOT_FOUND", "publish.toasts.notFoundDescription"],
  booking: ["NOT_FOUND", "bookings.errors.notFound"],
  departure: ["NOT_FOUND", "bookings.errors.departureNotFound"],
  feed: ["NOT_FOUND", "bookings.errors.feedNotFound"],
  conversation: ["NOT_FOUND", "conversations.errors.notFound"],
  request: ["NOT_FOUND", "quotes.errors.requestNotFound"],
  quote: ["NOT_FOUND", "quotes.errors.quoteNotFound"],
  job: ["NOT_FOUND", "quotes.errors.jobNotFound"],
  review: ["NOT_FOUND", "reviews.errors.notFound"],
  report: ["NOT_FOUND", "safety.errors.reportNotFound"],
  contactMessage: ["NOT_FOUND", "dashboard.messages.notFoundDescription"],
  invitation: ["NOT_FOUND", "teams.errors.invitationNotFound"],
  boost: ["NOT_FOUND", "boosts.errors.notFound"],
  signal: ["NOT_FOUND", "publish.signals.notFound"],
  submission: ["NOT_FOUND", "verification.errors.submissionNotFound"],
  document: ["NOT_FOUND", "verification.errors.documentNotFound"],
  licenceKind: ["NOT_FOUND", "verification.errors.licenceKindNotFound"],
} as const satisfies Record<string, readonly [ErrorCode, MessageKey]>;

export type IdKind = keyof typeof NOT_FOUND;

export const ID_KINDS = Object.keys(NOT_FOUND) as IdKind[];

/** The refusal for a record of this kind that is not there (or not the actor's to see). */
export function notFound(kind: IdKind): AppError {
  const [code, message] = NOT_FOUND[kind];
  return new AppError(code, message);
}

/** The record's number as a request names it, by the one id parser, or its kind's not-found. */
export function requireId(raw: unknown, kind: IdKind): number {
  const id = parseId(raw);
  if (id === null) throw notFound(kind);
  return id;
}
