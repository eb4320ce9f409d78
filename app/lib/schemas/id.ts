import { z } from "zod";

/** The largest id an `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** Digits as written in a URL or a form: no sign, no leading zero, no exponent, no spaces. */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * A row's id (a listing's, or any other integer id) as read from a URL, a form or JSON, or null
 * for anything else: "1e3", "01", " 1", "1.0", "-1", "0" and ids beyond the column are not ids.
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw === "number") {
    return Number.isSafeInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  }
  if (typeof raw !== "string" || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** `parseId` as a schema, for forms, search parameters and request bodies. */
export const idSchema = z
  .union([z.int(), z.string()])
  .transform((raw, ctx) => {
    const id = parseId(raw);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "idInvalid", input: raw });
      return z.NEVER;
    }
    return id;
  })
  .meta({
    description: "A positive whole number up to 2147483647, as a number or as digits.",
    example: 42,
  });
