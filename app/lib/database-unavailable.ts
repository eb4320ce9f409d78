import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whether an error means the database could not be reached (refused, dropped, timed out, shut
 * down), as opposed to a query that failed on its own. Such a request is answered 503 with
 * Retry-After: nothing is wrong with it, and the same request works once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in DrizzleQueryError (`cause`); better-auth and others may
  // wrap again, so the whole chain is looked at.
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    const { message } = current;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  // The socket: refused, reset, unreachable, timed out.
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: connection exceptions (class 08) and the server going down (57P01–57P03).
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  // The statement timeout the pool sets: a database too busy to answer counts as away.
  "57014",
]);

/** What node-postgres says, without a code, when a connection is lost or never made. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/** Work being watched for failures to reach the database that a library answers itself. */
const watched = new AsyncLocalStorage<{ unavailable: boolean }>();

/**
 * Runs `work` and says whether a failure to reach the database was reported from within it
 * (reportDatabaseFailure): better-auth answers such a failure with its own 500.
 */
export async function watchDatabaseFailures<T>(
  work: () => Promise<T>,
): Promise<{ result: T; unavailable: boolean }> {
  const scope = { unavailable: false };
  const result = await watched.run(scope, work);
  return { result, unavailable: scope.unavailable };
}

export function reportDatabaseFailure(error: unknown): void {
  const scope = watched.getStore();
  if (scope && isDatabaseUnavailable(error)) scope.unavailable = true;
}
