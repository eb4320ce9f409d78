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
import { logger } from "../lib/logger.server.ts";
import { lockDatabaseDirectory, type DirectoryLock } from "./data-dir-lock.server.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback: services that must write inside a caller's take it. */
export type DbTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a query runs: the database, or a transaction the caller holds open. */
export type Executor = Database | DbTransaction;

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
 * How long a request waits for PostgreSQL before it is answered 503 rather than left hanging: to
 * get a connection, for a statement to finish on the server, and for any answer at all (a
 * connection whose server vanished without closing it). A connection that failed is not
 * returned to the pool (node-postgres drops it), so the pool recovers by itself once the
 * database is back.
 */
const CONNECTION_LIMITS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
} satisfies pg.PoolConfig;
const REQUEST_TIMEOUTS = {
  statement_timeout: 15_000,
  query_timeout: 20_000,
} satisfies pg.PoolConfig;

/**
 * Opens the database and applies every pending migration before returning (those of
 * `migrationsFolder` when given: the tests of a migration stop at the one before it). An embedded
 * database in a directory is locked first, so a second opener (another server, `npm run seed`) is
 * refused with DatabaseInUseError before PGlite touches a file; closing the handle releases the lock.
 */
export async function openDatabase(
  target: DatabaseTarget,
  {
    migrationsFolder = defaultMigrationsFolder,
    requestTimeouts = true,
  }: {
    migrationsFolder?: string;
    /** Off for bulk scripts (a `vacuum analyze` of a large database takes longer). */
    requestTimeouts?: boolean;
  } = {},
): Promise<DatabaseHandle> {
  if (target.engine === "postgres") {
    // Migrations run on a connection of their own, without the statement timeout: building an
    // index on a large table may take longer than any request should.
    const migrator = new pg.Pool({
      connectionString: target.url,
      max: 1,
      connectionTimeoutMillis: CONNECTION_LIMITS.connectionTimeoutMillis,
    });
    try {
      await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const pool = new pg.Pool({
      connectionString: target.url,
      ...CONNECTION_LIMITS,
      ...(requestTimeouts ? REQUEST_TIMEOUTS : {}),
    });
    // A pooled connection that the server drops (restart, failover, network cut) emits "error"
    // while idle; the pool removes it and opens a new one when next asked. Unheard, the event
    // would end the process.
    // A connection closed while checked out reports on its own client, which has no listener of
    // its own (found by `npm run soak -- --restart-db`): its query fails with it.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        logger.warn({ err: error }, "A database connection was lost; it will be reopened.");
      });
    });
    pool.on("error", (error) => {
      logger.warn({ err: error }, "An idle database connection was lost; it will be reopened.");
    });
    const db = drizzlePg(pool, { schema });
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
