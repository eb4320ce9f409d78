import { readFileSync, writeFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/**
 * What a backup holds, written as manifest.json beside the database file and the media folder.
 * Restore reads it first: the engine decides how the database file is loaded, and the counts are
 * checked again once the copy is back.
 */
export interface BackupManifest {
  format: "gateway-africa-backup";
  version: 1;
  engine: "pglite" | "postgres";
  createdAt: string;
  /** The server that was backed up, e.g. "PostgreSQL 15.20" or "PGlite (PostgreSQL 18.6)". */
  server: string;
  migration: { applied: number; latest: string | null };
  counts: RowCounts & { mediaFiles: number; mediaBytes: number };
  database: { file: string; bytes: number };
  /** Whether DATA_DIR/auth-secret was copied (it signs sessions when AUTH_SECRET is unset). */
  authSecret: boolean;
  /**
   * The encrypted identity documents (DATA_DIR/verification-documents), counted like the media;
   * absent in backups made before they existed.
   */
  documents?: { files: number; bytes: number };
  /**
   * Whether DATA_DIR/verification-document-key was copied (the generated key outside
   * production). With VERIFICATION_DOCUMENT_KEY set, the key is never in a backup: keep it apart.
   */
  documentKey?: boolean;
}

export interface RowCounts {
  users: number;
  listings: number;
  listingImages: number;
  favorites: number;
}

export const MANIFEST_FILE = "manifest.json";
export const MEDIA_FOLDER = "media";
export const AUTH_SECRET_FILE = "auth-secret";
export {
  DOCUMENTS_FOLDER,
  DOCUMENT_KEY_FILE,
} from "../../app/services/verification/document-store.server.ts";

/** Runs one SQL query and returns its rows, whichever engine answers. */
export type RunSql = <T>(query: string) => Promise<T[]>;

export async function countRows(run: RunSql): Promise<RowCounts> {
  const [row] = await run<Record<keyof RowCounts, number | string>>(
    `select (select count(*) from "user") as users,
            (select count(*) from listings) as listings,
            (select count(*) from listing_images) as "listingImages",
            (select count(*) from favorites) as favorites`,
  );
  if (!row) throw new Error("The row counts query returned nothing");
  return {
    users: Number(row.users),
    listings: Number(row.listings),
    listingImages: Number(row.listingImages),
    favorites: Number(row.favorites),
  };
}

/**
 * The migrations applied to the database, the latest named by its file tag. drizzle keeps each
 * applied migration's `when` from the journal as created_at, which maps it back to the tag.
 */
export async function appliedMigrations(
  run: RunSql,
  migrationsFolder: string,
): Promise<BackupManifest["migration"]> {
  const rows = await run<{ created_at: string | number }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at",
  );
  const latest = rows.at(-1);
  if (!latest) return { applied: 0, latest: null };
  const journal = readJournal(migrationsFolder);
  const entry = journal.find((e) => e.when === Number(latest.created_at));
  return { applied: rows.length, latest: entry?.tag ?? `unknown (${latest.created_at})` };
}

export function readJournal(migrationsFolder: string): { when: number; tag: string }[] {
  const file = path.join(migrationsFolder, "meta", "_journal.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { entries: { when: number; tag: string }[] })
    .entries;
}

/** Every file under a folder, with its size (none when the folder does not exist). */
export async function mediaTotals(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

export function writeManifest(dir: string, manifest: BackupManifest): void {
  writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(dir: string): BackupManifest {
  let parsed: Partial<BackupManifest>;
  try {
    parsed = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), "utf8")) as BackupManifest;
  } catch (error) {
    throw new Error(
      `${dir} is not a backup: ${MANIFEST_FILE} is missing or unreadable ` +
        `(${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (parsed.format !== "gateway-africa-backup" || parsed.version !== 1) {
    throw new Error(`${dir}/${MANIFEST_FILE} is not a Gateway Africa backup manifest (version 1)`);
  }
  return parsed as BackupManifest;
}
