import { createHash } from "node:crypto";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb, type Database } from "../../db/client.server.ts";
import { countries, listingImages, listings, listingUploads, user } from "../../db/schema/index.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { parseId } from "../../lib/schemas/id.ts";
import { listingSearchText } from "../../lib/listing-search-text.ts";
import { statusAfterEdit, statusOnCreate } from "../../lib/listing-status.ts";
import type { ListingStatus } from "../../lib/listing-values.ts";
import { can, type Action, type Resource } from "../../lib/permissions.ts";
import {
  categoriesFor,
  LISTING_IMAGE_SNIFF_BYTES,
  listingErrorMessage,
  listingFieldErrors,
  listingFieldMessages,
  listingSchema,
  MAX_LISTING_IMAGE_BYTES,
  sniffListingImageFormat,
  type ListingFormValues,
  type ListingInput,
} from "../../lib/schemas/listing.ts";
import { listCountries } from "../reference/reference.server.ts";
import { listingFormValues, listingRowValues } from "./listing-row.server.ts";
import { getMediaStorage, type MediaStorage } from "../../storage/media-storage.server.ts";
import {
  copyStoredImage,
  deleteStoredImage,
  mediaUrl,
  storeImage,
  type StoredImage,
} from "../media/images.server.ts";

/**
 * Every write to a listing and every decision about who may make it: uploads of listing images,
 * create, update and delete. Route actions and REST handlers call these with the signed-in
 * person as the actor and never decide anything themselves.
 *
 * Rules: agents, professionals and the admin publish (professionals only their service); only
 * the owner edits or deletes a listing, or the admin; a new listing waits for review unless the
 * admin publishes it; an owner's edit of what the public reads sends a live listing back to
 * review (app/lib/listing-status.ts).
 */

export type Actor = Pick<Viewer, "id" | "role">;

/** Where images go once they belong to a listing. */
const LISTING_FOLDER = "listings";
/** Pending uploads live in a per-person folder until a listing takes them. */
const UPLOAD_FOLDER = "uploads";
/** Unpublished uploads older than this are removed (a few at a time, as new uploads arrive). */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const STALE_CLEANUP_BATCH = 20;
/** Unpublished images one person may keep at a time: four forms' worth. */
export const MAX_PENDING_UPLOADS = 20;
/** A 10 MB file can still declare a huge canvas; anything larger is refused before decoding. */
export const MAX_IMAGE_PIXELS = 100_000_000;

export interface UploadedImage {
  key: string;
  width: number;
  height: number;
  thumbUrl: string;
  cardUrl: string;
}

function uploaded(image: StoredImage): UploadedImage {
  return {
    key: image.storageKey,
    width: image.width,
    height: image.height,
    thumbUrl: mediaUrl(image.storageKey, "thumb"),
    cardUrl: mediaUrl(image.storageKey, "card"),
  };
}

/**
 * A visitor is UNAUTHENTICATED, someone the table refuses FORBIDDEN. Asked with the actor as the
 * owner when only a listing's owner could be allowed: refused even for their own, before any
 * listing is read.
 */
function requireAllowed(
  actor: Actor | null,
  action: Action,
  resource?: Resource,
): asserts actor is Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", "publish.api.unauthenticated");
  if (!can(actor, action, resource)) throw new AppError("FORBIDDEN", "publish.api.forbidden");
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

