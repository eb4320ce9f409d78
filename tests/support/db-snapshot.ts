import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../app/db/client.server.ts";

/**
 * Columns and tables that reading a page changes by design: the view counter and its per-visitor
 * rows, the leads a listing's contact link counts on its way to the channel, the abuse limits'
 * counters (every attempt counts, a refused one too: that is what stops guessing), and the
 * timestamps a session refresh moves. Everything else is a change someone made.
 */
const VOLATILE_TABLES = new Set([
  "listing_views",
  "listing_leads",
  "rate_limit_hits",
  "__drizzle_migrations",
]);
const VOLATILE_COLUMNS = new Set(["views", "updated_at", "expires_at"]);

/** Every stored row of every table, as comparable text: equal snapshots mean nothing changed. */
export async function databaseSnapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    if (VOLATILE_TABLES.has(table)) continue;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from ${sql.identifier(table)}`,
    );
    snapshot[table] = rows
      .map((row) =>
        JSON.stringify(Object.entries(row).filter(([column]) => !VOLATILE_COLUMNS.has(column))),
      )
      .sort();
  }
  return snapshot;
}

/** What differs between two snapshots: per changed table, a row that appeared or went. */
export function changedTables(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: string[] = [];
  for (const name of names) {
    const old = new Set(before[name] ?? []);
    const now = new Set(after[name] ?? []);
    const added = [...now].filter((row) => !old.has(row));
    const removed = [...old].filter((row) => !now.has(row));
    if (added.length === 0 && removed.length === 0) continue;
    const row = (added[0] ?? removed[0] ?? "").slice(0, 300);
    changes.push(`${name} (+${added.length} -${removed.length}: ${row})`);
  }
  return changes;
}
