import pg from "pg";
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseTarget,
} from "../../app/db/client.server.ts";

/** Which engine the integration tests run on: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const testEngine = process.env.DATABASE_URL ? "postgres" : "pglite";

/**
 * An empty database to open: PGlite in `pgliteDir` (in memory by default), or the PostgreSQL
 * database of DATABASE_URL wiped clean first (worker-database.ts points DATABASE_URL at this
 * vitest worker's own database, which runs one file at a time, so nothing else is using it).
 */
export async function emptyTestTarget(pgliteDir: string = "memory"): Promise<DatabaseTarget> {
  const url = process.env.DATABASE_URL;
  if (!url) return { engine: "pglite", dir: pgliteDir };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE");
    await client.query("DROP SCHEMA IF EXISTS public CASCADE");
    await client.query("CREATE SCHEMA public");
  } finally {
    await client.end();
  }
  return { engine: "postgres", url };
}

/** A migrated, empty database (see emptyTestTarget). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  return openDatabase(await emptyTestTarget());
}
