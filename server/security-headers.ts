import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../app/config.server.ts";

/**
 * Security headers with a content security policy that allows the app's own origin and the few
 * outside services it really uses: map tiles, video embeds, and (for the sign-in form's
 * redirect) the Google authorization endpoint in use.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const formAction = ["'self'"];
  if (config.google) formAction.push(new URL(config.google.authorizationUrl).origin);
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