async function removeFiles(storage: MediaStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await deleteStoredImage(storage, key).catch((error: unknown) => {
      console.error(`Could not remove the files of image ${key}`, error);
    });
  }
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
}: {
  actor: Actor | null;
  data: Buffer;
}): Promise<UploadedImage> {
  requireAllowed(actor, "listing:upload-image");
  if (data.length > MAX_LISTING_IMAGE_BYTES) {
    throw imageError("PAYLOAD_TOO_LARGE", "publish.errors.imageTooLarge");
  }
  const sniffed = sniffListingImageFormat(data.subarray(0, LISTING_IMAGE_SNIFF_BYTES));
  if (!sniffed) throw imageError("UNSUPPORTED_MEDIA_TYPE", "publish.errors.imageInvalidType");
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) {
    throw imageError("UNSUPPORTED_MEDIA_TYPE", "publish.errors.imageInvalidType");
  }
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > MAX_IMAGE_PIXELS) {
    throw imageError("PAYLOAD_TOO_LARGE", "publish.errors.imageTooManyPixels");
  }

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
  } catch {
    // A file whose header looks right but whose data does not decode.
    throw imageError("UNSUPPORTED_MEDIA_TYPE", "publish.errors.imageInvalidType");
  }
  try {
    await db.insert(listingUploads).values({
      storageKey: stored.storageKey,
      userId: actor.id,
      width: stored.width,
      height: stored.height,
    });
  } catch (error) {
    await removeFiles(storage, [stored.storageKey]);
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
  const db = await getDb();
  const removed = await db
    .delete(listingUploads)
    .where(and(eq(listingUploads.storageKey, key), eq(listingUploads.userId, actor.id)))
    .returning({ key: listingUploads.storageKey });
  if (removed.length === 0) throw new AppError("NOT_FOUND", "publish.api.uploadNotFound");
  await removeFiles(getMediaStorage(), [key]);
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
  await removeFiles(
    getMediaStorage(),
    removed.map((r) => r.key),
  );
  return removed.length;
}

// ── Parsing ───────────────────────────────────────────────────────────────────────────────────

async function countryName(db: Database, code: string): Promise<string | null> {
  const [row] = await db
    .select({ name: countries.name })
    .from(countries)
    .where(eq(countries.code, code))
    .limit(1);
  return row?.name ?? null;
}

async function profilePhone(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: user.phone })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.phone ?? null;
}

function validationError(codes: Record<string, MessageKey>): AppError {
  const first = Object.values(codes)[0] ?? "publish.toasts.failedDescription";
  return new AppError("VALIDATION_FAILED", first, codes);
}

/** Parses the form for a listing of `ownerId`, with the categories the actor may choose. */
async function parseListing(
  db: Database,
  actor: Actor,
  ownerId: string,
  input: unknown,
): Promise<{ listing: ListingInput; countryName: string }> {
  const parsed = listingSchema({
    categories: categoriesFor(actor.role),
    profilePhone: await profilePhone(db, ownerId),
    countryCodes: (await listCountries()).map((c) => c.code),
  }).safeParse(input);
  if (!parsed.success) {
    throw validationError(listingFieldMessages(listingFieldErrors(parsed.error)));
  }
  const name = await countryName(db, parsed.data.countryCode);
  if (!name) throw validationError({ countryCode: listingErrorMessage("choiceInvalid") });
  return { listing: parsed.data, countryName: name };
}

function columnsOf(listing: ListingInput, country: string) {
  return {
    ...listingRowValues(listing),
    searchText: listingSearchText({ ...listing, countryName: country }),
  };
}

/**
 * Copies the actor's pending uploads among `keys` into the listings folder (hard links on
 * disk). Keys that are neither pending uploads of the actor nor in `kept` are refused.
 */
async function adoptUploads(
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
    })
    .from(listingUploads)
    .where(and(eq(listingUploads.userId, actor.id), inArray(listingUploads.storageKey, wanted)));
  if (rows.length !== wanted.length) {
    throw validationError({ images: listingErrorMessage("imageUnknown") });
  }
  const storage = getMediaStorage();
  const copies = new Map<string, StoredImage>();
  try {
    for (const row of rows) {
      copies.set(row.storageKey, await copyStoredImage(storage, row, LISTING_FOLDER));
    }
  } catch (error) {
    await removeFiles(
      storage,
      [...copies.values()].map((c) => c.storageKey),
    );
    throw error;
  }
  return copies;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Takes the adopted uploads off the actor's pending list; fails if another request took one. */
async function consumeUploads(tx: Tx, actor: Actor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const removed = await tx
    .delete(listingUploads)
    .where(and(eq(listingUploads.userId, actor.id), inArray(listingUploads.storageKey, [...keys])))
    .returning({ key: listingUploads.storageKey });
  if (removed.length !== keys.length) {
    throw validationError({ images: listingErrorMessage("imageUnknown") });
  }
}

