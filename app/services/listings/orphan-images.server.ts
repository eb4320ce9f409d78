import { inArray } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { listingImages, listingUploads } from "../../db/schema/index.ts";
import { logger } from "../../lib/logger.server.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { deleteStoredImage } from "../media/images.server.ts";
import { LISTING_FOLDER, UPLOAD_FOLDER } from "./listing-uploads.server.ts";

/**
 * How old an image's files must be before the sweep may take them for orphans. Files are written
 * before the row that names them (an upload, then its listing_uploads row; a listing's copies,
 * then its listing_images rows in one transaction), so a young file without a row may be one whose
 * row is on its way. An upload awaiting its form has a row and is never swept here (uploads nobody
 * publishes go after a day, row and files together: cleanupStaleUploads).
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** `<base>-<variant>.webp`: the base key is what the rows name. */
const VARIANT_FILE = /^(.+)-(thumb|card|gallery)\.webp$/;
const LOOKUP_BATCH = 500;

/**
 * Removes the listing image files that no row names and that are older than the grace period:
 * what a crash or a kill left between writing the files and committing their row, or between
 * committing a listing and removing the uploads it took. Returns how many images it removed.
 */
export async function sweepOrphanedListingImages(
  options: { now?: Date; graceMs?: number } = {},
): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  const storage = getMediaStorage();
  const newest = new Map<string, number>();
  for (const folder of [LISTING_FOLDER, UPLOAD_FOLDER]) {
    for (const { key, changedAt } of await storage.list(folder)) {
      const base = VARIANT_FILE.exec(key)?.[1];
      if (!base) continue;
      newest.set(base, Math.max(newest.get(base) ?? 0, changedAt.getTime()));
    }
  }
  const old = [...newest].filter(([, changed]) => changed < cutoff).map(([base]) => base);
  const named = await namedKeys(old);
  const orphans = old.filter((base) => !named.has(base));
  for (const base of orphans) await deleteStoredImage(storage, base);
  if (orphans.length > 0) {
    logger.info({ removed: orphans.length }, "Removed listing image files that no row names.");
  }
  return orphans.length;
}

/** Which of `keys` a listing image or a pending upload names. */
async function namedKeys(keys: string[]): Promise<Set<string>> {
  const db = await getDb();
  const named = new Set<string>();
  for (let start = 0; start < keys.length; start += LOOKUP_BATCH) {
    const batch = keys.slice(start, start + LOOKUP_BATCH);
    const [images, uploads] = await Promise.all([
      db
        .select({ key: listingImages.storageKey })
        .from(listingImages)
        .where(inArray(listingImages.storageKey, batch)),
      db
        .select({ key: listingUploads.storageKey })
        .from(listingUploads)
        .where(inArray(listingUploads.storageKey, batch)),
    ]);
    for (const { key } of [...images, ...uploads]) named.add(key);
  }
  return named;
}
