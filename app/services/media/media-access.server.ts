import { eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import {
  conversations,
  listingBoosts,
  listingImages,
  listings,
  listingUploads,
  messages,
} from "../../db/schema/index.ts";
import { can } from "../../lib/permissions.ts";
import { IMAGE_VARIANTS } from "./images.server.ts";

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
const IMAGE_KEY = new RegExp(`^(([a-z0-9-]+(?:/[a-z0-9-]+)*)/[a-f0-9]+)-(?:${VARIANTS})\\.webp$`);
/** Folders whose objects are someone's own: an object in them that no row claims is never served. */
const GUARDED = /^(listings|uploads|messages|boosts)(\/|$)/;

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

/**
 * How the object under `key` may be served to the viewer. `viewer` is only asked for (a session
 * lookup) when the object is not public.
 */
export async function mediaAccess(key: string, viewer: () => Promise<Who>): Promise<MediaAccess> {
  if (key.startsWith("boosts/")) return boostImageAccess(key, viewer);
  const match = IMAGE_KEY.exec(key);
  const storageKey = match?.[1];
  const folder = match?.[2];
  if (!storageKey || !folder) {
    return GUARDED.test(key) ? null : "public";
  }
  const db = await getDb();

  // Whatever folder a listing's image was copied into (the scale seed copies covers into its own).
  const [image] = await db
    .select({ status: listings.status, ownerId: listings.userId })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(eq(listingImages.storageKey, storageKey));
  if (image) {
    if (image.status === "approved") return "public";
    return can(await viewer(), "listing:view-unpublished", { ownerId: image.ownerId })
      ? "private"
      : null;
  }

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
