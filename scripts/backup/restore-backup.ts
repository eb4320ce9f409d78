import { existsSync, readdirSync } from "node:fs";
import { copyFile, cp, rm } from "node:fs/promises";
import path from "node:path";
import { targetFromConfig } from "../../app/db/client.server.ts";
import { openEmbedded } from "./embedded.ts";
import {
  AUTH_SECRET_FILE,
  DOCUMENT_KEY_FILE,
  DOCUMENTS_FOLDER,
  MEDIA_FOLDER,
  countRows,
  mediaTotals,
  readJournal,
  readManifest,
  type BackupManifest,
  type RowCounts,
} from "./manifest.ts";
import { checkClientVersion, openPostgres, restorePostgres } from "./postgres.ts";
import type { BackupSource } from "./create-backup.ts";

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

const ENGINE_NAMES = { pglite: "the embedded database (PGlite)", postgres: "PostgreSQL" } as const;

/**
 * Puts a backup back: the database into the configured target (DATA_DIR/pglite, or the database
 * of DATABASE_URL), the media into DATA_DIR/media, the encrypted identity documents into
 * DATA_DIR/verification-documents, the auth secret and generated document key into DATA_DIR. Refuses a backup
 * of the other engine, one made by newer code (a migration this code does not know), and a target
 * that already holds data unless `force` (which then replaces it). The counts are checked against
 * the manifest afterwards; the next start applies any newer migrations.
 */
export async function restoreBackup(
  backupDir: string,
  target: BackupSource,
  {
    force = false,
    migrationsFolder = "drizzle",
  }: { force?: boolean; migrationsFolder?: string } = {},
): Promise<{ manifest: BackupManifest; counts: RowCounts; mediaFiles: number }> {
  const manifest = readManifest(backupDir);
  const database = targetFromConfig(target);
  if (manifest.engine !== database.engine) {
    throw new RestoreRefusedError(
      `This backup is of ${ENGINE_NAMES[manifest.engine]}, but the target is ${ENGINE_NAMES[database.engine]}` +
        ` (${database.engine === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is unset"}).` +
        ` Restore it with ${manifest.engine === "postgres" ? "DATABASE_URL set to an empty database" : "DATABASE_URL unset and DATA_DIR pointing at an empty directory"}.`,
    );
  }
  const known = new Set(readJournal(migrationsFolder).map((e) => e.tag));
  if (manifest.migration.latest && !known.has(manifest.migration.latest)) {
    throw new RestoreRefusedError(
      `This backup was made by a newer version of the app (migration ${manifest.migration.latest} is unknown here): update the app first.`,
    );
  }

  const mediaDir = path.join(target.dataDir, MEDIA_FOLDER);
  const secretFile = path.join(target.dataDir, AUTH_SECRET_FILE);
  const documentsDir = path.join(target.dataDir, DOCUMENTS_FOLDER);
  const keyFile = path.join(target.dataDir, DOCUMENT_KEY_FILE);
  const occupied: string[] = [];
  if (hasEntries(mediaDir)) occupied.push(mediaDir);
  if (hasEntries(documentsDir)) occupied.push(documentsDir);
  if (manifest.documentKey && existsSync(keyFile)) occupied.push(keyFile);
  if (manifest.authSecret && existsSync(secretFile)) occupied.push(secretFile);

  let counts: RowCounts;
  const databaseFile = path.join(backupDir, manifest.database.file);
  if (database.engine === "postgres") {
    const db = await openPostgres(database.url);
    try {
      await checkClientVersion("pg_restore", db);
      if (await db.hasTables()) occupied.push(`the database ${redact(database.url)}`);
      refuseIfOccupied(occupied, force);
      await db.wipe();
      await restorePostgres(database.url, databaseFile);
      counts = await countRows(db.run);
    } finally {
      await db.close();
    }
  } else {
    if (database.dir === "memory") throw new Error("Cannot restore into an in-memory database");
    if (hasEntries(database.dir)) occupied.push(path.resolve(database.dir));
    refuseIfOccupied(occupied, force);
    const db = await openEmbedded(database.dir, { loadFrom: databaseFile, replace: true });
    try {
      counts = await countRows(db.run);
    } finally {
      await db.close();
    }
  }

  // The media last: a refused or failed database restore leaves them as they were.
  if (force) {
    await rm(mediaDir, { recursive: true, force: true });
    await rm(secretFile, { force: true });
    await rm(documentsDir, { recursive: true, force: true });
    await rm(keyFile, { force: true });
  }
  const backupMedia = path.join(backupDir, MEDIA_FOLDER);
  if (existsSync(backupMedia)) await cp(backupMedia, mediaDir, { recursive: true });
  if (manifest.authSecret) await copyFile(path.join(backupDir, AUTH_SECRET_FILE), secretFile);
  const media = await mediaTotals(mediaDir);
  const backupDocuments = path.join(backupDir, DOCUMENTS_FOLDER);
  if (existsSync(backupDocuments)) await cp(backupDocuments, documentsDir, { recursive: true });
  if (manifest.documentKey) await copyFile(path.join(backupDir, DOCUMENT_KEY_FILE), keyFile);
  const documents = await mediaTotals(documentsDir);

  const expected = manifest.counts;
  const differences = (Object.keys(counts) as (keyof RowCounts)[])
    .filter((key) => counts[key] !== expected[key])
    .map((key) => `${key}: ${counts[key]} restored, ${expected[key]} in the backup`);
  if (media.files !== expected.mediaFiles || media.bytes !== expected.mediaBytes) {
    differences.push(
      `media: ${media.files} files (${media.bytes} bytes) restored, ${expected.mediaFiles} (${expected.mediaBytes} bytes) in the backup`,
    );
  }
  const expectedDocuments = manifest.documents ?? { files: 0, bytes: 0 };
  if (documents.files !== expectedDocuments.files || documents.bytes !== expectedDocuments.bytes) {
    differences.push(
      `identity documents: ${documents.files} files (${documents.bytes} bytes) restored, ${expectedDocuments.files} (${expectedDocuments.bytes} bytes) in the backup`,
    );
  }
  if (differences.length > 0) {
    throw new Error(`The restored copy differs from the backup:\n  ${differences.join("\n  ")}`);
  }
  return { manifest, counts, mediaFiles: media.files };
}

function hasEntries(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

function refuseIfOccupied(occupied: string[], force: boolean): void {
  if (occupied.length === 0 || force) return;
  throw new RestoreRefusedError(
    `The target is not empty:\n  ${occupied.join("\n  ")}\n` +
      "Restore into an empty DATA_DIR / database, or pass --force to replace what is there.",
  );
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
