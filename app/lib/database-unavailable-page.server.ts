import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

/** Set on a request's context when one of its loaders or actions could not reach the database. */
const databaseUnreachable = createContext<boolean>(false);

/** Called with every error React Router catches (entry.server's handleError). */
export function noteDatabaseFailure(
  error: unknown,
  context: Readonly<RouterContextProvider> | undefined,
) {
  if (context && isDatabaseUnavailable(error)) context.set(databaseUnreachable, true);
}

/**
 * The root's middleware: a page whose data could not be read because the database is away is
 * answered 503 with the page that says so, not the 500 of a bug. The error is thrown from the
 * root, so the root's boundary shows it: its header needs the database too.
 */
export const answerUnreachableDatabase: MiddlewareFunction<Response> = async (
  { context },
  next,
) => {
  if (context.get(databaseUnreachable)) throw unavailable();
  const response = await next();
  if (context.get(databaseUnreachable)) throw unavailable();
  return response;
};

/** For the server's page handler: the session could not be read, so the page is not tried. */
export function markDatabaseUnreachable(context: RouterContextProvider) {
  context.set(databaseUnreachable, true);
}

function unavailable() {
  return data(null, { status: 503, statusText: "Service Unavailable" });
}
