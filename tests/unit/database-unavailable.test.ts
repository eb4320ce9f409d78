import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../app/lib/database-unavailable.ts";
import { createApp } from "../../server/create-app.ts";
import { captureLog } from "../support/log-capture.ts";

/** An error as node-postgres or the socket reports it. */
function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function serverError(message: string, code: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, "error");
  error.code = code;
  return error;
}

const UNAVAILABLE: [string, Error][] = [
  ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
  ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
  [
    "the server shutting down (57P01 admin_shutdown)",
    serverError("terminating connection due to administrator command", "57P01"),
  ],
  ["the server starting up (57P03)", serverError("the database system is starting up", "57P03")],
  ["a dropped connection", new Error("Connection terminated unexpectedly")],
  ["a connect timeout", new Error("timeout exceeded when trying to connect")],
  ["a statement timeout", serverError("canceling statement due to statement timeout", "57014")],
  [
    "a refused connection inside Drizzle's error",
    new DrizzleQueryError(
      "select 1",
      [],
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
    ),
  ],
];

const OTHER: [string, Error][] = [
  ["a unique violation", serverError("duplicate key value", "23505")],
  ["a missing relation", serverError('relation "x" does not exist', "42P01")],
  ["a bug", new TypeError("Cannot read properties of undefined")],
];

/** The app whose every request meets `error` (as if opening the database had failed with it). */
function appFailingWith(error: Error) {
  return createApp({
    start: () => Promise.reject(error),
    handleDocument: () => Promise.reject(new Error("not reached")),
  });
}

describe("a database that cannot be reached answers 503, never 500", () => {
  it.each(UNAVAILABLE)("%s is the database being away", async (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    captureLog("warn");
    const response = await appFailingWith(error).request("http://localhost/api/auth/get-session");
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await response.json()).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE" } });
  });

  it.each(OTHER)("%s is not", async (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    const log = captureLog("error");
    const response = await appFailingWith(error).request("http://localhost/api/auth/get-session");
    expect(response.status).toBe(500);
    expect(log.lines().map((line) => line.level)).toEqual(["error"]);
  });
});
