import { existsSync } from "node:fs";
import { copyFile, cp, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { targetFromConfig } from "../../app/db/client.server.ts";
import { openEmbedded } from "./embedded.ts";
import {
  AUTH_SECRET_FILE,
  DOCUMENT_KEY_FILE,
  DOCUMENTS_FOLDER,
  MEDIA_FOLDER,
  appliedMigrations,
  countRows,
  mediaTotals,
  writeManifest,
  type BackupManifest,
  type RowCounts,
  type RunSql,
} from "./manifest.ts";
import { checkClientVersion, dumpPostgres, openPostgres } from "./postgres.ts";

export interface BackupSource {
  dataDir: string;
  databaseUrl?: string;
}

export const PGLITE_FILE = "pglite-data.tar.gz";
export const POSTGRES_FILE = "database.pgdump";

/**
 * Writes one backup directory, `<outDir>/gateway-<engine>-<time>`: the database (pg_dump's custom
 * format, or PGlite's data directory as a tarball), the media folder, the encrypted identity
 * documents, the generated auth secret and document key if there are, and manifest.json. It is written under a `.partial` name and renamed when
 * complete, so an interrupted backup never looks like a good one.
 *
 * The media are copied after the database, so every image the dump names is in the copy (an image
 * uploaded meanwhile is an extra file, harmless). The embedded database must be closed (its lock
 * refuses a running server); PostgreSQL is dumped live, in one consistent snapshot.
 */
export async function createBackup(
  source: BackupSource,
  { outDir, migrationsFolder = "drizzle" }: { outDir: string; migrationsFolder?: string },
): Promise<{ dir: string; manifest: BackupManifest }> {
  const target = targetFromConfig(source);
  const startedAt = new Date().toISOString();
  const stamp = startedAt.replace(/[:.]/g, "-");
  const finalDir = path.resolve(outDir, `gateway-${target.engine}-${stamp}`);
  const workDir = `${finalDir}.partial`;
  await mkdir(workDir, { recursive: true });
  try {
    const database =
      target.engine === "postgres"
        ? await dumpPostgresDatabase(target.url, workDir, migrationsFolder)
        : await dumpEmbeddedDatabase(target.dir, workDir, migrationsFolder);

    const mediaDir = path.join(source.dataDir, MEDIA_FOLDER);
    if (existsSync(mediaDir))
      await cp(mediaDir, path.join(workDir, MEDIA_FOLDER), { recursive: true });
    const media = await mediaTotals(path.join(workDir, MEDIA_FOLDER));
    const secret = path.join(source.dataDir, AUTH_SECRET_FILE);
    const authSecret = existsSync(secret);
    if (authSecret) await copyFile(secret, path.join(workDir, AUTH_SECRET_FILE));
    // The identity documents stay encrypted in the backup, as on disk.
    const documentsDir = path.join(source.dataDir, DOCUMENTS_FOLDER);
    if (existsSync(documentsDir))
      await cp(documentsDir, path.join(workDir, DOCUMENTS_FOLDER), { recursive: true });
    const documents = await mediaTotals(path.join(workDir, DOCUMENTS_FOLDER));
    const keyFile = path.join(source.dataDir, DOCUMENT_KEY_FILE);
    const documentKey = existsSync(keyFile);
    if (documentKey) await copyFile(keyFile, path.join(workDir, DOCUMENT_KEY_FILE));

    const manifest: BackupManifest = {
      format: "gateway-africa-backup",
      version: 1,
      engine: target.engine,
      createdAt: startedAt,
      server: database.server,
      migration: database.migration,
      counts: { ...database.counts, mediaFiles: media.files, mediaBytes: media.bytes },
      database: database.file,
      authSecret,
      documents,
      documentKey,
    };
    writeManifest(workDir, manifest);
    await rename(workDir, finalDir);
    return { dir: finalDir, manifest };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

type DumpedDatabase = Pick<BackupManifest, "server" | "migration"> & {
  counts: RowCounts;
  file: BackupManifest["database"];
};

async function describe(runSql: RunSql, migrationsFolder: string) {
  return {
    counts: await countRows(runSql),
    migration: await appliedMigrations(runSql, migrationsFolder),
  };
}

async function dumpPostgresDatabase(
  url: string,
  workDir: string,
  migrationsFolder: string,
): Promise<DumpedDatabase> {
  const db = await openPostgres(url);
  let facts;
  try {
    await checkClientVersion("pg_dump", db);
    facts = { server: db.server, ...(await describe(db.run, migrationsFolder)) };
  } finally {
    await db.close();
  }
  const bytes = await dumpPostgres(url, path.join(workDir, POSTGRES_FILE));
  return { ...facts, file: { file: POSTGRES_FILE, bytes } };
}

async function dumpEmbeddedDatabase(
  dir: string,
  workDir: string,
  migrationsFolder: string,
): Promise<DumpedDatabase> {
  if (dir === "memory") throw new Error("An in-memory database cannot be backed up");
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    throw new Error(`There is no embedded database in ${path.resolve(dir)}`);
  }
  const db = await openEmbedded(dir);
  try {
    const facts = { server: db.server, ...(await describe(db.run, migrationsFolder)) };
    const bytes = await db.dumpTo(path.join(workDir, PGLITE_FILE));
    return { ...facts, file: { file: PGLITE_FILE, bytes } };
  } finally {
    await db.close();
  }
}