// ── Create, update, delete ────────────────────────────────────────────────────────────────────

export interface SavedListing {
  id: number;
  status: ListingStatus;
  /** True when an owner's edit sent a live or rejected listing back to review. */
  backToReview: boolean;
}

export async function createListing({
  actor,
  input,
}: {
  actor: Actor | null;
  input: unknown;
}): Promise<SavedListing> {
  requireAllowed(actor, "listing:create");
  const db = await getDb();
  const { listing, countryName: country } = await parseListing(db, actor, actor.id, input);
  const copies = await adoptUploads(db, actor, listing.images, new Set());
  const storage = getMediaStorage();
  const status = statusOnCreate(can(actor, "listing:skip-review"));
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await consumeUploads(tx, actor, [...copies.keys()]);
      const [row] = await tx
        .insert(listings)
        .values({ ...columnsOf(listing, country), userId: actor.id, status })
        .returning({ id: listings.id });
      if (!row) throw new Error("The listing was not inserted.");
      if (listing.images.length > 0) {
        await tx.insert(listingImages).values(
          listing.images.map((key, position) => {
            const image = copies.get(key)!;
            return { listingId: row.id, position, ...image };
          }),
        );
      }
      return row.id;
    });
  } catch (error) {
    await removeFiles(
      storage,
      [...copies.values()].map((c) => c.storageKey),
    );
    throw error;
  }
  await removeFiles(storage, [...copies.keys()]);
  return { id, status, backToReview: false };
}

interface OwnedListing {
  id: number;
  userId: string;
  status: ListingStatus;
}

