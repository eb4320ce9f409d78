import { en } from "./en.ts";

type Messages = typeof en;

/** Dotted paths to every string of the English catalogue: `nav.home`, `contact.errors.name`, … */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Paths<Messages>;
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export const LOCALES = ["en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

const catalogues: Record<Locale, Messages> = { en };

export function isMessageKey(value: string): value is MessageKey {
  return typeof lookup(en, value) === "string";
}

function lookup(messages: Messages, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A translator for one locale; `{name}` placeholders are filled from params. */
export function createTranslator(locale: Locale = DEFAULT_LOCALE): Translate {
  const messages = catalogues[locale];
  return (key, params) => {
    const found = lookup(messages, key) ?? lookup(en, key);
    const text = typeof found === "string" ? found : key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) =>
      name in params ? String(params[name]) : match,
    );
  };
}
