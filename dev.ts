/**
 * Development server: Vite in middleware mode with HMR, and the same Hono app as production
 * (plain `react-router dev` would not serve /api or /media).
 */
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer } from "vite";
import { ConfigError, parseConfig } from "./app/config.server.ts";
import type * as AppModule from "./server/app.ts";
import { exitOnStartFailure, listenOrExit } from "./server/boot.ts";
import { staticFileHeaders } from "./server/security-headers.ts";

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The demo catalogue is loaded from outside the server's bundle, and only when asked for.
const seedDemo = config.seedDemo
  ? (await import("./scripts/demo/demo-seed.ts")).seedDemoData
  : undefined;

/**
 * What Vite serves (the source modules, public/) carries the security headers of a static file;
 * what it passes on to the app goes without them, and gets the app's own.
 */
const securityHeaders = Object.entries(staticFileHeaders(config));
const httpServer = http.createServer((req, res) => {
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  vite.middlewares(req, res, () => {
    for (const [name] of securityHeaders) res.removeHeader(name);
    void listener(req, res);
  });
});
// Hot reloading shares the site's port, so the page security policy's `connect-src 'self'`
// covers its WebSocket (Vite would open one on a port of its own otherwise).
const vite = await createServer({
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: "custom",
});
const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<typeof AppModule>;
const listener = getRequestListener(async (request) => (await load()).app.fetch(request));
// Compiling the app opens nothing; the port is taken before the database, as in server.ts.
const { startApp, stopApp } = await load();
await listenOrExit(httpServer, config.port, config.host);
try {
  await startApp(config, { seedDemo });
} catch (error) {
  exitOnStartFailure(error);
}
console.info(`Development server on ${config.appUrl}`);

/** Ctrl+C closes the embedded database properly, which also releases its directory lock. */
async function shutdown() {
  httpServer.close();
  httpServer.closeAllConnections();
  await stopApp();
  await vite.close();
  process.exit(0);
}
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());
