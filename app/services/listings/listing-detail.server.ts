import { dialable } from "../../lib/contact-links.ts";
import { and, eq, ne, sql } from "drizzle-orm";
import { avatarSrc } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { countries, listingImages, listings, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Category } from "../../lib/listing-values.ts";
import { parseId } from "../../lib/id.ts";
import {
  listingDetailSchema,
  type ListingDetail,
  type ListingImage,
  type ListingSummary,
} from "../../lib/schemas/listing-view.ts";
import { can } from "../../lib/permissions.ts";
import type { Role } from "../../lib/roles.ts";
import { selectPublicSummaries } from "./listing-summaries.server.ts";
import { shownListingVideo } from "./listing-video.server.ts";
import { videoEmbed } from "../../lib/video-embed.ts";
import { listingColumnsFor } from "./listing-row.server.ts";
import { agencyBadgeColumn, runningAgencyOwner } from "../teams/team-rights.server.ts";
import { isPublicListing } from "../../auth/standing.server.ts";
import { isVerifiedUntil } from "../../lib/verification-values.ts";

/** Who is looking: null for a visitor. Owners and admins may also see listings not yet public. */
export type Viewer = { id: string; role: Role } | null;

/** A public listing for anybody; one not public for its owner, its running agency's owner, the admin. */
async function mayView(
  viewer: Viewer,
  row: { userId: string; public: boolean; agencyId: number | null },
): Promise<boolean> {
  if (row.public) return true;
  const agencyOwnerId = await runningAgencyOwner(row.agencyId);
  return can(viewer, "listing:view-unpublished", { ownerId: row.userId, agencyOwnerId });
}

const imagesJson = sql<ListingImage[]>`coalesce((
  select json_agg(json_build_object('storageKey', ${listingImages.storageKey}, 'width', ${listingImages.width}, 'height', ${listingImages.height}) order by ${listingImages.position})
  from ${listingImages}
  where ${listingImages.listingId} = ${listings.id}
), '[]'::json)`;

/**
 * One listing for the detail page and GET /api/v1/listings/{id}, in one query. Unknown ids and
 * listings the viewer may not see (pending or rejected, unless theirs or the viewer is an
 * admin) are LISTING_NOT_FOUND alike, so nobody learns that a hidden listing exists.
 */
export async function getListingDetail({
  listingId,
  viewer,
}: {
  listingId: string | number;
  viewer: Viewer;
}): Promise<ListingDetail> {
  const id = parseId(listingId);
  if (id === null) throw new AppError("LISTING_NOT_FOUND", "detail.notFound.description");
  const db = await getDb();
  const [row] = await db
    .select({
      ...listingColumnsFor(listingDetailSchema.shape),
      userId: listings.userId,
      agencyId: listings.agencyId,
      public: isPublicListing(),
      agencyBadge: agencyBadgeColumn,
      countryName: countries.name,
      contactPhone: listings.contactPhone,
      videoUrl: listings.videoUrl,
      images: imagesJson,
      ownerName: user.name,
      ownerPhone: user.phone,
      ownerAvatar: sql<string | null>`coalesce(${user.avatarUrl}, ${user.image})`,
      identityVerifiedUntil: user.identityVerifiedUntil,
      businessVerifiedUntil: user.businessVerifiedUntil,
    })
    .from(listings)
    .innerJoin(countries, eq(countries.code, listings.countryCode))
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listings.id, id))
    .limit(1);
  if (!row || !(await mayView(viewer, row))) {
    throw new AppError("LISTING_NOT_FOUND", "detail.notFound.description");
  }
  const {
    userId: _userId,
    agencyId: _agencyId,
    public: _public,
    contactPhone,
    videoUrl,
    ownerName,
    ownerPhone,
    ownerAvatar,
    identityVerifiedUntil,
    businessVerifiedUntil,
    createdAt,
    updatedAt,
    ...fields
  } = row;
  const phone = contactPhone?.trim() || ownerPhone?.trim() || null;
  return {
    ...fields,
    // The owner's checked identity and business, never the listing's moderation approval.
    hostVerified: isVerifiedUntil(identityVerifiedUntil),
    hostBusinessVerified: isVerifiedUntil(businessVerifiedUntil),
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
    images: Array.isArray(row.images) ? row.images : [],
    video: videoEmbed(videoUrl),
    videoFile: await shownListingVideo(id),
    agent: {
      name: ownerName,
      avatarUrl: avatarSrc({ name: ownerName, avatarUrl: ownerAvatar?.trim() || null }),
      // The number and address themselves are revealed on a click, which counts as a lead.
      contactAvailable: fields.contactMethod === "email" || dialable(phone) !== null,
    },
  };
}

/** "You might also like": approved listings of the same category, featured and newest first. */
export function listRelatedListings(
  listing: { id: number; category: Category },
  limit = 2,
): Promise<ListingSummary[]> {
  return selectPublicSummaries({
    where: and(eq(listings.category, listing.category), ne(listings.id, listing.id)),
    orderBy: [
      sql`${listings.featured} desc`,
      sql`${listings.createdAt} desc`,
      sql`${listings.id} desc`,
    ],
    limit,
  });
}
