import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  { engine: "postgres"; url: string } | { engine: "pglite"; dir: string | "memory" };

const defaultMigrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * Opens the database and applies every pending migration before returning (those of
 * `migrationsFolder` when given: the tests of a migration stop at the one before it).
 */
export async function openDatabase(
  target: DatabaseTarget,
  { migrationsFolder = defaultMigrationsFolder }: { migrationsFolder?: string } = {},
): Promise<DatabaseHandle> {
  if (target.engine === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      engine: "postgres",
      ping: () => ping(db as unknown as Database),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (target.dir !== "memory") {
    dataDir = path.resolve(target.dir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir ?? "memory://", { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    engine: "pglite",
    ping: () => ping(db as unknown as Database),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export function targetFromConfig(config: {
  databaseUrl?: string;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { engine: "postgres", url: config.databaseUrl }
    : { engine: "pglite", dir: path.join(config.dataDir, "pglite") };
}

/**
 * The process's one database handle. PGlite has no directory lock, so exactly one handle per
 * process may open the data directory; everything (Hono routes, loaders, scripts) shares this.
 */
let current: Promise<DatabaseHandle> | undefined;

export function setDatabase(handle: Promise<DatabaseHandle> | DatabaseHandle | undefined): void {
  current = handle === undefined ? undefined : Promise.resolve(handle);
}

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!current) throw new Error("The database has not been opened (call setDatabase first).");
  return current;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}
