import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";

/** Which engine the integration tests run on: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const testEngine = process.env.DATABASE_URL ? "postgres" : "pglite";

/**
 * A migrated, empty database: PGlite in memory, or the PostgreSQL database of DATABASE_URL wiped
 * clean first (tests run one file at a time, so nothing else is using it).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ engine: "pglite", dir: "memory" });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE");
    await client.query("DROP SCHEMA IF EXISTS public CASCADE");
    await client.query("CREATE SCHEMA public");
  } finally {
    await client.end();
  }
  return openDatabase({ engine: "postgres", url });
}
