import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import { promisify } from "node:util";
import pg from "pg";
import type { RunSql } from "./manifest.ts";

const run = promisify(execFile);

/** A PostgreSQL database reached by URL, with the client tools that dump and restore it. */
export interface PostgresDatabase {
  run: RunSql;
  server: string;
  /** True when the public or drizzle schema holds any table. */
  hasTables(): Promise<boolean>;
  /** Drops everything the app created (both schemas), leaving an empty public schema. */
  wipe(): Promise<void>;
  close(): Promise<void>;
}

export async function openPostgres(url: string): Promise<PostgresDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async <T>(text: string) => (await client.query(text)).rows as T[];
  const [version] = await query<{ v: string }>("select current_setting('server_version') as v");
  return {
    run: query,
    server: `PostgreSQL ${version?.v ?? "unknown"}`,
    async hasTables() {
      const [row] = await query<{ n: string }>(
        "select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')",
      );
      return Number(row?.n ?? 0) > 0;
    },
    async wipe() {
      await query("drop schema if exists drizzle cascade");
      await query("drop schema if exists public cascade");
      await query("create schema public");
    },
    close: () => client.end(),
  };
}

/**
 * The client tool's major version must be at least the server's: pg_dump refuses a newer server,
 * and an older pg_restore cannot read a newer archive. Returns the tool's version line.
 */
export async function checkClientVersion(
  tool: "pg_dump" | "pg_restore",
  db: PostgresDatabase,
): Promise<string> {
  let line: string;
  try {
    line = (await run(tool, ["--version"])).stdout.trim();
  } catch {
    throw new Error(
      `${tool} is not installed: apt-get install -y postgresql-client (the same major version as the server)`,
    );
  }
  const toolMajor = Number(/(\d+)(\.\d+)?/.exec(line)?.[1]);
  const [row] = await db.run<{ n: string }>("select current_setting('server_version_num') as n");
  const serverMajor = Math.floor(Number(row?.n) / 10_000);
  if (!(toolMajor >= serverMajor)) {
    throw new Error(
      `${line} is older than the server (${db.server}): install postgresql-client-${serverMajor}`,
    );
  }
  return line;
}

/** pg_dump in its custom format (compressed, restorable table by table). */
export async function dumpPostgres(url: string, file: string): Promise<number> {
  await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, url]);
  return (await stat(file)).size;
}

/**
 * pg_restore into an empty database; `--clean --if-exists` recreates the public schema when the
 * dump carries it (a schema dropped and recreated is dumped, the stock one is not).
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await run(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${url}`,
      file,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
