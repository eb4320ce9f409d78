/**
 * `node scripts/backfill-photo-hashes.ts`: gives the listing photos stored before perceptual
 * hashes were kept their hash, so the duplicate-photo signal compares them too. Each is read
 * from its gallery variant in DATA_DIR/media (the largest kept: a re-encoding of the original,
 * which the hash barely sees) on the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR: stop the server first). No migration is needed, it may run while the site serves
 * (PostgreSQL), and it can be run again: it reads only photos without a hash. A photo whose file
 * is missing is counted and left without one.
 */
import path from "node:path";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import sharp from "sharp";
import { parseConfig } from "../app/config.server.ts";
import { openDatabase, targetFromConfig } from "../app/db/client.server.ts";
import { listingImages } from "../app/db/schema/index.ts";
import { perceptualHash, variantKey } from "../app/services/media/images.server.ts";
import { createDiskStorage } from "../app/storage/media-storage.server.ts";

const BATCH = 200;

const config = parseConfig(process.env);
const handle = await openDatabase(targetFromConfig(config), { requestTimeouts: false });
const storage = createDiskStorage(path.join(config.dataDir, "media"));
const started = performance.now();
let hashed = 0;
let missing = 0;
let after = 0;
try {
  for (;;) {
    const batch = await handle.db
      .select({ id: listingImages.id, storageKey: listingImages.storageKey })
      .from(listingImages)
      .where(and(isNull(listingImages.phash), gt(listingImages.id, after)))
      .orderBy(asc(listingImages.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    for (const image of batch) {
      const file = await storage.read(variantKey(image.storageKey, "gallery"));
      if (!file) {
        missing += 1;
        continue;
      }
      const phash = await perceptualHash(sharp(file));
      await handle.db.update(listingImages).set({ phash }).where(eq(listingImages.id, image.id));
      hashed += 1;
    }
    after = batch.at(-1)!.id;
  }
  console.info(
    `Hashed ${hashed} listing photos (${missing} without a file) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await handle.close();
}
