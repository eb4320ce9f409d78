import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Config } from "../app/config.server.ts";
import { findPaymentProvider } from "../app/services/payments/provider-registry.server.ts";

/** The address of a link followed to another site carries this site's origin only. */
const REFERRER_POLICY = "strict-origin-when-cross-origin";
/** A year: browsers that saw it once refuse plain http to the site and its subdomains. */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * Whether people reach the site over https. APP_URL is the address they use, which stays the
 * judge when a proxy ends TLS in front of the app: the app itself then sees plain http. Sending
 * HSTS from http://localhost would make the browser refuse every other local http app on that
 * host name for a year, so a plain http address gets none.
 */
function servedOverHttps(config: Config): boolean {
  return new URL(config.appUrl).protocol === "https:";
}

/**
 * Security headers for every answer of the app (pages, API, media), with the page security
 * policy of the spec: scripts, frames and connections from the site's own origin only, plus the
 * few outside services it really uses — map tiles (images), video embeds (frames), and the
 * origins forms send the browser to, the Google authorization endpoint in use and the configured
 * payment provider's hosted checkout (browsers hold a form's redirect to `form-action` too).
 * Neither Google nor the provider is scripted, framed or fetched from the pages, so they appear
 * in `form-action` only. Built once the app has started, when the provider is known.
 *
 * Inline scripts run only with the request's nonce (`NONCE` makes a fresh one per request; the
 * pages read it with `pageNonce`). Styles: `<style>` elements need the nonce as well, but style
 * attributes are allowed — server-rendered markup sets computed values with them (the width of a
 * rating's stars, of progress and figure bars, a toast's timing) that no stylesheet can know, and
 * an attribute can neither select other elements nor load anything outside `img-src`, which is
 * what an injected stylesheet would be used for.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const formAction = ["'self'"];
  if (config.google) formAction.push(new URL(config.google.authorizationUrl).origin);
  formAction.push(...(findPaymentProvider()?.origins() ?? []));
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", NONCE],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: [
        "'self'",
        "data:",
        "blob:",
        "https://tile.openstreetmap.org",
        "https://*.tile.openstreetmap.org",
      ],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction,
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: REFERRER_POLICY,
    strictTransportSecurity: servedOverHttps(config) ? STRICT_TRANSPORT_SECURITY : false,
    xFrameOptions: "DENY",
  });
}

/** The nonce of the request's page security policy (set by `securityHeaders`). */
export function pageNonce(c: Context): string | undefined {
  return c.get("secureHeadersNonce");
}

/**
 * The policy of the files served as they are (built scripts and styles, images, the favicon and
 * the manifest). Browsers apply a policy only to a document, so it matters when such a file is
 * opened by itself, an SVG above all: nothing runs, nothing loads but images of the site, and
 * `sandbox` gives the document an origin of its own, so it can reach nothing of the site.
 */
const STATIC_FILE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/** The security headers of a static file (server.ts and dev.ts add them to each one). */
export function staticFileHeaders(config: Config): Record<string, string> {
  return {
    "Content-Security-Policy": STATIC_FILE_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    ...(servedOverHttps(config) ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}
