/** The largest id an `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** Digits as written in a URL or a form: no sign, no leading zero, no exponent, no spaces. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * A row's id (a listing's, or any other integer id) as read from a URL, a form or JSON, or null
 * for anything else: "1e3", "01", " 1", "1.0", "-1", "0" and ids beyond the column are not ids.
 * Kept apart from its schema (schemas/id.ts) so the pages that only read ids ship without zod.
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw === "number") {
    return Number.isSafeInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  }
  if (typeof raw !== "string" || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
