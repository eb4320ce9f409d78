import { z } from "zod";
import { parseAmount } from "../amount.ts";
import { MAX_LISTING_IMAGES } from "../listing-values.ts";
import { videoEmbed } from "../video-embed.ts";
import { isValidPhone } from "./profile.ts";
import { isStorableText, oneLine } from "./text.ts";

/**
 * The building blocks of the listing contract (./listing-categories.ts): one schema per kind of
 * field. Each accepts what a form posts (text, repeated fields) and what JSON sends (numbers,
 * arrays), and gives the value as stored. Every message is an error code, shown through the
 * i18n key `publish.errors.<code>` (app/i18n/en/publish.ts).
 */

export const TITLE_MIN = 3;
export const TITLE_MAX = 140;
export const DESCRIPTION_MAX = 5000;
export const SPECIALTY_MAX = 120;
export const PLACE_MAX = 120;
export const ADDRESS_MAX = 200;
export const VIDEO_URL_MAX = 500;
export const CONTACT_PHONE_MAX = 30;
export const ROOMS_MAX = 100;
export const AREA_MAX = 10_000_000;
/** A billion US dollars: above any real listing, far below what the column holds. */
export const MAX_PRICE_USD = 1_000_000_000;
/** More entries than any list offers: a longer list is not a person's choice. */
const LIST_MAX = 100;

export const LISTING_ERROR_CODES = [
  "titleRequired",
  "titleLength",
  "categoryRequired",
  "serviceCategoryRequired",
  "listingTypeRequired",
  "priceRequired",
  "priceInvalid",
  "priceTypeRequired",
  "countryRequired",
  "cityRequired",
  "addressRequired",
  "descriptionRequired",
  "tooLong",
  "invalidCharacters",
  "choiceInvalid",
  "roomsInvalid",
  "areaInvalid",
  "videoInvalid",
  "contactMethodRequired",
  "contactPhoneRequired",
  "contactPhoneInvalid",
  "imageLimit",
  "imageUnknown",
] as const;
export type ListingErrorCode = (typeof LISTING_ERROR_CODES)[number];

export function isListingErrorCode(value: string): value is ListingErrorCode {
  return (LISTING_ERROR_CODES as readonly string[]).includes(value);
}

function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

const WHOLE = /^\d{1,7}$/;
const STORAGE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+){1,4}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/** "1250.50" → 125050 cents (read by the shared strict parser); null for anything else. */
export function parsePriceToCents(text: string): number | null {
  const cents = parseAmount(text, 2);
  return cents !== null && cents <= MAX_PRICE_USD * 100 ? cents : null;
}

