import { mkdirSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockDatabaseDirectory } from "../../app/db/data-dir-lock.server.ts";
import type { RunSql } from "./manifest.ts";

/**
 * The embedded database opened for a backup or a restore: under the app's directory lock (so a
 * running server refuses it, and it refuses a server), and without applying migrations (a backup
 * is taken as it is; a restored one is migrated by the next start). `replace` empties the
 * directory first and `loadFrom` fills it from a tarball written by dumpTo.
 */
export interface EmbeddedDatabase {
  run: RunSql;
  server: string;
  /** PGlite's data directory as a gzipped tarball (PGlite's own dumpDataDir). */
  dumpTo(file: string): Promise<number>;
  close(): Promise<void>;
}

export async function openEmbedded(
  dir: string,
  { loadFrom, replace = false }: { loadFrom?: string; replace?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(dir);
  mkdirSync(dataDir, { recursive: true });
  const lock = await lockDatabaseDirectory(dataDir);
  let client: PGlite | undefined;
  try {
    // Under the lock, so a running server's directory is never emptied.
    if (replace) {
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
    }
    const loadDataDir = loadFrom ? new Blob([await readFile(loadFrom)]) : undefined;
    client = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gist }, loadDataDir });
    const opened = client;
    const [version] = (
      await opened.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows;
    return {
      run: async <T>(query: string) => (await opened.query<T>(query)).rows,
      server: `PGlite (PostgreSQL ${version?.v ?? "unknown"})`,
      async dumpTo(file) {
        const tarball = Buffer.from(await (await opened.dumpDataDir("gzip")).arrayBuffer());
        await writeFile(file, tarball);
        return tarball.length;
      },
      async close() {
        try {
          await opened.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}
