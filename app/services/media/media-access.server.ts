import { eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import {
  conversations,
  listingBoosts,
  listingImages,
  listings,
  listingUploads,
  listingVideos,
  messages,
  user,
} from "../../db/schema/index.ts";
import { can } from "../../lib/permissions.ts";
import { ROLES, type Role } from "../../lib/roles.ts";
import { mayUse } from "../premium/entitlements.server.ts";
import { IMAGE_VARIANTS, type ImageVariant } from "./images.server.ts";
import { WATERMARKED_VARIANTS } from "./watermark.server.ts";

/**
 * Who may fetch a stored media object. Images of an approved listing, the home page's slides,
 * the logo and avatars are public; a listing's images while it is pending, rejected or paused
 * belong to its owner and the admin (as the listing's page does), an upload not yet in a listing
 * to its uploader, and a message's picture to the conversation's two people and the admin, who
 * reads reported messages.
 *
 * - "public": anybody, and any cache may keep it;
 * - "private": this viewer only, never kept by a cache;
 * - null: not for this viewer, answered like a missing file so nobody learns that it exists.
 */
export type MediaAccess = "public" | "private" | null;

type Who = Pick<Viewer, "id" | "role"> | null;

const VARIANTS = Object.keys(IMAGE_VARIANTS).join("|");
/** A variant of a stored image: `<folder>/<hex>-card.webp`, the base key being `<folder>/<hex>`. */
const IMAGE_KEY = new RegExp(`^(([a-z0-9-]+(?:/[a-z0-9-]+)*)/[a-f0-9]+)-(${VARIANTS})\\.webp$`);
/** Folders whose objects are someone's own: an object in them that no row claims is never served. */
const GUARDED = /^(listings|uploads|messages|boosts|videos)(\/|$)/;

/**
 * A boost's share image is made to be posted: public while its listing is live, like the
 * listing's own images; otherwise its owner's and the administrator's (the Boost queue).
 */
async function boostImageAccess(key: string, viewer: () => Promise<Who>): Promise<MediaAccess> {
  const db = await getDb();
  const [row] = await db
    .select({ status: listings.status, ownerId: listings.userId })
    .from(listingBoosts)
    .innerJoin(listings, eq(listings.id, listingBoosts.listingId))
    .where(eq(listingBoosts.imageKey, key));
  if (!row) return null;
  if (row.status === "approved") return "public";
  const who = await viewer();
  return can(who, "listing:view-unpublished", { ownerId: row.ownerId }) || can(who, "boost:manage")
    ? "private"
    : null;
}

/** A listing's uploaded video file. */
const VIDEO_KEY = /^videos\/[a-f0-9]+\.(?:mp4|webm)$/;

/** How a stored object is answered: who may have it, and whether with the site's watermark. */
export interface MediaServing {
  access: MediaAccess;
  /**
   * The listing image's variant to serve with the mark drawn on it instead of the clean file:
   * its owner's plan (at this moment) does not grant `watermarkRemoval`.
   */
  watermark: { storageKey: string; variant: ImageVariant } | null;
  /** A listing's card or gallery image: the mark may come and go with the owner's plan. */
  markable: boolean;
}

/**
 * How the object under `key` may be served to the viewer. `viewer` is only asked for (a session
 * lookup) when the object is not public.
 */
export async function mediaAccess(key: string, viewer: () => Promise<Who>): Promise<MediaAccess> {
  return (await mediaServing(key, viewer)).access;
}

/**
 * `mediaAccess`, and for a listing's card or gallery image whether it carries the watermark. The
 * owner's plan is asked on every request (no cache), so an upgrade or a plan's end shows at the
 * next view; the route's ETag names the variant, so a browser's copy is replaced then too.
 */
export async function mediaServing(key: string, viewer: () => Promise<Who>): Promise<MediaServing> {
  if (VIDEO_KEY.test(key)) {
    return { access: await videoAccess(key, viewer), watermark: null, markable: false };
  }
  if (key.startsWith("boosts/")) {
    return { access: await boostImageAccess(key, viewer), watermark: null, markable: false };
  }
  const match = IMAGE_KEY.exec(key);
  const storageKey = match?.[1];
  const folder = match?.[2];
  const variant = match?.[3] as ImageVariant | undefined;
  if (!storageKey || !folder || !variant) {
    return { access: GUARDED.test(key) ? null : "public", watermark: null, markable: false };
  }
  const db = await getDb();

  // Whatever folder a listing's image was copied into (the scale seed copies covers into its own).
  const [image] = await db
    .select({ status: listings.status, ownerId: listings.userId, ownerRole: user.role })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listingImages.storageKey, storageKey));
  if (image) {
    const access: MediaAccess =
      image.status === "approved"
        ? "public"
        : can(await viewer(), "listing:view-unpublished", { ownerId: image.ownerId })
          ? "private"
          : null;
    const markable = WATERMARKED_VARIANTS.includes(variant);
    const marked =
      access !== null &&
      markable &&
      !(await mayUse({ id: image.ownerId, role: roleOf(image.ownerRole) }, "watermarkRemoval"));
    return { access, watermark: marked ? { storageKey, variant } : null, markable };
  }
  return {
    access: await otherAccess(storageKey, folder, viewer),
    watermark: null,
    markable: false,
  };
}

function roleOf(value: string | null): Role | null {
  return ROLES.find((role) => role === value) ?? null;
}

/**
 * A listing's video file is public while the listing is approved and its owner's plan grants
 * `videoListing` (the page shows it then); otherwise its owner and the admin still may play it
 * (it is kept after a plan ends), and nobody else.
 */
async function videoAccess(key: string, viewer: () => Promise<Who>): Promise<MediaAccess> {
  const db = await getDb();
  const [video] = await db
    .select({ status: listings.status, ownerId: listings.userId, ownerRole: user.role })
    .from(listingVideos)
    .innerJoin(listings, eq(listings.id, listingVideos.listingId))
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listingVideos.storageKey, key));
  if (!video) return null;
  if (
    video.status === "approved" &&
    (await mayUse({ id: video.ownerId, role: roleOf(video.ownerRole) }, "videoListing"))
  ) {
    return "public";
  }
  return can(await viewer(), "listing:view-unpublished", { ownerId: video.ownerId })
    ? "private"
    : null;
}

/** A stored image that is not a listing's: a message's picture, a pending upload, anything else. */
async function otherAccess(
  storageKey: string,
  folder: string,
  viewer: () => Promise<Who>,
): Promise<MediaAccess> {
  const db = await getDb();

  if (folder === "messages") {
    const [row] = await db
      .select({ guestId: conversations.guestId, hostId: conversations.hostId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.imageKey, storageKey));
    if (!row) return null;
    const who = await viewer();
    const participant = who !== null && (who.id === row.guestId || who.id === row.hostId);
    return participant || can(who, "report:manage") ? "private" : null;
  }

  if (folder.startsWith("uploads/")) {
    // An upload waiting for a listing: its uploader's unpublished image.
    const [row] = await db
      .select({ ownerId: listingUploads.userId })
      .from(listingUploads)
      .where(eq(listingUploads.storageKey, storageKey));
    if (!row) return null;
    return can(await viewer(), "listing:view-unpublished", { ownerId: row.ownerId })
      ? "private"
      : null;
  }

  // A listing's file whose row is gone (or not yet committed) is nobody's to see.
  return GUARDED.test(folder) ? null : "public";
}
