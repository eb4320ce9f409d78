import { createHash } from "node:crypto";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { listingUploads } from "../../db/schema/index.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { listingErrorMessage } from "../../lib/schemas/listing.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import {
  copyStoredImage,
  imageRefusal,
  mediaUrl,
  removeStoredImages,
  storeImage,
  type StoredImage,
} from "../media/images.server.ts";
import { requireUnderRateLimit, requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";

/**
 * Listing images before a listing takes them: each upload is checked, re-encoded and kept in
 * the uploader's folder; a saved listing adopts its uploads (./listing-write.server.ts), and
 * those nobody publishes are removed after a day.
 */

/** Where images go once they belong to a listing. */
export const LISTING_FOLDER = "listings";
/** Pending uploads live in a per-person folder until a listing takes them. */
export const UPLOAD_FOLDER = "uploads";
/** Unpublished uploads older than this are removed (a few at a time, as new uploads arrive). */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const STALE_CLEANUP_BATCH = 20;
/** Unpublished images one person may keep at a time: four forms' worth. */
export const MAX_PENDING_UPLOADS = 20;

export interface UploadedImage {
  key: string;
  width: number;
  height: number;
  thumbUrl: string;
  cardUrl: string;
}

export function uploaded(image: StoredImage): UploadedImage {
  return {
    key: image.storageKey,
    width: image.width,
    height: image.height,
    thumbUrl: mediaUrl(image.storageKey, "thumb"),
    cardUrl: mediaUrl(image.storageKey, "card"),
  };
}

function uploadFolder(userId: string): string {
  return `${UPLOAD_FOLDER}/${createHash("sha256").update(userId).digest("hex").slice(0, 16)}`;
}

function imageError(
  code: "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "CONFLICT",
  message: MessageKey,
) {
  return new AppError(code, message, { images: message });
}

/** "Image not found": a key that is not one of the actor's uploads nor already the listing's. */
function imagesUnknown(): AppError {
  const message = listingErrorMessage("imageUnknown");
  return new AppError("VALIDATION_FAILED", message, { images: message });
}

// ── Uploads ───────────────────────────────────────────────────────────────────────────────────

/**
 * Checks, re-encodes and keeps one listing image for its uploader until a listing takes it.
 * PNG, JPEG, GIF or WebP of at most 10 MB, judged by content: the magic number must name one of
 * them and the decoder must agree. The stored WebP variants carry none of the original's
 * metadata (GPS, camera, comments). Nothing is stored when anything is wrong.
 */
export async function storeListingUpload({
  actor,
  data,
  clientIp,
}: {
  actor: Actor | null;
  data: Buffer;
  /** The client's address, for the abuse limit per address. */
  clientIp?: string | null;
}): Promise<UploadedImage> {
  requireAllowed(actor, "listing:upload-image");
  // Counted before the image is decoded: decoding is the costly part a robot would aim at.
  await requireUnderRateLimit("listingUpload", { account: actor.id, address: clientIp });
  const refusal = await imageRefusal(data);
  if (refusal) throw imageError(refusal.code, refusal.message);

  const db = await getDb();
  await cleanupStaleUploads();
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingUploads)
    .where(eq(listingUploads.userId, actor.id));
  if (Number(pending?.n ?? 0) >= MAX_PENDING_UPLOADS) {
    throw imageError("CONFLICT", "publish.errors.tooManyPending");
  }

  const storage = getMediaStorage();
  let stored: StoredImage;
  try {
    stored = await storeImage(storage, data, uploadFolder(actor.id));
  } catch (error) {
    // Every image slot busy: said as it is.
    if (error instanceof AppError) throw error;
    // A file whose header looks right but whose data does not decode.
    throw imageError("UNSUPPORTED_MEDIA_TYPE", "publish.errors.imageInvalidType");
  }
  try {
    await db.insert(listingUploads).values({
      storageKey: stored.storageKey,
      userId: actor.id,
      width: stored.width,
      height: stored.height,
      phash: stored.phash,
    });
  } catch (error) {
    await removeStoredImages(storage, [stored.storageKey]);
    throw error;
  }
  return uploaded(stored);
}

