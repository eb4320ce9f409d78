import { z } from "zod";
import { isStorableText, oneLine } from "./text.ts";

/**
 * The administrator's currency input: a new currency (the Add Currency dialog, POST
 * /api/v1/admin/currencies) and a rate (the row's inline edit, PATCH
 * /api/v1/admin/currencies/{code}). Rates are stored as numeric(20,6): the bounds below are the
 * ones the column holds without rounding a rate to zero or overflowing.
 */
export const MIN_RATE = 0.000001;
export const MAX_RATE = 99_999_999_999_999;

/** A plain decimal as a person types it: no exponent, no hexadecimal, no thousands separators. */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A number from a form's text or a JSON number; anything else is NaN, which the schema refuses. */
export function parseDecimal(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}

const E = {
  number: "dashboard.currency.errors.invalidNumber",
  positive: "dashboard.currency.errors.ratePositive",
  tooSmall: "dashboard.currency.errors.rateTooSmall",
  tooLarge: "dashboard.currency.errors.rateTooLarge",
  name: "dashboard.currency.errors.name",
  code: "dashboard.currency.errors.code",
  symbol: "dashboard.currency.errors.symbol",
  countryCode: "dashboard.currency.errors.countryCode",
} as const;

export const rateSchema = z
  .unknown()
  .transform(parseDecimal)
  .pipe(
    z
      .number({ error: E.number })
      .gt(0, E.positive)
      .min(MIN_RATE, E.tooSmall)
      .max(MAX_RATE, E.tooLarge)
      // What the column keeps: six decimal places.
      .transform((rate) => rate.toFixed(6)),
  )
  .meta({
    description: `Units of the currency for 1 US dollar, from ${MIN_RATE} to ${MAX_RATE}; a number or a decimal string.`,
    anyOf: [{ type: "number" }, { type: "string", pattern: DECIMAL.source }],
  });

/** Upper case, as the spec asks: "kes" is KES. */
function upperText(error: string, pattern: RegExp) {
  return z.string({ error }).trim().toUpperCase().regex(pattern, error);
}

const lineText = (error: string, max: number) =>
  z
    .string({ error })
    .refine(isStorableText, error)
    .overwrite(oneLine)
    .trim()
    .min(1, error)
    .max(max, error);

export const currencyInputSchema = z.object({
  name: lineText(E.name, 60).meta({ description: "The currency's name, e.g. Kenyan Shilling." }),
  code: upperText(E.code, /^[A-Z]{3}$/).meta({
    description: "Three letters, stored upper case; unique.",
  }),
  symbol: lineText(E.symbol, 8).meta({ description: "Shown before amounts, e.g. KSh." }),
  ratePerUsd: rateSchema,
  countryCode: z
    .union([z.string(), z.null()], { error: E.countryCode })
    .optional()
    .transform((code) => code?.trim().toUpperCase() || null)
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, E.countryCode)
        .nullable(),
    )
    .meta({ description: "Two letters of the country whose flag shows beside it; optional." }),
});

export type CurrencyInput = z.output<typeof currencyInputSchema>;

export const currencyRateInputSchema = z.object({ ratePerUsd: rateSchema });