/** The listing if the actor may edit or delete it (its owner, or the admin). */
async function listingForChange(
  db: Database | Tx,
  actor: Actor,
  action: "listing:edit" | "listing:delete",
  listingId: number,
  lock = false,
): Promise<OwnedListing> {
  const query = db
    .select({ id: listings.id, userId: listings.userId, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  if (!can(actor, action, { ownerId: row.userId })) {
    throw new AppError("FORBIDDEN", "publish.api.forbidden");
  }
  return row;
}

function validId(listingId: unknown): number {
  const id = parseId(listingId);
  if (id === null) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  return id;
}

export async function updateListing({
  actor,
  listingId,
  input,
}: {
  actor: Actor | null;
  listingId: number | string;
  input: unknown;
}): Promise<SavedListing> {
  requireAllowed(actor, "listing:edit", { ownerId: actor?.id });
  const id = validId(listingId);
  const db = await getDb();
  const owned = await listingForChange(db, actor, "listing:edit", id);
  const { listing, countryName: country } = await parseListing(db, actor, owned.userId, input);
  const current = await db
    .select({ storageKey: listingImages.storageKey })
    .from(listingImages)
    .where(eq(listingImages.listingId, id));
  const copies = await adoptUploads(
    db,
    actor,
    listing.images,
    new Set(current.map((c) => c.storageKey)),
  );
  const storage = getMediaStorage();
  let outcome: { status: ListingStatus; backToReview: boolean; removed: string[] };
  try {
    outcome = await db.transaction(async (tx) => {
      await listingForChange(tx, actor, "listing:edit", id, true);
      const [before] = await tx
        .select({
          status: listings.status,
          title: listings.title,
          description: listings.description,
          priceUsdCents: listings.priceUsdCents,
          priceType: listings.priceType,
          videoUrl: listings.videoUrl,
        })
        .from(listings)
        .where(eq(listings.id, id));
      const images = await tx
        .select({
          storageKey: listingImages.storageKey,
          width: listingImages.width,
          height: listingImages.height,
        })
        .from(listingImages)
        .where(eq(listingImages.listingId, id))
        .orderBy(asc(listingImages.position));
      const existing = new Map(images.map((image) => [image.storageKey, image]));
      const ordered = listing.images.map((key) => copies.get(key) ?? existing.get(key));
      if (ordered.some((image) => !image)) {
        throw validationError({ images: listingErrorMessage("imageUnknown") });
      }
      await consumeUploads(tx, actor, [...copies.keys()]);

      const materialChange =
        before!.title !== listing.title ||
        before!.description !== listing.description ||
        before!.priceUsdCents !== listing.priceUsdCents ||
        before!.priceType !== listing.priceType ||
        (before!.videoUrl ?? null) !== listing.videoUrl ||
        images.map((i) => i.storageKey).join("\n") !== listing.images.join("\n");
      const status = statusAfterEdit({
        status: before!.status,
        actorIsAdmin: can(actor, "listing:skip-review"),
        materialChange,
      });
      await tx
        .update(listings)
        .set({
          ...columnsOf(listing, country),
          status,
          rejectionReason: status === "rejected" ? undefined : null,
          updatedAt: new Date(),
        })
        .where(eq(listings.id, id));
      await tx.delete(listingImages).where(eq(listingImages.listingId, id));
      if (ordered.length > 0) {
        await tx.insert(listingImages).values(
          ordered.map((image, position) => ({
            listingId: id,
            position,
            storageKey: image!.storageKey,
            width: image!.width,
            height: image!.height,
          })),
        );
      }
      const keptKeys = new Set(listing.images);
      return {
        status,
        backToReview: status === "pending_approval" && before!.status !== "pending_approval",
        removed: images.map((i) => i.storageKey).filter((key) => !keptKeys.has(key)),
      };
    });
  } catch (error) {
    await removeFiles(
      storage,
      [...copies.values()].map((c) => c.storageKey),
    );
    throw error;
  }
  // Committed: the pending originals and the images taken out of the listing are garbage now.
  await removeFiles(storage, [...copies.keys(), ...outcome.removed]);
  return { id, status: outcome.status, backToReview: outcome.backToReview };
}

/** Deletes a listing (its images, favourites and view counts go with it) and its image files. */
export async function deleteListing({
  actor,
  listingId,
}: {
  actor: Actor | null;
  listingId: number | string;
}): Promise<void> {
  requireAllowed(actor, "listing:delete", { ownerId: actor?.id });
  const id = validId(listingId);
  const db = await getDb();
  const keys = await db.transaction(async (tx) => {
    await listingForChange(tx, actor, "listing:delete", id, true);
    const images = await tx
      .select({ storageKey: listingImages.storageKey })
      .from(listingImages)
      .where(eq(listingImages.listingId, id));
    await tx.delete(listings).where(eq(listings.id, id));
    return images.map((image) => image.storageKey);
  });
  await removeFiles(getMediaStorage(), keys);
}

// ── Reading for the form ──────────────────────────────────────────────────────────────────────

export interface EditableListing {
  id: number;
  ownerId: string;
  status: ListingStatus;
  rejectionReason: string | null;
  values: ListingFormValues;
  images: UploadedImage[];
  /** The owner's profile phone: phone and WhatsApp contact fall back to it. */
  ownerPhone: string | null;
}

/** A listing as the form edits it, for its owner or the admin only. */
export async function getListingForEdit({
  actor,
  listingId,
}: {
  actor: Actor | null;
  listingId: number | string;
}): Promise<EditableListing> {
  requireAllowed(actor, "listing:edit", { ownerId: actor?.id });
  const id = validId(listingId);
  const db = await getDb();
  await listingForChange(db, actor, "listing:edit", id);
  const [row] = await db
    .select({ listing: listings, ownerPhone: user.phone })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listings.id, id));
  if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  const images = await db
    .select({
      storageKey: listingImages.storageKey,
      width: listingImages.width,
      height: listingImages.height,
    })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.position));
  const l = row.listing;
  return {
    id: l.id,
    ownerId: l.userId,
    status: l.status,
    rejectionReason: l.rejectionReason,
    ownerPhone: row.ownerPhone,
    images: images.map(uploaded),
    values: listingFormValues(
      l,
      images.map((i) => i.storageKey),
    ),
  };
}
