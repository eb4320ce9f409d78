import type { en } from "./en.ts";

/**
 * The translator's core, without any catalogue: the browser bundle imports this module and gets
 * its texts as data from the loaders (see messages-context.tsx), while the server's full
 * catalogue lives in translate.ts. `en` is imported for its type only.
 */
type Catalogue = typeof en;

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

export type MessageKey = Paths<Catalogue>;
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A catalogue's top-level namespace (`home`), or one of its sections (`auth.toasts`). */
export type MessageScope = {
  [K in keyof Catalogue & string]: K | `${K}.${keyof Catalogue[K] & string}`;
}[keyof Catalogue & string];

/** Some of a locale's texts, shaped like the catalogue: what a page receives. */
export interface Messages {
  [key: string]: string | Messages;
}

export const LOCALES = ["en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

const PLURAL_CATEGORIES: readonly string[] = ["zero", "one", "two", "few", "many", "other"];

export function isPluralText(value: unknown): value is PluralText {
  if (value === null || typeof value !== "object") return false;
  const entries = Object.entries(value);
  return (
    typeof (value as { other?: unknown }).other === "string" &&
    entries.every(([k, v]) => PLURAL_CATEGORIES.includes(k) && typeof v === "string")
  );
}

export function lookup(messages: object, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function isTree(value: unknown): value is Messages {
  return value !== null && typeof value === "object";
}

/** The texts of both, `extra`'s winning where both have one; neither is changed. */
export function mergeMessages(base: Messages, extra: Messages | undefined): Messages {
  if (!extra || extra === base) return base;
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isTree(current) && isTree(value) ? mergeMessages(current, value) : value;
  }
  return merged;
}

/** The texts a route's loader sent along with its data, if any. */
export function messagesOf(loaderData: unknown): Messages | undefined {
  if (!isTree(loaderData) || !("messages" in loaderData)) return undefined;
  return isTree(loaderData.messages) ? loaderData.messages : undefined;
}

/** The texts of all matched routes, deeper routes winning: what a page's `meta` translates with. */
export function matchedMessages(matches: readonly ({ loaderData?: unknown } | undefined)[]) {
  return matches.reduce<Messages>(
    (all, match) => mergeMessages(all, messagesOf(match?.loaderData)),
    {},
  );
}

type TextParams = Record<string, string | number>;

/**
 * The parameters every text may use: `{siteName}`, the platform's name as the administrator set
 * it (the root loader's settings), or the catalogue's brand before any data arrived.
 */
export function siteParams(rootData: unknown, messages: object): TextParams | undefined {
  const settings =
    rootData && typeof rootData === "object" && "settings" in rootData
      ? (rootData as { settings?: { siteName?: unknown } }).settings
      : undefined;
  const siteName =
    typeof settings?.siteName === "string" ? settings.siteName : lookup(messages, "layout.brand");
  return typeof siteName === "string" ? { siteName } : undefined;
}

/**
 * A translator over some texts of one locale. `{name}` placeholders are filled from params, or
 * from `defaults` (the site's name, see `siteParams`). A
 * plural text takes its form from the number `count`, which it shows with the locale's digit
 * grouping ("1,250"). A text the page was not given shows as its key (and is logged in
 * development, where it means a route forgot to ask for its namespace).
 */
export function translatorFor(
  messages: object,
  locale: Locale = DEFAULT_LOCALE,
  defaults?: TextParams,
): Translate {
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  return (key, given) => {
    const found = lookup(messages, key);
    if (found === undefined && import.meta.env.DEV) console.warn(`No text for "${key}" here`);
    const params = defaults ? { ...defaults, ...given } : given;
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

/**
 * The translator of a route's `meta`, over the texts its matched routes' loaders sent. Where a
 * route failed before its loader answered (its error page shows), its texts are not there: the
 * tab then reads the site's name, never a key. Titles name the site as `{siteName}`, filled from
 * the root loader's settings.
 */
export function metaTranslator(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
): Translate {
  const messages = matchedMessages(matches);
  const defaults = siteParams(matches[0]?.loaderData, messages);
  const t = translatorFor(messages, DEFAULT_LOCALE, defaults);
  return (key, params) =>
    lookup(messages, key) === undefined
      ? String(defaults?.siteName ?? t("layout.brand"))
      : t(key, params);
}
