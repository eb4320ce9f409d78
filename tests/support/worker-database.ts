/**
 * Vitest setup file: on PostgreSQL, each vitest worker gets its own database next to
 * DATABASE_URL's, `<name>_w<VITEST_POOL_ID>`, created on first use. Test files wipe the database
 * they open (emptyTestTarget), so two files running at once must never share one.
 * `node tests/support/create-database.ts drop <url>` drops these with the database they derive from.
 */
import pg from "pg";

const DUPLICATE_DATABASE = "42P04";
const UNIQUE_VIOLATION = "23505";

/** The database this worker's tests use, derived from the URL the run was started with. */
export function workerDatabaseUrl(baseUrl: string, poolId: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${url.pathname.slice(1)}_w${poolId}`;
  return url.href;
}

async function createIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return;
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    // Another process created it between the look-up and CREATE DATABASE.
    const code = (error as { code?: string }).code;
    if (code !== DUPLICATE_DATABASE && code !== UNIQUE_VIOLATION) throw error;
  } finally {
    await admin.end();
  }
}

// The URL the run started with, kept apart: a test may point DATABASE_URL elsewhere for a while.
const baseUrl = (process.env.TEST_BASE_DATABASE_URL ??= process.env.DATABASE_URL ?? "");
const poolId = process.env.VITEST_POOL_ID;
if (baseUrl && poolId) {
  const own = workerDatabaseUrl(baseUrl, poolId);
  if (process.env.TEST_WORKER_DATABASE_URL !== own) {
    await createIfMissing(own);
    process.env.TEST_WORKER_DATABASE_URL = own;
  }
  process.env.DATABASE_URL = own;
}
