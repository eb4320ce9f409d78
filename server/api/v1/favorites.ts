import { Hono } from "hono";
import { loadViewer } from "../../../app/auth/session.server.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import { idSchema } from "../../../app/lib/schemas/id.ts";
import { listFavoriteIds, setFavorite } from "../../../app/services/favorites/favorites.server.ts";

async function requireApiViewer(headers: Headers) {
  const viewer = await loadViewer(headers);
  if (!viewer) throw new AppError("UNAUTHENTICATED", "listing.favorites.signInDescription");
  return viewer;
}

function parseId(value: string): number {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw new AppError("LISTING_NOT_FOUND", "listing.favorites.notFound");
  return parsed.data;
}

/** The signed-in person's favourites (session cookie, as in the browser). */
export const favoriteRoutes = new Hono();

favoriteRoutes.get("/me/favorites", async (c) => {
  const viewer = await requireApiViewer(c.req.raw.headers);
  c.header("Cache-Control", "private, no-store");
  return c.json({ listingIds: await listFavoriteIds(viewer.id) });
});

favoriteRoutes.put("/me/favorites/:listingId", async (c) => {
  const viewer = await requireApiViewer(c.req.raw.headers);
  await setFavorite(viewer, parseId(c.req.param("listingId")), true);
  return c.json({ listingId: Number(c.req.param("listingId")), favorite: true });
});

favoriteRoutes.delete("/me/favorites/:listingId", async (c) => {
  const viewer = await requireApiViewer(c.req.raw.headers);
  await setFavorite(viewer, parseId(c.req.param("listingId")), false);
  return c.json({ listingId: Number(c.req.param("listingId")), favorite: false });
});
