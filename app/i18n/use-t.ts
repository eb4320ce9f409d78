import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { createTranslator, DEFAULT_LOCALE, type Translate } from "./translate.ts";

/** The translator for the page's locale (English when the root data is unavailable, e.g. errors). */
export function useT(): Translate {
  const locale = useRouteLoaderData<typeof rootLoader>("root")?.locale ?? DEFAULT_LOCALE;
  return useMemo(() => createTranslator(locale), [locale]);
}
