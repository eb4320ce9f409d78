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

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<typeof AppModule>;

const listener = getRequestListener(async (request) => (await load()).app.fetch(request));
const httpServer = http.createServer((req, res) =>
  vite.middlewares(req, res, () => listener(req, res)),
);
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
