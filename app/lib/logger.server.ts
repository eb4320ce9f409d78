import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type LevelWithSilent } from "pino";

export const LOG_LEVELS = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
] as const satisfies readonly LevelWithSilent[];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The request being served, so every line logged while serving it names it. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `serve` as the request `requestId`: lines logged from it (awaited work too) carry the id. */
export function inRequestScope<T>(requestId: string, serve: () => T): T {
  return requestScope.run({ requestId }, serve);
}

/**
 * Field names whose values never reach the log, wherever a caller puts them (an error's details,
 * a request's headers). Two levels deep covers `{ headers: { cookie } }` and `{ user: { password } }`.
 */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "cookie",
  "set-cookie",
  "authorization",
  "secret",
  "clientSecret",
  "url",
];
const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z]\w*$/.test(field) ? field : `["${field}"]`;
  const join = (prefix: string) => (key.startsWith("[") ? `${prefix}${key}` : `${prefix}.${key}`);
  return [key, join("*"), join("*.*")];
});

/** Where lines go: standard output, or what a test put in its place. */
let sink: ((line: string) => void) | undefined;

/**
 * The server's one logger: a JSON line per event on standard output, each with its request's id
 * when written while serving one. Quiet under the test runner (warnings and errors only).
 */
export const logger = pino(
  {
    level: process.env.VITEST ? "warn" : "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { requestId: scope.requestId } : {};
    },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError, error: serializeError },
  },
  {
    write(line: string) {
      if (sink) sink(line);
      else process.stdout.write(line);
    },
  },
);

export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

/** Sends the lines to `write` instead of standard output (undefined: back to standard output). */
export function setLogSink(write: ((line: string) => void) | undefined): void {
  sink = write;
}

/**
 * An error as logged: its type, message, code and stack, and its cause. A failed query's
 * parameters are left out: they may hold a password hash, a sign-in token or an address.
 */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const failedQuery = "query" in error && "params" in error;
  return {
    type: error.name,
    message: failedQuery ? `Failed query: ${String(error.query)}` : error.message,
    code: (error as { code?: unknown }).code,
    stack: failedQuery ? undefined : error.stack,
    cause: error.cause === undefined ? undefined : serializeError(error.cause),
  };
}
