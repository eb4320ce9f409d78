/**
 * The phone step of verification (issue 28): which SMS providers the site can send through and
 * the rules of its one-time codes, apart from zod so the page and the API share them. The
 * reasons for each number are in docs/decisions/018-verification.md.
 */

/** sandbox keeps messages on this machine (development, tests); the others really send. */
export const SMS_PROVIDER_IDS = ["sandbox", "africastalking", "twilio"] as const;
export type SmsProviderId = (typeof SMS_PROVIDER_IDS)[number];

/** Digits in a code: a million values against at most MAX_CODE_ATTEMPTS guesses. */
export const PHONE_CODE_LENGTH = 6;
/** A code is good for this long after it is sent. */
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong entries a code survives; the next one ends it and a new code must be sent. */
export const MAX_CODE_ATTEMPTS = 5;
/** The least time between two codes to one account, whatever the hourly limits allow. */
export const PHONE_CODE_COOLDOWN_SECONDS = 60;
