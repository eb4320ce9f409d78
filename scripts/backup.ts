/**
 * `npm run backup -- [--out ./backups]`: one backup directory of the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR/pglite) with the media of DATA_DIR/media and a
 * manifest.json (engine, time, migration, counts). PostgreSQL is dumped live with pg_dump; the
 * embedded database must not be open (stop the server first: its lock refuses a second opener).
 */
import { parseArgs } from "node:util";
import { parseConfig } from "../app/config.server.ts";
import { createBackup } from "./backup/create-backup.ts";

const { values: args } = parseArgs({ options: { out: { type: "string", default: "./backups" } } });
const config = parseConfig(process.env);
const started = performance.now();
try {
  const { dir, manifest } = await createBackup(config, { outDir: args.out });
  const { counts } = manifest;
  console.info(
    `Backup written to ${dir}\n` +
      `  engine ${manifest.engine} (${manifest.server}), migration ${manifest.migration.latest} (${manifest.migration.applied} applied)\n` +
      `  ${counts.users} users, ${counts.listings} listings, ${counts.listingImages} listing images, ${counts.favorites} favourites\n` +
      `  database file ${manifest.database.file} ${(manifest.database.bytes / 1024).toFixed(0)} KiB, ` +
      `media ${counts.mediaFiles} files ${(counts.mediaBytes / 1024 / 1024).toFixed(1)} MiB, ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
