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

/**
 * Every stored row of every table, as comparable text: equal snapshots mean nothing changed.
 * One query reads them all (each row as its jsonb text, the volatile columns taken out): the
 * permission matrix takes two snapshots around each of its thousand-odd calls, and a query per
 * table made the snapshots most of its run time.
 */
export async function databaseSnapshot(db: Database): Promise<Record<string, string[]>> {
  // The public schema's tables (information_schema's BASE TABLE: plain and partitioned), read
  // from the catalog: information_schema's views cost more than the rows themselves.
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select c.relname as table_name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const kept = tables.map((row) => row.table_name).filter((name) => !VOLATILE_TABLES.has(name));
  const snapshot: Record<string, string[]> = Object.fromEntries(kept.map((name) => [name, []]));
  if (kept.length === 0) return snapshot;
  const volatile = `{${[...VOLATILE_COLUMNS].join(",")}}`;
  const rows = await queryRows<{ table_name: string; row: string }>(
    db,
    sql.join(
      kept.map(
        (name) =>
          sql`select ${name} as table_name, (to_jsonb(t) - ${volatile}::text[])::text as row
              from ${sql.identifier(name)} t`,
      ),
      sql` union all `,
    ),
  );
  for (const { table_name: table, row } of rows) snapshot[table]!.push(row);
  for (const name of kept) snapshot[name]!.sort();
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
