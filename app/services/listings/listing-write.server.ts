import { asc, eq } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  countries,
  listingBoosts,
  listingImages,
  listings,
  listingVideos,
  user,
} from "../../db/schema/index.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { listingSearchText } from "../../lib/listing-search-text.ts";
import { statusAfterEdit, statusOnCreate } from "../../lib/listing-status.ts";
import type { Category, ListingStatus } from "../../lib/listing-values.ts";
import { can } from "../../lib/permissions.ts";
import {
  categoriesFor,
  listingErrorMessage,
  listingFieldErrors,
  listingFieldMessages,
  listingSchema,
  type ListingFormValues,
  type ListingInput,
} from "../../lib/schemas/listing.ts";
import { getConfig } from "../../config.server.ts";
import { getMailer } from "../../email/mailer.server.ts";
import { newListingNotificationEmail } from "../../email/templates.ts";
import { getMediaStorage } from "../../storage/media-storage.server.ts";
import { getNotificationEmail, requiresManualApproval } from "../content/settings.server.ts";
import { requireListingRoom } from "../premium/plan-limits.server.ts";
import { requireUnderRateLimit, requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { listCountries } from "../reference/reference.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { publishingAgencyOf, runningAgencyOwner } from "../teams/team-rights.server.ts";
import { requireId } from "../core/ids.server.ts";
import { removeStoredImages } from "../media/images.server.ts";
import { checkListingSignals } from "../signals/listing-signals.server.ts";
import { listingFormValues, listingRowValues } from "./listing-row.server.ts";
import { removeWholeFiles } from "./listing-video.server.ts";
import {
  adoptUploads,
  consumeUploads,
  uploaded,
  type UploadedImage,
} from "./listing-uploads.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * Every write to a listing and every decision about who may make it: create, update and delete
 * (the images they take are uploaded beforehand: ./listing-uploads.server.ts). Route actions and REST handlers call these with the signed-in
 * person as the actor and never decide anything themselves.
 *
 * Rules: agents, professionals and the admin publish (professionals only their service); only
 * the owner edits or deletes a listing, or the admin; a new listing waits for review unless the
 * admin publishes it or the admin turned manual approval off (Settings); an owner's edit of what
 * the public reads sends a live listing back to review while manual approval is on
 * (app/lib/listing-status.ts). The team hears of every publisher's new listing by e-mail. A new
 * listing needs a place in the owner's plan (app/services/premium/plan-limits.server.ts). Every
 * saved listing is checked for scam signals (app/services/signals), which flag it for review.
 */

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
  clientIp,
}: {
  actor: Actor | null;
  input: unknown;
  /** The client's address, for the abuse limit per address. */
  clientIp?: string | null;
}): Promise<SavedListing> {
  requireAllowed(actor, "listing:create");
  const db = await getDb();
  const { listing, countryName: country } = await parseListing(db, actor, actor.id, input);
  // Counted once the form is valid, so correcting mistakes costs nothing; before anything is kept.
  await requireUnderRateLimit("listingCreate", { account: actor.id, address: clientIp }, { db });
  const copies = await adoptUploads(db, actor, listing.images, new Set());
  const storage = getMediaStorage();
  const skipsReview = can(actor, "listing:skip-review");
  const status = statusOnCreate(skipsReview || !(await requiresManualApproval()));
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      // The plan's listing limit, counted with the owner's row locked (the admin has none).
      await requireListingRoom(tx, actor);
      await consumeUploads(tx, actor, [...copies.keys()]);
      // A member of a running team publishes under the agency; the listing keeps it for good.
      const agencyId = await publishingAgencyOf(actor.id, new Date(), tx);
      const [row] = await tx
        .insert(listings)
        .values({ ...columnsOf(listing, country), userId: actor.id, agencyId, status })
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
    await removeStoredImages(
      storage,
      [...copies.values()].map((c) => c.storageKey),
    );
    throw error;
  }
  await removeStoredImages(storage, [...copies.keys()]);
  await checkListingSignals(id);
  if (!skipsReview)
    await notifyTeam(db, actor, { id, title: listing.title, category: listing.category, status });
  return { id, status, backToReview: false };
}

