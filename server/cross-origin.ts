import type { MiddlewareHandler } from "hono";
import { createTranslator } from "../app/i18n/translate.ts";
import { pageNonce } from "./security-headers.ts";

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

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The refusal a person sees when another site's page sent their browser here: a page of its own
 * (the app's styles are not loaded for it; its own style carries the policy's nonce) with the
 * message and a way to the site.
 */
function refusalPage(appUrl: string, nonce: string | undefined): string {
  const t = createTranslator();
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t("requests.crossOriginTitle"))} — Gateway Africa</title>
<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fafaf9;color:#1c1917;font-family:ui-sans-serif,system-ui,sans-serif}
main{max-width:32rem;padding:1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 1rem}
p{color:#57534e;line-height:1.5;margin:0 0 1.5rem}
a{display:inline-block;background:#13644d;color:#fff;text-decoration:none;font-weight:500;padding:.5rem 1rem;border-radius:.5rem}
a:hover{background:#124f3f}
</style></head>
<body><main><h1>${escapeHtml(t("requests.crossOriginTitle"))}</h1><p>${escapeHtml(t("requests.crossOrigin"))}</p><a href="${escapeHtml(appUrl)}/">${escapeHtml(t("layout.error.home"))}</a></main></body></html>`;
}

/**
 * Refuses every state-changing request from another website (see above) before it reaches
 * better-auth, the API or a page's action: 403 with a JSON error under /api, a short page
 * elsewhere. Nothing behind it needs its own check.
 */
export function crossOriginProtection(appUrl: () => string): MiddlewareHandler {
  return async (c, next) => {
    const site = appUrl();
    if (!isCrossOriginRequest(c.req.raw, new URL(site).origin)) return next();
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
      const message = createTranslator()("requests.crossOrigin");
      return c.json({ error: { code: "CROSS_ORIGIN_REQUEST", message } }, 403);
    }
    return c.html(refusalPage(site, pageNonce(c)), 403);
  };
}
