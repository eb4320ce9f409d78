/**
 * Databases derived from the PostgreSQL database a run was started with: `<name><suffix>`, one
 * per vitest worker or browser-test server, so that two of them never share one.
 * `node tests/support/create-database.ts drop <url>` drops them with the database they derive from.
 */
import pg from "pg";

const DUPLICATE_DATABASE = "42P04";
const UNIQUE_VIOLATION = "23505";

/** `baseUrl`'s address with `suffix` appended to its database name. */
export function derivedDatabaseUrl(baseUrl: string, suffix: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${url.pathname.slice(1)}${suffix}`;
  return url.href;
}

/** Runs `work` with a client on the server's `postgres` database, checking the name first. */
async function onServer(
  databaseUrl: string,
  work: (admin: pg.Client, name: string) => Promise<void>,
) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  try {
    await work(admin, name);
  } finally {
    await admin.end();
  }
}

export async function createIfMissing(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, async (admin, name) => {
    try {
      const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.rowCount) return;
      await admin.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      // Another process created it between the look-up and CREATE DATABASE.
      const code = (error as { code?: string }).code;
      if (code !== DUPLICATE_DATABASE && code !== UNIQUE_VIOLATION) throw error;
    }
  });
}

/** Drops and creates the database, so that it starts empty. */
export async function createAnew(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
}
