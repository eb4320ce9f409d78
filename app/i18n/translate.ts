import { en } from "./en.ts";

type Messages = typeof en;

/**
 * A text about a number of things ("1 view", "2 views"): one form per plural category of the
 * language (Intl.PluralRules: English uses `one` and `other`; others also `zero`, `two`, `few`,
 * `many`). The translator picks the form by the `count` parameter.
 */
export type PluralText = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** An object of plural forms only; any other key makes it a namespace of the catalogue. */
type IsPlural<T> = T extends PluralText
  ? Exclude<keyof T, Intl.LDMLPluralRule> extends never
    ? true
    : false
  : false;

/** Dotted paths to every text of the English catalogue: `nav.home`, `contact.errors.name`, … */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : IsPlural<T[K]> extends true
      ? `${Prefix}${K}`
      : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Paths<Messages>;
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export const LOCALES = ["en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

const catalogues: Record<Locale, Messages> = { en };

const PLURAL_CATEGORIES: readonly string[] = ["zero", "one", "two", "few", "many", "other"];

export function isPluralText(value: unknown): value is PluralText {
  if (value === null || typeof value !== "object") return false;
  const entries = Object.entries(value);
  return (
    typeof (value as { other?: unknown }).other === "string" &&
    entries.every(([k, v]) => PLURAL_CATEGORIES.includes(k) && typeof v === "string")
  );
}

export function isMessageKey(value: string): value is MessageKey {
  const found = lookup(en, value);
  return typeof found === "string" || isPluralText(found);
}

function lookup(messages: Messages, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A translator for one locale. `{name}` placeholders are filled from params. A plural text takes
 * its form from the number `count`, which it shows with the locale's digit grouping ("1,250").
 */
export function createTranslator(locale: Locale = DEFAULT_LOCALE): Translate {
  const messages = catalogues[locale];
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  return (key, params) => {
    const found = lookup(messages, key) ?? lookup(en, key);
    const count = params?.count;
    const text =
      typeof found === "string"
        ? found
        : isPluralText(found)
          ? (found[typeof count === "number" ? plurals.select(count) : "other"] ?? found.other)
          : key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => {
      if (!(name in params)) return match;
      const value = params[name];
      return name === "count" && typeof value === "number" && isPluralText(found)
        ? numbers.format(value)
        : String(value);
    });
  };
}
