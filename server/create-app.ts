import { Hono, type Context, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER, handleAuthRequest } from "../app/auth/auth.server.ts";
import { inClientAddressScope } from "../app/auth/rate-limit.server.ts";
import { loadViewer } from "../app/auth/session.server.ts";
import { viewerContext } from "../app/auth/viewer.ts";
import { getConfig } from "../app/config.server.ts";
import { nonceContext } from "../app/lib/csp-nonce.ts";
import { isDatabaseUnavailable, watchDatabaseFailures } from "../app/lib/database-unavailable.ts";
import { AppError } from "../app/lib/app-error.ts";
import { markDatabaseUnreachable } from "../app/lib/database-unavailable-page.server.ts";
import { logger } from "../app/lib/logger.server.ts";
import { apiV1, appErrorResponse } from "./api/v1/index.ts";
import { validatePublicAnswers, withPageCaching } from "./cache-policy.ts";
import { crossOriginProtection } from "./cross-origin.ts";
import { requestLog } from "./request-log.ts";
import { resources } from "./resources.ts";
import { pageNonce, securityHeaders } from "./security-headers.ts";

export interface AppOptions {
  /** Opens the database and services once; every request waits for it. */
  start: () => Promise<unknown>;
  /** React Router's request handler for the pages. */
  handleDocument: (request: Request, context: RouterContextProvider) => Promise<Response>;
}

/**
 * Everything but the static files: security headers → the cross-origin check of every write →
 * /api/auth → /api/v1 → media and generated images → pages. server/app.ts builds it with the compiled pages; the integration tests build the same
 * chain with the page modules loaded directly.
 */
export function createApp({ start, handleDocument }: AppOptions): Hono {
  const app = new Hono();

  app.use(requestId());
  app.use(requestLog());
  // A 503 (the database is away, a provider does not answer) says when to try again.
  app.use(async (c, next) => {
    await next();
    if (c.res.status === 503 && !c.res.headers.has("Retry-After")) {
      c.header("Retry-After", RETRY_AFTER_SECONDS);
    }
  });
  let security: MiddlewareHandler | undefined;
  app.use(async (c, next) => {
    await start();
    security ??= securityHeaders(getConfig());
    await security(c, next);
    // A 304 stands for the page the browser keeps, whose scripts carry that answer's nonce: a
    // policy with this request's nonce would replace the kept one and block them all.
    if (c.res.status === 304) c.res.headers.delete("Content-Security-Policy");
  });
  app.use(crossOriginProtection(() => getConfig().appUrl));
  // Dynamic answers are gzipped as they stream: brotli would cost the CPU far more per request
  // for a few percent fewer bytes (the built assets are served pre-compressed with brotli).
  app.use(compress());

  /**
   * The client's address for rate limits comes from the socket, never from a header the client
   * could send (behind a proxy, the proxy's own header would be mapped here instead).
   */
  app.use(async (c, next) => {
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
      ?.incoming;
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const address = incoming?.socket?.remoteAddress;
    if (address) headers.set(CLIENT_IP_HEADER, address);
    c.req.raw = new Request(c.req.raw, { headers });
    await inClientAddressScope(address ?? null, next);
  });

  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const { result, unavailable } = await watchDatabaseFailures(() => handleAuthRequest(c.req.raw));
    return unavailable && result.status >= 500 ? databaseUnavailable(c) : result;
  });
  app.use("/api/v1/*", validatePublicAnswers);
  app.route("/api/v1", apiV1);
  app.route("/", resources);

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    const viewer = await loadViewer(c.req.raw.headers).catch((error: unknown) => {
      // Without the database the session cannot be read: the root answers 503 in the site's look.
      if (!isDatabaseUnavailable(error)) throw error;
      markDatabaseUnreachable(context);
      return null;
    });
    context.set(viewerContext, viewer);
    const nonce = pageNonce(c) ?? null;
    context.set(nonceContext, nonce);
    const response = await handleDocument(c.req.raw, context);
    return withPageCaching(c.req.raw, {
      pathname: c.req.path,
      signedIn: viewer !== null,
      response,
      nonce,
    });
  });
  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, "The database could not be reached.");
      return databaseUnavailable(c);
    }
    logger.error({ err: error }, "A request failed.");
    return c.text("Internal Server Error", 500);
  });
  return app;
}

/** Seconds a client is asked to wait before trying again after a 503. */
const RETRY_AFTER_SECONDS = "5";

/**
 * What /api/auth (and anything else outside the pages and /api/v1) answers without a database:
 * the API's error; Retry-After is added to every 503 above.
 */
function databaseUnavailable(c: Context) {
  c.header("Cache-Control", "no-store");
  return appErrorResponse(c, new AppError("SERVICE_UNAVAILABLE", "requests.databaseUnavailable"));
}
