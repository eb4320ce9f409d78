/**
 * Development server: Vite in middleware mode with HMR, and the same Hono app as production
 * (plain `react-router dev` would not serve /api or /media).
 */
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer } from "vite";
import { ConfigError, parseConfig } from "./app/config.server.ts";
import type * as AppModule from "./server/app.ts";

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

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<typeof AppModule>;
await (await load()).startApp(config);

const listener = getRequestListener(async (request) => (await load()).app.fetch(request));
http
  .createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)))
  .listen(config.port, config.host, () => {
    console.info(`Development server on ${config.appUrl}`);
  });