/**
 * Tells the team (the notification address of the settings) about a publisher's new listing:
 * one to review, or one already public when manual approval is off. A failed e-mail is logged;
 * the listing is saved either way.
 */
async function notifyTeam(
  db: Database,
  actor: Actor,
  listing: { id: number; title: string; category: Category; status: ListingStatus },
): Promise<void> {
  try {
    const [owner] = await db
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, actor.id));
    await getMailer().send(
      newListingNotificationEmail(await getNotificationEmail(), {
        ...listing,
        ownerName: owner?.name ?? "",
        ownerEmail: owner?.email ?? "",
        appUrl: getConfig().appUrl,
      }),
    );
  } catch (error) {
    logger.error(
      { err: error },
      `Listing ${listing.id} saved, but the team was not e-mailed about it:`,
    );
  }
}

interface OwnedListing {
  id: number;
  userId: string;
  status: ListingStatus;
}

/**
 * The listing if the actor may edit or delete it: its owner, the owner of the running agency it
 * was published under, or the admin.
 */
async function listingForChange(
  db: Database | DbTransaction,
  actor: Actor,
  action: "listing:edit" | "listing:delete",
  listingId: number,
  lock = false,
): Promise<OwnedListing> {
  const query = db
    .select({
      id: listings.id,
      userId: listings.userId,
      status: listings.status,
      agencyId: listings.agencyId,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
  const agencyOwnerId = await runningAgencyOwner(row.agencyId, new Date(), db);
  if (!can(actor, action, { ownerId: row.userId, agencyOwnerId })) {
    throw new AppError("FORBIDDEN", "api.errors.forbidden");
  }
  return { id: row.id, userId: row.userId, status: row.status };
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
  requireAllowed(actor, "listing:edit", { ownerId: actor?.id, agencyOwnerId: actor?.id });
  await requireUnderWriteLimit("listingEdit", actor);
  const id = requireId(listingId, "listing");
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
  // Without manual approval, an owner's edit of a live listing keeps it live.
  const manualApproval = await requiresManualApproval();
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
          phash: listingImages.phash,
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
        materialChange: materialChange && manualApproval,
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
            phash: image!.phash,
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
    await removeStoredImages(
      storage,
      [...copies.values()].map((c) => c.storageKey),
    );
    throw error;
  }
  // Committed: the pending originals and the images taken out of the listing are garbage now.
  await removeStoredImages(storage, [...copies.keys(), ...outcome.removed]);
  await checkListingSignals(id);
  return { id, status: outcome.status, backToReview: outcome.backToReview };
}

/**
 * Deletes a listing (its images, video, boosts, favourites and view counts go with it) and its
 * image, video and share-image files.
 */
export async function deleteListing({
  actor,
  listingId,
}: {
  actor: Actor | null;
  listingId: number | string;
}): Promise<void> {
  requireAllowed(actor, "listing:delete", { ownerId: actor?.id, agencyOwnerId: actor?.id });
  await requireUnderWriteLimit("listingEdit", actor);
  const id = requireId(listingId, "listing");
  const db = await getDb();
  const { keys, files } = await db.transaction(async (tx) => {
    await listingForChange(tx, actor, "listing:delete", id, true);
    const images = await tx
      .select({ storageKey: listingImages.storageKey })
      .from(listingImages)
      .where(eq(listingImages.listingId, id));
    const video = await tx
      .select({ storageKey: listingVideos.storageKey })
      .from(listingVideos)
      .where(eq(listingVideos.listingId, id));
    const boosts = await tx
      .select({ storageKey: listingBoosts.imageKey })
      .from(listingBoosts)
      .where(eq(listingBoosts.listingId, id));
    await tx.delete(listings).where(eq(listings.id, id));
    return {
      keys: images.map((image) => image.storageKey),
      files: [...video, ...boosts].map((row) => row.storageKey),
    };
  });
  await removeStoredImages(getMediaStorage(), keys);
  await removeWholeFiles(files);
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
  requireAllowed(actor, "listing:edit", { ownerId: actor?.id, agencyOwnerId: actor?.id });
  const id = requireId(listingId, "listing");
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
