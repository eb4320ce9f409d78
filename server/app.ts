import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { CLIENT_IP_HEADER, getAuth } from "../app/auth/auth.server.ts";
import { loadViewer } from "../app/auth/session.server.ts";
import { viewerContext } from "../app/auth/viewer.ts";
import { getConfig } from "../app/config.server.ts";
import { startApp, stopApp } from "../app/startup.server.ts";
import { apiV1 } from "./api/v1/index.ts";
import { resources } from "./resources.ts";
import { securityHeaders } from "./security-headers.ts";

export { startApp, stopApp };

const handleDocument = createRequestHandler(build, import.meta.env.MODE);

/** Everything but the static files: security → /api/v1 → media and generated images → pages. */
export const app = new Hono();

app.use(requestId());
let security: MiddlewareHandler | undefined;
app.use(async (c, next) => {
  await startApp();
  security ??= securityHeaders(getConfig());
  return security(c, next);
});
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

app.on(["GET", "POST"], "/api/auth/*", (c) => getAuth().handler(c.req.raw));
app.route("/api/v1", apiV1);
app.route("/", resources);

app.all("*", async (c) => {
  const context = new RouterContextProvider();
  context.set(viewerContext, await loadViewer(c.req.raw.headers));
  return handleDocument(c.req.raw, context);
});
