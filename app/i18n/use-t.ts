import { use, useCallback, useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { LocaleContext } from "./locale-context.ts";
import { MessagesContext } from "./messages-context.tsx";
import {
  isPluralText,
  lookup,
  siteParams,
  translatorFor,
  type MessageKey,
  type Translate,
} from "./translator.ts";

/**
 * The translator for the page's locale, over the texts the page was given; `{siteName}` in a
 * text is the platform's name as the administrator set it.
 */
export function useT(): Translate {
  const locale = use(LocaleContext);
  const messages = use(MessagesContext);
  const siteName = siteParams(useRouteLoaderData("root"), messages)?.siteName;
  return useMemo(
    () => translatorFor(messages, locale, siteName === undefined ? undefined : { siteName }),
    [messages, locale, siteName],
  );
}

/**
 * Whether a key the server sent (a field's error) is one of the page's texts. Components ask
 * this rather than `isMessageKey` of i18n/translate.ts, whose check reads the whole catalogue
 * and would bring it into the browser's bundle.
 */
export function useIsMessageKey(): (value: string) => value is MessageKey {
  const messages = use(MessagesContext);
  return useCallback(
    (value: string): value is MessageKey => {
      const found = lookup(messages, value);
      return typeof found === "string" || isPluralText(found);
    },
    [messages],
  );
}
