import { z } from "zod";

/** GET /api/v1/me/favorites: the saved listings' ids, newest first. */
export const favoriteIdsSchema = z.object({ listingIds: z.array(z.int()) });

/** PUT and DELETE /api/v1/me/favorites/{listingId}: the listing's state afterwards. */
export const favoriteStateSchema = z.object({ listingId: z.int(), favorite: z.boolean() });
