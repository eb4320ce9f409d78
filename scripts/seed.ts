/**
 * `npm run seed`: (re)loads the reference data and replaces the demo catalogue.
 *
 * With the embedded database (no DATABASE_URL), stop the server first: the data directory is
 * locked by the process that has it open, and the seed is refused while the server runs. With
 * PostgreSQL the server may keep running.
 */
import path from "node:path";
import { parseConfig } from "../app/config.server.ts";
import { openDatabase, targetFromConfig } from "../app/db/client.server.ts";
import { seedReferenceData } from "../app/db/reference/reference-seed.server.ts";
import { reloadDemoData } from "./demo/demo-seed.ts";
import { createDiskStorage } from "../app/storage/media-storage.server.ts";

const started = performance.now();
const config = parseConfig(process.env);
const target = targetFromConfig(config);
let handle;
try {
  handle = await openDatabase(target);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
try {
  const storage = createDiskStorage(path.join(config.dataDir, "media"));
  await seedReferenceData(handle.db);
  const { removed, created } = await reloadDemoData(handle.db, storage);
  console.info(
    `Database: ${target.engine === "postgres" ? "PostgreSQL" : `PGlite (${target.dir})`}\n` +
      `Removed ${removed.users} demo users, ${removed.listings} listings, ${removed.images} images.\n` +
      `Created ${created.users} demo users, ${created.listings} listings, ${created.images} images ` +
      `in ${(created.ms / 1000).toFixed(1)} s (total ${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
} finally {
  await handle.close();
}
