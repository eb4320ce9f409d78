/**
 * `npm run restore -- <backup directory> [--force]`: puts a backup made by `npm run backup` back
 * into the configured target (DATABASE_URL, or DATA_DIR/pglite) and DATA_DIR/media. Refuses a
 * backup of the other engine, and a target that holds data unless --force (which replaces it).
 * Stop the server first.
 */
import { parseArgs } from "node:util";
import { parseConfig } from "../app/config.server.ts";
import { restoreBackup } from "./backup/restore-backup.ts";

const { values: args, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
const [backupDir] = positionals;
if (!backupDir || positionals.length > 1) {
  console.error("Usage: npm run restore -- <backup directory> [--force]");
  process.exit(2);
}
const config = parseConfig(process.env);
const started = performance.now();
try {
  const { manifest, counts, mediaFiles } = await restoreBackup(backupDir, config, {
    force: args.force,
  });
  console.info(
    `Restored the ${manifest.engine} backup of ${manifest.createdAt} ` +
      `(migration ${manifest.migration.latest}): ${counts.users} users, ${counts.listings} listings, ` +
      `${counts.listingImages} listing images, ${counts.favorites} favourites, ${mediaFiles} media files ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s. Start the server to use it.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