/** Removes one of the actor's unpublished uploads (an image taken out of the form). */
export async function discardListingUpload({
  actor,
  key,
}: {
  actor: Actor | null;
  key: string;
}): Promise<void> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "publish.api.unauthenticated");
  await requireUnderWriteLimit("listingEdit", actor);
  const db = await getDb();
  const removed = await db
    .delete(listingUploads)
    .where(and(eq(listingUploads.storageKey, key), eq(listingUploads.userId, actor.id)))
    .returning({ key: listingUploads.storageKey });
  if (removed.length === 0) throw new AppError("NOT_FOUND", "publish.api.uploadNotFound");
  await removeStoredImages(getMediaStorage(), [key]);
}

/** The actor's unpublished uploads, oldest first (a restored draft keeps those still here). */
export async function listPendingUploads(actor: Actor): Promise<UploadedImage[]> {
  const db = await getDb();
  const rows = await db
    .select({
      storageKey: listingUploads.storageKey,
      width: listingUploads.width,
      height: listingUploads.height,
    })
    .from(listingUploads)
    .where(eq(listingUploads.userId, actor.id))
    .orderBy(asc(listingUploads.createdAt));
  return rows.map(uploaded);
}

/**
 * Removes uploads nobody published within a day, a bounded batch at a time so an upload never
 * waits long for housekeeping.
 */
export async function cleanupStaleUploads(
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const db = await getDb();
  const cutoff = new Date((options.now ?? new Date()).getTime() - STALE_UPLOAD_MS);
  const stale = db
    .select({ key: listingUploads.storageKey })
    .from(listingUploads)
    .where(lt(listingUploads.createdAt, cutoff))
    .orderBy(asc(listingUploads.createdAt))
    .limit(options.limit ?? STALE_CLEANUP_BATCH);
  const removed = await db
    .delete(listingUploads)
    .where(inArray(listingUploads.storageKey, stale))
    .returning({ key: listingUploads.storageKey });
  await removeStoredImages(
    getMediaStorage(),
    removed.map((r) => r.key),
  );
  return removed.length;
}

// ── Adopted by a listing ──────────────────────────────────────────────────────────────────────

/**
 * Copies the actor's pending uploads among `keys` into the listings folder (hard links on
 * disk). Keys that are neither pending uploads of the actor nor in `kept` are refused.
 */
export async function adoptUploads(
  db: Database,
  actor: Actor,
  keys: readonly string[],
  kept: ReadonlySet<string>,
): Promise<Map<string, StoredImage>> {
  const wanted = keys.filter((key) => !kept.has(key));
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      storageKey: listingUploads.storageKey,
      width: listingUploads.width,
      height: listingUploads.height,
      phash: listingUploads.phash,
    })
    .from(listingUploads)
    .where(and(eq(listingUploads.userId, actor.id), inArray(listingUploads.storageKey, wanted)));
  if (rows.length !== wanted.length) {
    throw imagesUnknown();
  }
  const storage = getMediaStorage();
  const copies = new Map<string, StoredImage>();
  try {
    for (const row of rows) {
      copies.set(row.storageKey, await copyStoredImage(storage, row, LISTING_FOLDER));
    }
  } catch (error) {
    await removeStoredImages(
      storage,
      [...copies.values()].map((c) => c.storageKey),
    );
    throw error;
  }
  return copies;
}

/** Takes the adopted uploads off the actor's pending list; fails if another request took one. */
export async function consumeUploads(
  tx: DbTransaction,
  actor: Actor,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  const removed = await tx
    .delete(listingUploads)
    .where(and(eq(listingUploads.userId, actor.id), inArray(listingUploads.storageKey, [...keys])))
    .returning({ key: listingUploads.storageKey });
  if (removed.length !== keys.length) {
    throw imagesUnknown();
  }
}
