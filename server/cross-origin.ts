import type { MiddlewareHandler } from "hono";
import { createTranslator } from "../app/i18n/translate.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request would change something on behalf of another website: the rule of Go 1.25's
 * net/http CrossOriginProtection, with the site's own origin (APP_URL) as the trusted one.
 *
 * - GET, HEAD and OPTIONS never change anything here, so they always pass.
 * - `Origin` equal to the site's own origin passes.
 * - `Sec-Fetch-Site: same-origin` passes (a page of this site, even opened at another host name
 *   such as 127.0.0.1 instead of localhost), and so does `none` (the person typed the address or
 *   used a bookmark). Any other value (`cross-site`, `same-site`) is refused: every browser since
 *   2023 sends this header, and it cannot be forged by a page.
 * - Without `Sec-Fetch-Site`, an `Origin` from anywhere else (or "null", from a sandboxed frame
 *   or a data: page) is refused.
 * - A request with neither header passes. Browsers send `Origin` on every cross-origin POST,
 *   PUT, PATCH and DELETE (forms and fetch alike), so such a request does not come from another
 *   site's page in a browser: it comes from a program (curl, a mobile app, a server), which holds
 *   no visitor's cookies and so cannot act for a visitor. Cross-site request forgery rides on the
 *   ambient cookies of a browser, and that browser would have said where the request came from.
 */
export function isCrossOriginRequest(request: Request, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin === siteOrigin) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return false;
  if (site) return true;
  return origin !== null;
}

/**
 * Refuses every state-changing request from another website (see above) before it reaches
 * better-auth, the API or a page's action: 403 with a JSON error under /api, a plain message
 * elsewhere. Nothing behind it needs its own check.
 */
export function crossOriginProtection(appUrl: () => string): MiddlewareHandler {
  return async (c, next) => {
    if (!isCrossOriginRequest(c.req.raw, new URL(appUrl()).origin)) return next();
    const message = createTranslator()("requests.crossOrigin");
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
      return c.json({ error: { code: "CROSS_ORIGIN_REQUEST", message } }, 403);
    }
    return c.text(message, 403);
  };
}
