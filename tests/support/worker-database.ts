/**
 * Vitest setup file: on PostgreSQL, each vitest worker gets its own database next to
 * DATABASE_URL's, `<name>_w<VITEST_POOL_ID>`, created on first use. Test files wipe the database
 * they open (emptyTestTarget), so two files running at once must never share one.
 */
import { createIfMissing, derivedDatabaseUrl } from "./derived-database.ts";

// The URL the run started with, kept apart: a test may point DATABASE_URL elsewhere for a while.
const baseUrl = (process.env.TEST_BASE_DATABASE_URL ??= process.env.DATABASE_URL ?? "");
const poolId = process.env.VITEST_POOL_ID;
if (baseUrl && poolId) {
  const own = derivedDatabaseUrl(baseUrl, `_w${poolId}`);
  if (process.env.TEST_WORKER_DATABASE_URL !== own) {
    await createIfMissing(own);
    process.env.TEST_WORKER_DATABASE_URL = own;
  }
  process.env.DATABASE_URL = own;
}
