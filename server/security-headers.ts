import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../app/config.server.ts";
import { findPaymentProvider } from "../app/services/payments/provider-registry.server.ts";

/**
 * Security headers with a content security policy that allows the app's own origin and the few
 * outside services it really uses: map tiles, video embeds, and the origins forms may send the
 * browser to — the Google authorization endpoint in use and the configured payment provider's
 * hosted checkout (browsers hold a form's redirect to `form-action` too). Built once the app has
 * started, when the provider is known.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const formAction = ["'self'"];
  if (config.google) formAction.push(new URL(config.google.authorizationUrl).origin);
  formAction.push(...(findPaymentProvider()?.origins() ?? []));
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
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
      baseUri: ["'self'"],
      formAction,
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
  });
}
