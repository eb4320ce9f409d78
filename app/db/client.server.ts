import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { lockDatabaseDirectory, type DirectoryLock } from "./data-dir-lock.server.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback: services that must write inside a caller's take it. */
export type DbTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  { engine: "postgres"; url: string } | { engine: "pglite"; dir: string | "memory" };

/**
 * Postgres's default 128 MB of shared buffers grows PGlite's WebAssembly heap (which never
 * shrinks) from its 128 MB minimum to about 190 MB; 32 MB keeps it at the minimum. The operating
 * system's page cache still holds the data files, and the marketplace's working set is far
 * smaller (docs/decisions/011-backups-soak-scan.md).
 */
const EMBEDDED_SETTINGS = ["-c", "shared_buffers=32MB"];

const defaultMigrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * Opens the database and applies every pending migration before returning (those of
 * `migrationsFolder` when given: the tests of a migration stop at the one before it). An embedded
 * database in a directory is locked first, so a second opener (another server, `npm run seed`) is
 * refused with DatabaseInUseError before PGlite touches a file; closing the handle releases the lock.
 */
export async function openDatabase(
  target: DatabaseTarget,
  { migrationsFolder = defaultMigrationsFolder }: { migrationsFolder?: string } = {},
): Promise<DatabaseHandle> {
  if (target.engine === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // A connection the server closes (a restart, a failover, a proxy's timeout) is reported as an
    // 'error' event on its client, and an 'error' event nobody listens to ends the process. The
    // query running on it fails on its own (one request gets a 500); the pool drops the
    // connection and opens a new one for the next query. So every client gets a listener (a
    // checked-out one has none otherwise), and so does the pool, which repeats an idle client's
    // error (found by `npm run soak -- --restart-db`).
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        console.error(`PostgreSQL closed a connection (${error.message}); reconnecting.`);
      });
    });
    pool.on("error", () => {
      // Already reported by the client's own listener above.
    });
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
  let lock: DirectoryLock | undefined;
  if (target.dir !== "memory") {
    dataDir = path.resolve(target.dir);
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDatabaseDirectory(dataDir);
  }
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir ?? "memory://", {
      extensions: { pg_trgm, btree_gist },
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Database,
      engine: "pglite",
      ping: () => ping(db as unknown as Database),
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database | DbTransaction, query: SQL): Promise<T[]> {
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
 * The process's one database handle, shared by everything (Hono routes, loaders, scripts): the
 * embedded database's directory lock admits one handle per directory, in this process as in others.
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
