import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbTransaction } from "../../db/client.server.ts";
import {
  listingBoosts,
  listingImages,
  listings,
  listingUploads,
  listingVideos,
  user,
  verificationDocuments,
  verificationSubmissions,
} from "../../db/schema/index.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { deleteAvatar } from "../media/avatar.server.ts";
import { deleteStoredImage } from "../media/images.server.ts";
import { deleteDocument } from "../verification/document-store.server.ts";
import { logger } from "../../lib/logger.server.ts";

/** What an account's deletion leaves to remove from media storage once it is committed. */
export interface RemovedAccount {
  email: string;
  avatarUrl: string | null;
  listings: number;
  imageKeys: string[];
  /**
   * Files removed whole: the listings' uploaded videos (`videos/<hex>.mp4`) and their boosts'
   * share images (`boosts/<hex>.jpg`).
   */
  fileKeys: string[];
  /** Their identity and business documents not yet deleted (the private, encrypted store). */
  documentKeys: string[];
}

/**
 * Deletes an account's row inside the caller's transaction: with it go (by the schema's cascades)
 * its sessions, sign-in accounts, favourites, listings, their images' rows and everyone's
 * favourites of those listings. The file keys are read first, under row locks, so no listing or
 * image can slip in between. Null when there is no such account.
 */
export async function deleteAccountRows(
  tx: DbTransaction,
  userId: string,
): Promise<RemovedAccount | null> {
  const [row] = await tx
    .select({ email: user.email, avatarUrl: user.avatarUrl })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  if (!row) return null;
  const owned = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.userId, userId))
    .for("update");
  const ids = owned.map((listing) => listing.id);
  const [images, videos, boosts] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          tx
            .select({ storageKey: listingImages.storageKey })
            .from(listingImages)
            .where(inArray(listingImages.listingId, ids)),
          tx
            .select({ storageKey: listingVideos.storageKey })
            .from(listingVideos)
            .where(inArray(listingVideos.listingId, ids)),
          tx
            .select({ storageKey: listingBoosts.imageKey })
            .from(listingBoosts)
            .where(inArray(listingBoosts.listingId, ids)),
        ]);
  // Images uploaded for a listing that was never published go too.
  const uploads = await tx
    .select({ storageKey: listingUploads.storageKey })
    .from(listingUploads)
    .where(eq(listingUploads.userId, userId));
  const documents = await tx
    .select({ fileKey: verificationDocuments.fileKey })
    .from(verificationDocuments)
    .innerJoin(
      verificationSubmissions,
      eq(verificationSubmissions.id, verificationDocuments.submissionId),
    )
    .where(
      and(eq(verificationSubmissions.userId, userId), isNull(verificationDocuments.deletedAt)),
    );
  await tx.delete(user).where(eq(user.id, userId));
  return {
    email: row.email,
    avatarUrl: row.avatarUrl,
    listings: owned.length,
    imageKeys: [...images, ...uploads].map((image) => image.storageKey),
    fileKeys: [...videos, ...boosts].map((file) => file.storageKey),
    documentKeys: documents.map((document) => document.fileKey),
  };
}

/**
 * Removes a deleted account's image and avatar files, after the commit: the rows are gone, so a
 * file that cannot be removed now is only an orphan, and it is logged.
 */
export async function removeAccountFiles(removed: RemovedAccount): Promise<void> {
  const storage = getMediaStorage();
  for (const key of removed.imageKeys) {
    await deleteStoredImage(storage, key).catch((error: unknown) => {
      logger.error({ err: error }, `Could not remove the files of image ${key}`);
    });
  }
  for (const key of removed.fileKeys) {
    await storage.delete(key).catch((error: unknown) => {
      logger.error({ err: error }, `Could not remove the file ${key}`);
    });
  }
  for (const key of removed.documentKeys) {
    await deleteDocument(key).catch((error: unknown) => {
      logger.error({ err: error }, "Could not remove an identity document's file");
    });
  }
  await deleteAvatar(storage, removed.avatarUrl).catch((error: unknown) => {
    logger.error({ err: error }, "Could not remove an avatar file");
  });
}
