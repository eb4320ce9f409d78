import { createContext } from "react";
import { DEFAULT_LOCALE, type Locale } from "./translator.ts";

/** The page's locale, provided by the root route (English where no provider is, e.g. errors). */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
