import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from "libphonenumber-js/max";

/**
 * Phone numbers as the phone step stores them: E.164 ("+254712345678"), read with
 * libphonenumber-js's full metadata (server side only: it is large, and the pages never need it),
 * so a number that is the right length but no country's real range is refused too.
 */

export type PhoneReading =
  | { ok: true; e164: string; country: string | undefined }
  /** `international`: no country is known and the number does not start with +. */
  | { ok: false; reason: "invalid" | "international" };

/**
 * The number typed, in E.164. A national number ("0712 345 678") is read in `country`; without
 * one, only an international number ("+254 712 345 678") can be read.
 */
export function readPhoneNumber(raw: string, country: string | null | undefined): PhoneReading {
  const typed = raw.trim();
  const known = country && isSupportedCountry(country) ? (country as CountryCode) : undefined;
  if (!known && !typed.startsWith("+")) return { ok: false, reason: "international" };
  const number = parsePhoneNumberFromString(typed, known);
  if (!number?.isValid()) return { ok: false, reason: "invalid" };
  return { ok: true, e164: number.number, country: number.country };
}

/**
 * Whether a profile phone as typed is the verified number: read in the verified number's own
 * country, so "0712 345 678" after "+254712345678" was verified is the same line and keeps it.
 */
export function isSamePhone(verifiedE164: string, raw: string | null): boolean {
  if (!raw) return false;
  const verified = parsePhoneNumberFromString(verifiedE164);
  const typed = parsePhoneNumberFromString(raw.trim(), verified?.country);
  return typed?.number === verifiedE164;
}
