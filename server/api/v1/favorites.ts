import { createRoute, z } from "@hono/zod-openapi";
import { favoriteIdsSchema, favoriteStateSchema } from "../../../app/lib/schemas/favorites.ts";
import { listFavoriteIds, setFavorite } from "../../../app/services/favorites/favorites.server.ts";
import {
  apiRouter,
  errorResponse,
  jsonResponse,
  limitedRoute,
  idParam,
  sessionSecurity,
  signedIn,
} from "./router.ts";

/** The signed-in person's favourites (session cookie, as in the browser). */
export const favoriteRoutes = apiRouter();

const signedInToSave = signedIn("listing.favorites.signInDescription");
const listingParams = z.object({ listingId: idParam("listing") });

favoriteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/favorites",
    security: sessionSecurity,
    summary: "Ids of the listings I saved",
    operationId: "listFavorites",
    middleware: [signedInToSave] as const,
    responses: {
      200: jsonResponse(favoriteIdsSchema, "Saved listing ids, newest first"),
      401: errorResponse("UNAUTHENTICATED"),
    },
  }),
  async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json({ listingIds: await listFavoriteIds(c.get("viewer").id) }, 200);
  },
);

for (const favorite of [true, false]) {
  favoriteRoutes.openapi(
    limitedRoute("favorite", {
      method: favorite ? "put" : "delete",
      path: "/me/favorites/{listingId}",
      security: sessionSecurity,
      summary: favorite ? "Save an approved listing" : "Unsave a listing",
      operationId: favorite ? "addFavorite" : "removeFavorite",
      middleware: [signedInToSave] as const,
      request: { params: listingParams },
      responses: {
        200: jsonResponse(favoriteStateSchema, favorite ? "Saved" : "Removed"),
        401: errorResponse("UNAUTHENTICATED"),
        404: errorResponse("LISTING_NOT_FOUND"),
      },
    }),
    async (c) => {
      const { listingId } = c.req.valid("param");
      await setFavorite(c.get("viewer"), listingId, favorite);
      return c.json({ listingId, favorite }, 200);
    },
  );
}
