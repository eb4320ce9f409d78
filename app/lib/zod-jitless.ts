import type { $ZodConfig } from "zod/v4/core";

declare global {
  /** Where zod keeps its settings, shared by every copy of zod a page loads (zod/v4/core). */
  var __zod_globalConfig: $ZodConfig | undefined;
}

/**
 * Zod builds a fast parser for each object schema with `new Function`, after trying once whether
 * the page allows it. The page security policy does not (no 'unsafe-eval'), and the browser
 * reports even that caught try as a violation. In the browser zod parses without building (its
 * forms are small); the server keeps the built parsers. app/root.tsx imports this first, so it
 * runs before any schema module of a page is evaluated. The setting goes to zod's global rather
 * than through `config()` so that pages without a form load no part of zod.
 */
if (typeof document !== "undefined") (globalThis.__zod_globalConfig ??= {}).jitless = true;
