import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { setDatabase, type Database, type DatabaseHandle } from "../../app/db/client.server.ts";
import * as schema from "../../app/db/schema/index.ts";
import { USD } from "../../app/lib/money.ts";
import { parseBrowseParams } from "../../app/lib/schemas/browse.ts";
import { browseListings } from "../../app/services/listings/browse.server.ts";

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

/**
 * The statements one browse issues (typo lookups, page, count), as the service builds them: the
 * service runs once on a drizzle instance that logs, over the same connection as `handle`.
 */
export async function captureBrowseSql(
  handle: DatabaseHandle,
  query: Record<string, string>,
): Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => captured.push({ text, params }) };
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const db = (handle.engine === "postgres"
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Database;
  setDatabase({ ...handle, db });
  try {
    await browseListings(parseBrowseParams(query, undefined), USD);
  } finally {
    setDatabase(undefined);
  }
  return captured;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(", ")}]`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** A statement with its parameters written in, on one line: what a pgbench script holds. */
export function inlineParams({ text, params }: CapturedQuery): string {
  return text
    .replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))
    .replace(/\s+/g, " ");
}
