import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb } from "../../db/client.server.ts";
import { listings, listingVideos, user } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  MAX_VIDEO_BYTES,
  sniffVideoType,
  type UploadedVideo,
  type VideoFormState,
  type VideoType,
} from "../../lib/schemas/listing-video.ts";
import { logger } from "../../lib/logger.server.ts";
import { can } from "../../lib/permissions.ts";
import { ROLES, type Role } from "../../lib/roles.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { mayUse, requireEntitlement } from "../premium/entitlements.server.ts";
import { requireId } from "../core/ids.server.ts";

/**
 * A video file on a listing: the `videoListing` perk (docs/decisions/016, "Watermark and video").
 * The free video link of every listing stays as it is; the perk adds one uploaded MP4 or WebM file
 * played in the listing's gallery, with the cover photo as its poster. When the plan ends the file
 * is kept and no longer shown (nor served to visitors); a renewal shows it again.
 */

export const VIDEO_FOLDER = "videos";
const EXTENSION: Record<VideoType, string> = { "video/mp4": "mp4", "video/webm": "webm" };

function videoUrl(storageKey: string): string {
  return `/media/${storageKey}`;
}

function toUploaded(row: { storageKey: string; mimeType: string; bytes: number }): UploadedVideo {
  return {
    url: videoUrl(row.storageKey),
    type: row.mimeType === "video/webm" ? "video/webm" : "video/mp4",
    bytes: row.bytes,
  };
}

/** The listing, if the actor may change it (its owner while a publisher, or the admin). */
async function ownedListing(actor: Actor, listingId: number): Promise<{ ownerId: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ ownerId: listings.userId })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  if (!can(actor, "listing:video", { ownerId: row.ownerId })) {
    throw new AppError("FORBIDDEN", "api.errors.forbidden");
  }
  return row;
}

/**
 * Whether the actor may change the listing's video file at all (the permission table and the
 * listing's owner), asked before a form is read: a refusal here is FORBIDDEN or LISTING_NOT_FOUND.
 */
export async function requireListingVideoAccess(
  actor: Actor | null,
  listingId: number | string,
): Promise<void> {
  requireAllowed(actor, "listing:video", { ownerId: actor?.id });
  await ownedListing(actor, requireId(listingId, "listing"));
}

/**
 * Stores `data` as the listing's video file, replacing the one it had (whose file is removed
 * after the commit). Refused without the plan's perk (403 naming the plan), over 50 MB (413), or
 * when the content is neither MP4 nor WebM (415), and counted by the `listingVideo` limit.
 */
export async function storeListingVideo({
  actor,
  listingId,
  data,
}: {
  actor: Actor | null;
  listingId: number | string;
  data: Buffer;
}): Promise<UploadedVideo> {
  requireAllowed(actor, "listing:video", { ownerId: actor?.id });
  // Counted before anything is judged: a stream of refused 50 MB bodies is the abuse to stop.
  await requireUnderWriteLimit("listingVideo", actor);
  const id = requireId(listingId, "listing");
  await ownedListing(actor, id);
  await requireEntitlement(actor, "videoListing");
  if (data.length > MAX_VIDEO_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", "publish.video.errors.tooLarge", {
      video: "publish.video.errors.tooLarge",
    });
  }
  const type = data.length > 0 ? sniffVideoType(data) : null;
  if (!type) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "publish.video.errors.invalidType", {
      video: "publish.video.errors.invalidType",
    });
  }
  const storage = getMediaStorage();
  const storageKey = `${VIDEO_FOLDER}/${randomBytes(8).toString("hex")}.${EXTENSION[type]}`;
  await storage.put(storageKey, data);
  const db = await getDb();
  let replaced: string | undefined;
  try {
    replaced = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ storageKey: listingVideos.storageKey })
        .from(listingVideos)
        .where(eq(listingVideos.listingId, id))
        .for("update");
      await tx
        .insert(listingVideos)
        .values({ listingId: id, storageKey, mimeType: type, bytes: data.length })
        .onConflictDoUpdate({
          target: listingVideos.listingId,
          set: { storageKey, mimeType: type, bytes: data.length, createdAt: new Date() },
        });
      return before?.storageKey;
    });
  } catch (error) {
    // The file was written before its row: without the row nobody may fetch it, so it goes.
    await storage.delete(storageKey);
    throw error;
  }
  if (replaced) await removeWholeFiles([replaced]);
  return toUploaded({ storageKey, mimeType: type, bytes: data.length });
}

/** Removes the listing's video file (allowed without the perk: it is the owner's own data). */
export async function removeListingVideo({
  actor,
  listingId,
}: {
  actor: Actor | null;
  listingId: number | string;
}): Promise<void> {
  requireAllowed(actor, "listing:video", { ownerId: actor?.id });
  await requireUnderWriteLimit("listingVideo", actor);
  const id = requireId(listingId, "listing");
  await ownedListing(actor, id);
  const db = await getDb();
  const removed = await db
    .delete(listingVideos)
    .where(eq(listingVideos.listingId, id))
    .returning({ storageKey: listingVideos.storageKey });
  if (removed.length === 0) throw new AppError("NOT_FOUND", "publish.video.errors.none");
  await removeWholeFiles(removed.map((row) => row.storageKey));
}

/** Removes stored files that have no variants (videos, share images); a failure is logged. */
export async function removeWholeFiles(keys: readonly string[]): Promise<void> {
  const storage = getMediaStorage();
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => {
      logger.error({ err: error }, `Could not remove the file ${key}`);
    });
  }
}

/**
 * The publish form's video section for the actor (and the listing being edited, if any): the
 * refusal's sentence naming the plan without the perk, otherwise the stored file.
 */
export async function videoFormState(
  actor: Actor,
  listingId: number | null,
): Promise<VideoFormState> {
  const refusal = await requireEntitlement(actor, "videoListing").then(
    () => null,
    (error: unknown) => {
      if (error instanceof AppError && error.code === "FORBIDDEN") {
        return createTranslator()(error.message, error.params);
      }
      throw error;
    },
  );
  let row: typeof listingVideos.$inferSelect | undefined;
  if (listingId !== null) {
    await ownedListing(actor, listingId);
    const db = await getDb();
    [row] = await db.select().from(listingVideos).where(eq(listingVideos.listingId, listingId));
  }
  if (refusal !== null) return { allowed: false, message: refusal, kept: row !== undefined };
  return { allowed: true, current: row ? toUploaded(row) : null };
}

function roleOf(value: string | null): Role | null {
  return ROLES.find((role) => role === value) ?? null;
}

/**
 * The listing's video file as its page shows it: only while its owner's plan grants the perk
 * (a plan's end hides it, a renewal shows it again; the file stays stored either way).
 */
export async function shownListingVideo(listingId: number): Promise<UploadedVideo | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      storageKey: listingVideos.storageKey,
      mimeType: listingVideos.mimeType,
      bytes: listingVideos.bytes,
      ownerId: listings.userId,
      ownerRole: user.role,
    })
    .from(listingVideos)
    .innerJoin(listings, eq(listings.id, listingVideos.listingId))
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listingVideos.listingId, listingId));
  if (!row) return null;
  const owner = { id: row.ownerId, role: roleOf(row.ownerRole) };
  return (await mayUse(owner, "videoListing")) ? toUploaded(row) : null;
}