/** The price as the form shows it: "1250" or "1250.50". */
export function centsToPriceText(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Trimmed, with runs of white space as one space. */
function collapse(value: string): string {
  return oneLine(value).trim();
}

/**
 * One value as text: a string, or for a numeric field also a number from JSON. A required
 * field's missing or mistyped value gets the field's own "required" message; text with control
 * characters is refused first, so that is the message such a field shows.
 */
function textInput(required?: ListingErrorCode, numeric = false) {
  const error = required ?? "choiceInvalid";
  const value = numeric ? z.union([z.string(), z.number()], { error }) : z.string({ error });
  return (required ? value : value.optional())
    .transform((v) => (v === undefined ? "" : String(v)))
    .refine(isStorableText, { message: "invalidCharacters", abort: true });
}

/** Several values: the repeated fields of a form, an array in JSON; blanks are dropped. */
function listInput(tooMany: ListingErrorCode) {
  return z
    .array(z.string(), { error: "choiceInvalid" })
    .max(LIST_MAX, tooMany)
    .optional()
    .transform((v) => (v ?? []).filter((item) => item !== ""))
    .refine((list) => list.every(isStorableText), { message: "invalidCharacters", abort: true });
}

type Issue = { addIssue(issue: { code: "custom"; message: string; input: unknown }): void };

function refuse(ctx: Issue, code: ListingErrorCode, input: unknown): never {
  ctx.addIssue({ code: "custom", message: code, input });
  return z.NEVER as never;
}

/** A one-line text that must be given: `required` when blank, "tooLong" beyond `max`. */
export function requiredLine(required: ListingErrorCode, max: number) {
  return textInput(required)
    .transform(collapse)
    .pipe(z.string().min(1, { error: required, abort: true }).max(max, "tooLong"));
}

/** A one-line text that may be left blank (null), "tooLong" beyond `max`. */
export function optionalLine(max: number) {
  return textInput()
    .transform(collapse)
    .pipe(z.string().max(max, "tooLong"))
    .transform((v) => v || null);
}

export const titleField = textInput("titleRequired")
  .transform(collapse)
  .pipe(
    z
      .string()
      .min(1, { error: "titleRequired", abort: true })
      .min(TITLE_MIN, { error: "titleLength", abort: true })
      .max(TITLE_MAX, "titleLength"),
  )
  .meta({ description: `${TITLE_MIN} to ${TITLE_MAX} characters.` });

/** Paragraphs stay; trailing spaces and runs of blank lines go. */
export const descriptionField = textInput("descriptionRequired")
  .transform((v) =>
    v
      .replace(/\r\n?/g, "\n")
      .replace(/[ \t]+$/gm, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
  )
  .pipe(
    z
      .string()
      .min(1, { error: "descriptionRequired", abort: true })
      .max(DESCRIPTION_MAX, "tooLong"),
  )
  .meta({ description: `Up to ${DESCRIPTION_MAX} characters; paragraphs are kept.` });

/** US dollars as typed ("1250.50") or a number; stored in cents. */
export const priceField = textInput("priceRequired", true)
  .transform((v, ctx) => {
    if (!v.trim()) return refuse(ctx, "priceRequired", v);
    return parsePriceToCents(v) ?? refuse(ctx, "priceInvalid", v);
  })
  .meta({ description: "US dollars, up to two decimals (stored in cents).", example: "1250" });

/** A country of the reference table by its ISO code (the known codes are checked per person). */
export const countryCodeField = textInput("countryRequired")
  .transform((v, ctx) => {
    const code = v.trim().toUpperCase();
    if (!code) return refuse(ctx, "countryRequired", v);
    return COUNTRY_CODE.test(code) ? code : refuse(ctx, "choiceInvalid", v);
  })
  .meta({ description: "ISO 3166-1 alpha-2 code of an African country.", example: "GH" });

function oneOfList<const T extends string>(list: readonly T[], required?: ListingErrorCode) {
  return textInput(required)
    .transform((v, ctx): T | null => {
      const value = v.trim();
      if (!value) return required ? refuse(ctx, required, v) : null;
      return oneOf(list, value) ? value : refuse(ctx, "choiceInvalid", v);
    })
    .meta({ enum: [...list] });
}

/**
 * One value of `list`, or null when blank; a value outside the list is "choiceInvalid". The list
 * is the field's `enum`, which the form reads to offer its options.
 */
export function choice<const T extends string>(list: readonly T[]) {
  return oneOfList(list);
}

/** One value of `list` that must be given: a blank is refused with `required`. */
export function requiredChoice<const T extends string>(
  list: readonly T[],
  required: ListingErrorCode,
) {
  return oneOfList(list, required)
    .transform((v, ctx): T => v ?? refuse(ctx, required, v))
    .meta({ enum: [...list] });
}

/** A value fixed by the category (its only listing type): whatever is sent, this is stored. */
export function fixed<const T extends string>(value: T) {
  return textInput()
    .transform((): T => value)
    .meta({ enum: [value], description: `Always "${value}" in this category.` });
}

/** Values of `list` in the list's order, each once; one value outside it is "choiceInvalid". */
export function choices<const T extends string>(list: readonly T[]) {
  return listInput("choiceInvalid")
    .transform((chosen, ctx): T[] => {
      const unique = new Set(chosen);
      if ([...unique].some((item) => !oneOf(list, item)))
        return refuse(ctx, "choiceInvalid", chosen);
      return list.filter((item) => unique.has(item));
    })
    .meta({ items: { enum: [...list] } });
}

/** A whole number from 0 (or 1 with `positive`) up to `max`, or null when blank. */
export function wholeNumber(max: number, code: ListingErrorCode, positive = false) {
  return textInput(undefined, true)
    .transform((v, ctx): number | null => {
      const value = v.trim();
      if (!value) return null;
      const n = Number(value);
      if (!WHOLE.test(value) || n > max || (positive && n < 1)) return refuse(ctx, code, v);
      return n;
    })
    .meta({ description: `A whole number from ${positive ? 1 : 0} to ${max}.` });
}

/** Storage keys of uploaded images in gallery order, the first the cover; repeats count once. */
export const imagesField = listInput("imageLimit")
  .transform((keys, ctx) => {
    const unique = [...new Set(keys)];
    if (unique.length > MAX_LISTING_IMAGES) return refuse(ctx, "imageLimit", keys);
    return unique.every((key) => STORAGE_KEY.test(key))
      ? unique
      : refuse(ctx, "imageUnknown", keys);
  })
  .meta({
    description: `Up to ${MAX_LISTING_IMAGES} keys from POST /api/v1/my-listings/uploads; the first is the cover.`,
  });

/** A YouTube or Vimeo address, or null. */
export const videoUrlField = textInput()
  .transform((v, ctx) => {
    const url = v.trim();
    if (!url) return null;
    return url.length <= VIDEO_URL_MAX && videoEmbed(url) ? url : refuse(ctx, "videoInvalid", v);
  })
  .meta({ description: "A YouTube or Vimeo link." });

/** How visitors reach the owner; e-mail when blank. */
export function contactMethodField<const T extends string>(methods: readonly T[], fallback: T) {
  return textInput()
    .transform((v, ctx): T => {
      const method = v.trim() || fallback;
      return oneOf(methods, method) ? method : refuse(ctx, "contactMethodRequired", v);
    })
    .meta({ enum: [...methods] });
}

/** The listing's own phone number, or null (phone and WhatsApp contact then use the profile's). */
export const contactPhoneField = textInput()
  .transform(collapse)
  .transform((phone, ctx) => {
    if (!phone) return null;
    return phone.length <= CONTACT_PHONE_MAX && isValidPhone(phone)
      ? phone
      : refuse(ctx, "contactPhoneInvalid", phone);
  })
  .meta({ description: "A phone number with 5 to 15 digits." });
