import { use, useMemo } from "react";
import { LocaleContext } from "./locale-context.ts";
import { MessagesContext } from "./messages-context.tsx";
import { translatorFor, type Translate } from "./translator.ts";

/** The translator for the page's locale, over the texts the page was given. */
export function useT(): Translate {
  const locale = use(LocaleContext);
  const messages = use(MessagesContext);
  return useMemo(() => translatorFor(messages, locale), [messages, locale]);
}
