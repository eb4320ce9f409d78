import { use, useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { LocaleContext } from "./locale-context.ts";
import { MessagesContext } from "./messages-context.tsx";
import { siteParams, translatorFor, type Translate } from "./translator.ts";

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
