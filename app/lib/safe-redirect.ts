/**
 * Control characters, any kind of whitespace (tab, line breaks, the ideographic space…) and
 * backslashes. Browsers drop tabs and line breaks from URLs and read "\" as "/", so
 * "/<TAB>/evil.example" or "/\evil.example" reach another site: a target holding any of them is
 * never followed, whatever it would parse to here.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\s\\]/u;

/**
 * Where a redirect taken from input (a form's `redirectTo`, a query's `returnTo`) may go: the
 * path, query and fragment of the URL the browser itself would make of it, when that URL is on
 * `appUrl`'s origin; null for anything else. The answer is percent-encoded ASCII, so it can
 * always stand in a Location header (a full-width "。" would not).
 */
export function sameOriginPath(target: unknown, appUrl: string): string | null {
  if (typeof target !== "string" || target === "" || UNSAFE.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, appUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(appUrl).origin) return null;
  return url.pathname + url.search + url.hash;
}
