import { getDb, type Database } from "../../db/client.server.ts";

export interface Memo<T> {
  /** The kept value, loaded on first use, after `invalidate()`, or once `ttlMs` has passed. */
  get(): Promise<T>;
  /** Called by whatever writes the data, so the next read sees the write. */
  invalidate(): void;
}

/**
 * A value read from the database and kept in memory. It is kept per database handle, so a new
 * handle (a test's fresh database, a reopened one) never sees another's data; a failed load is
 * not kept.
 */
export function memo<T>(
  load: (db: Database) => Promise<T>,
  { ttlMs }: { ttlMs?: number } = {},
): Memo<T> {
  let kept: { db: Database; at: number; value: Promise<T> } | undefined;
  return {
    async get() {
      const db = await getDb();
      const now = Date.now();
      if (kept && kept.db === db && (ttlMs === undefined || now - kept.at < ttlMs)) {
        return kept.value;
      }
      const entry = { db, at: now, value: load(db) };
      kept = entry;
      entry.value.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return entry.value;
    },
    invalidate() {
      kept = undefined;
    },
  };
}
