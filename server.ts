/**
 * The production entry, run directly by Node 24: serves the built client assets, then hands
 * everything else to the Hono app from the server build (one module graph, one database handle).
 */
import { createAdaptorServer } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { existsSync } from "node:fs";
import { Hono } from "hono";
import { ConfigError, parseConfig } from "./app/config.server.ts";
import { logger, setLogLevel } from "./app/lib/logger.server.ts";
import type * as AppModule from "./server/app.ts";
import { exitOnStartFailure, listenOrExit } from "./server/boot.ts";
import { IMMUTABLE, STATIC_FILE } from "./server/cache-policy.ts";
import { staticFileHeaders } from "./server/security-headers.ts";

// Without a configuration there is no log level yet: what is wrong is told on standard error.
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

if (!existsSync("./build/server/index.js")) {
  console.error("No build found: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}

if (config.logLevel) setLogLevel(config.logLevel);

// The build is production code, so the libraries it loads must be too: React picks its build
// from NODE_ENV when first imported, and its development build renders pages several times
// slower (and, loaded beside the build's production React, fails every page). The demo seed
// below imports React Router too, so this comes before it. The app's own mode (config.nodeEnv,
// which decides e.g. the outbox) was read above.
process.env.NODE_ENV = "production";

// The demo catalogue is loaded from outside the server's bundle, and only when asked for.
const seedDemo = config.seedDemo
  ? (await import("./scripts/demo/demo-seed.ts")).seedDemoData
  : undefined;
const serverBuild = "./build/server/index.js";
const { app, startApp, stopApp } = (await import(serverBuild)) as typeof AppModule;

const server = new Hono();
const securityHeaders = Object.entries(staticFileHeaders(config));
/**
 * Text files are sent as the `.br` or `.gz` written beside them by scripts/precompress.ts, as the
 * browser accepts; caches keep one copy per encoding. Each carries the security headers of a
 * static file (the app's own answers have theirs from the app).
 */
const serveBuilt = (cacheControl: string) =>
  serveStatic({
    root: "./build/client",
    precompressed: true,
    onFound: (_path, c) => {
      c.header("Cache-Control", cacheControl);
      c.header("Vary", "Accept-Encoding");
      for (const [name, value] of securityHeaders) c.header(name, value);
    },
  });
server.use("/assets/*", serveBuilt(IMMUTABLE));
server.use("*", serveBuilt(STATIC_FILE));
server.route("/", app);

// The port first: a second server on a busy port stops before it opens the database. Requests
// that arrive while the database opens wait for it (the app awaits startApp).
const httpServer = createAdaptorServer({ fetch: server.fetch });
await listenOrExit(httpServer, config.port, config.host);
try {
  await startApp(config, { seedDemo });
} catch (error) {
  exitOnStartFailure(error);
}
logger.info(`Gateway Africa is listening on ${config.appUrl} (port ${config.port}).`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received: finishing in-flight requests.`);
  const forced = setTimeout(() => {
    logger.error("Requests did not finish within 10 s; exiting anyway.");
    process.exit(1);
  }, 10_000);
  forced.unref();
  await new Promise<void>((resolve) => {
    httpServer.close(() => resolve());
    if ("closeIdleConnections" in httpServer) httpServer.closeIdleConnections();
  });
  await stopApp();
  logger.info("Stopped.");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
