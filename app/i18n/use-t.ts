import { use, useMemo } from "react";
import { LocaleContext } from "./locale-context.ts";
import { createTranslator, type Translate } from "./translate.ts";

/** The translator for the page's locale. */
export function useT(): Translate {
  const locale = use(LocaleContext);
  return useMemo(() => createTranslator(locale), [locale]);
}
