import { en } from "./en.ts";
import {
  DEFAULT_LOCALE,
  lookup,
  translatorFor,
  isPluralText,
  type Locale,
  type MessageKey,
  type Messages,
  type MessageScope,
  type Translate,
} from "./translator.ts";

/**
 * The full catalogues, for the server (e-mails, API messages, loaders) and the tests. The browser
 * never imports this module's values: pages get the texts they need from `pickMessages`.
 */
export { DEFAULT_LOCALE, isPluralText, LOCALES } from "./translator.ts";
export type { Locale, MessageKey, PluralText, Translate } from "./translator.ts";

const catalogues: Record<Locale, typeof en> = { en };

export function isMessageKey(value: string): value is MessageKey {
  const found = lookup(en, value);
  return typeof found === "string" || isPluralText(found);
}

/** A translator over a locale's whole catalogue, English filling any gap. */
export function createTranslator(locale: Locale = DEFAULT_LOCALE): Translate {
  // Without the settings at hand, `{siteName}` is the catalogue's brand.
  const site = { siteName: en.layout.brand };
  const english = translatorFor(en, locale, site);
  if (locale === DEFAULT_LOCALE) return english;
  const own = translatorFor(catalogues[locale], locale, site);
  return (key, params) =>
    lookup(catalogues[locale], key) === undefined ? english(key, params) : own(key, params);
}

/**
 * The parts of a locale's catalogue a page shows, for its loader to send along with its data
 * (`{ messages: pickMessages(["home"]) }`).
 */
export function pickMessages(
  scopes: readonly MessageScope[],
  locale: Locale = DEFAULT_LOCALE,
): Messages {
  const picked: Messages = {};
  for (const scope of scopes) {
    const [namespace = scope, section] = scope.split(".");
    const texts = (lookup(catalogues[locale], scope) ?? lookup(en, scope)) as Messages;
    const existing = picked[namespace];
    picked[namespace] =
      section === undefined
        ? texts
        : { ...(typeof existing === "object" ? existing : {}), [section]: texts };
  }
  return picked;
}

/** The section a text belongs to (`auth.toasts` for `auth.toasts.signedIn`), to pick with it. */
export function scopeOf(key: MessageKey): MessageScope {
  return key.split(".").slice(0, 2).join(".") as MessageScope;
}
