import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER, handleAuthRequest } from "../app/auth/auth.server.ts";
import { loadViewer } from "../app/auth/session.server.ts";
import { viewerContext } from "../app/auth/viewer.ts";
import { getConfig } from "../app/config.server.ts";
import { nonceContext } from "../app/lib/csp-nonce.ts";
import { apiV1 } from "./api/v1/index.ts";
import { validatePublicAnswers, withPageCaching } from "./cache-policy.ts";
import { crossOriginProtection } from "./cross-origin.ts";
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
    await next();
  });

  app.on(["GET", "POST"], "/api/auth/*", (c) => handleAuthRequest(c.req.raw));
  app.use("/api/v1/*", validatePublicAnswers);
  app.route("/api/v1", apiV1);
  app.route("/", resources);

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    const viewer = await loadViewer(c.req.raw.headers);
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
  return app;
}
