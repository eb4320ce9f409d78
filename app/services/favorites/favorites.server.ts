import { and, desc, eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer.ts";
import { getDb } from "../../db/client.server.ts";
import { favorites, listings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { can } from "../../lib/permissions.ts";
import { accountVisitor, recordLead } from "../analytics/leads.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { publicListingWhere } from "../../auth/standing.server.ts";

/** Ids of the listings a person saved, newest first: small, so every page gets them server-side. */
export async function listFavoriteIds(userId: string): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
  return rows.map((r) => r.listingId);
}

/**
 * Saves or unsaves a listing. Only approved listings can be saved; unsaving always works (the
 * listing may have been taken down since).
 */
export async function setFavorite(
  viewer: Viewer | null,
  listingId: number,
  favorite: boolean,
): Promise<boolean> {
  if (!viewer || !can(viewer, "favorite:toggle"))
    throw new AppError("UNAUTHENTICATED", "listing.favorites.signInDescription");
  await requireUnderWriteLimit("favorite", viewer);
  const db = await getDb();
  if (!favorite) {
    await db
      .delete(favorites)
      .where(and(eq(favorites.userId, viewer.id), eq(favorites.listingId, listingId)));
    return false;
  }
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), publicListingWhere()));
  if (!listing) throw new AppError("LISTING_NOT_FOUND", "listing.favorites.notFound");
  const saved = await db
    .insert(favorites)
    .values({ userId: viewer.id, listingId })
    .onConflictDoNothing()
    .returning({ listingId: favorites.listingId });
  // Saving a listing is a lead for its publisher; saving it again (already saved) is not news.
  if (saved.length > 0) {
    await recordLead(db, { listingId, kind: "favorite", visitor: accountVisitor(viewer.id) });
  }
  return true;
}
