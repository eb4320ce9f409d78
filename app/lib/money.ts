import { currencyExponent } from "./payment-values.ts";

/** A display currency as the browser needs it: rates are decimal strings from the database. */
export interface DisplayCurrency {
  code: string;
  name: string;
  symbol: string;
  ratePerUsd: string;
  countryCode: string | null;
  decimals: number;
}

export const USD: DisplayCurrency = {
  code: "USD",
  name: "US Dollar",
  symbol: "$",
  ratePerUsd: "1",
  countryCode: "US",
  decimals: 2,
};

/**
 * Converts US cents into the display currency. Cents stay exact integers in storage; the
 * conversion is for display only, rounded to the currency's customary fraction digits.
 */
export function convertUsdCents(usdCents: number, currency: DisplayCurrency): number {
  const rate = Number(currency.ratePerUsd);
  const factor = 10 ** currency.decimals;
  return Math.round((usdCents / 100) * rate * factor) / factor;
}

function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * "₦1,480,000", "$1,250", "KSh 13,000.50", or "N/A" when the amount is missing or not a number.
 * Whole amounts drop their fraction digits so cards stay short on small screens.
 */
export function formatPrice(
  usdCents: number | null | undefined,
  currency: DisplayCurrency,
  locale = "en",
  notAvailable = "N/A",
): string {
  if (!isAmount(usdCents) || usdCents < 0 || !Number.isFinite(Number(currency.ratePerUsd))) {
    return notAvailable;
  }
  const amount = convertUsdCents(usdCents, currency);
  const whole = Number.isInteger(amount);
  const digits = new Intl.NumberFormat(locale, {
    minimumFractionDigits: whole ? 0 : currency.decimals,
    maximumFractionDigits: whole ? 0 : currency.decimals,
  }).format(amount);
  const separator = /^[A-Za-z]/.test(currency.symbol) && currency.symbol.length > 1 ? " " : "";
  return `${currency.symbol}${separator}${digits}`;
}

/** "per night" from "per_night": the spec shows price types with underscores as spaces. */
export function formatPriceType(priceType: string | null | undefined): string {
  return priceType ? priceType.replace(/_/g, " ") : "";
}

/** Parses an amount typed in the display currency back into US cents (for price filters). */
export function displayAmountToUsdCents(amount: number, currency: DisplayCurrency): number | null {
  const rate = Number(currency.ratePerUsd);
  if (!Number.isFinite(amount) || amount < 0 || !(rate > 0)) return null;
  return Math.round((amount / rate) * 100);
}

/** "$25" or "$35.50": a price set in US dollars (the premium plans), cents only when there are some. */
export function formatUsd(amount: number, locale = "en"): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** Rates are against the US dollar: its own rate is 1 by definition. */
export const BASE_CURRENCY = "USD";

/**
 * An amount kept in a currency's minor units as the payer reads it: "NGN 52,500.00" is 5,250,000
 * kobo, "CFA 5,000" is 5,000 francs (no minor unit). For payments and receipts, which are charged
 * in the currency shown, not converted for display.
 */
export function formatMinor(amountMinor: number, currency: string, locale = "en"): string {
  const code = currency.toUpperCase();
  return new Intl.NumberFormat(locale, { style: "currency", currency: code }).format(
    amountMinor / 10 ** currencyExponent(code),
  );
}
