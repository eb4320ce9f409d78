/**
 * Amounts as people type them, read strictly: digits, then at most one "." and the fraction.
 * "10,5" is refused rather than read as 105 (a comma is a decimal separator in much of Africa
 * and Europe), and "1,000" rather than guessed at: no form states a thousands separator, so any
 * separator but the one "." is a mistake to show, not to repair. Spaces around are trimmed;
 * signs, exponents, currency symbols and other digits are refused. Every form and the API read
 * amounts through this one parser.
 */

const AMOUNT_TEXT = /^(\d{1,15})(?:\.(\d+))?$/;

/**
 * An amount typed in major units (text from a form, or a number from JSON) in minor units with
 * `decimals` fraction digits, exactly: "10.5" with 2 decimals is 1050. Null when it is not such
 * an amount: a separator other than one ".", more fraction digits than `decimals` (trailing zeros
 * aside), a negative or non-finite number.
 */
export function parseAmount(input: unknown, decimals: number): number | null {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null;
    text = String(input);
  } else if (typeof input === "string") {
    text = input.trim();
  } else {
    return null;
  }
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) return null;
  const minor = Number(`${match[1]}${fraction.padEnd(decimals, "0")}`);
  return Number.isSafeInteger(minor) ? minor : null;
}
