import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { startApp, stopApp } from "../app/startup.server.ts";
import { createApp } from "./create-app.ts";

export { startApp, stopApp };

/** The production and development app: the chain of server/create-app.ts over the built pages. */
export const app = createApp({
  start: () => startApp(),
  handleDocument: createRequestHandler(build, import.meta.env.MODE),
});
