import { AppError } from "../lib/app-error.ts";
import type { Database, DbTransaction } from "./client.server.ts";

/** The PostgreSQL error behind a failed query (drizzle wraps the driver's): its SQLSTATE and constraint. */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string") {
      return { code: candidate.code, constraint: candidate.constraint as string | undefined };
    }
    current = candidate.cause;
  }
  return {};
}

/**
 * Failures that say nothing about the request, only about its timing: PostgreSQL chose this
 * transaction to break a deadlock (40P01), or could not serialise it with another (40001). The
 * same transaction run again, after the other has finished, succeeds or meets a real refusal.
 */
const RETRYABLE_CODES = new Set(["40P01", "40001"]);

export function isRetryableConflict(error: unknown): boolean {
  const { code } = databaseErrorOf(error);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

/** Attempts in all: enough for a burst of overlapping bookings, bounded so no request hangs. */
const MAX_ATTEMPTS = 5;

/**
 * Runs `work` in a transaction, and runs it again from the start (a new transaction) when
 * PostgreSQL aborted it for a deadlock or a serialisation failure, up to MAX_ATTEMPTS times, after
 * a short random pause that grows with each attempt so the contenders do not meet again. `work`
 * must be safe to run again: everything it writes is rolled back with the aborted attempt.
 * When every attempt fails so, the caller gets a 503 that asks to try again, never a 500.
 */
export async function transactionWithRetry<T>(
  db: Database,
  work: (tx: DbTransaction) => Promise<T>,
  options: { attempts?: number; pause?: (attempt: number) => Promise<void> } = {},
): Promise<T> {
  const attempts = options.attempts ?? MAX_ATTEMPTS;
  const pause = options.pause ?? jitteredPause;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) {
        throw new AppError("SERVICE_UNAVAILABLE", "requests.busy");
      }
      await pause(attempt);
    }
  }
}

function jitteredPause(attempt: number): Promise<void> {
  const ms = Math.random() * 20 * 2 ** attempt;
  return new Promise((resolve) => setTimeout(resolve, ms));
}
