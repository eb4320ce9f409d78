import type { MiddlewareHandler } from "hono";
import { inRequestScope, logger } from "../app/lib/logger.server.ts";

/** Query parameters whose values are secrets (sign-in links, OAuth codes): never logged. */
const SECRET_PARAMETERS = /^(token|code|secret|state|password|.*_token)$/i;

/**
 * One JSON line per request: method, path (secret query values blanked), status, duration and the
 * request's id, which hono's requestId() put on the context and on the X-Request-Id header. The
 * request is served inside its id's scope, so whatever is logged while serving it carries the id.
 * The duration runs to the response's headers: a streamed page may still be sending its body.
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.get("requestId");
    await inRequestScope(requestId, next);
    logger.info(
      {
        requestId,
        method: c.req.method,
        path: loggablePath(c.req.url),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}

/**
 * Addresses whose last part says something private: which identity document an administrator
 * opened is not for the log (docs/decisions/019-identity-documents.md).
 */
const PRIVATE_PATHS = /^(\/verification-documents\/)[^/]+$/;

export function loggablePath(url: string): string {
  const { searchParams } = new URL(url);
  const pathname = new URL(url).pathname.replace(PRIVATE_PATHS, "$1redacted");
  if (searchParams.size === 0) return pathname;
  const kept = new URLSearchParams();
  for (const [name, value] of searchParams) {
    kept.append(name, SECRET_PARAMETERS.test(name) ? "redacted" : value);
  }
  return `${pathname}?${kept.toString()}`;
}
