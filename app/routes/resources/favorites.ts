import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/favorites";
import { viewerContext } from "../../auth/viewer.ts";
import { AppError } from "../../lib/app-error.ts";
import { redirectWithToast, safeRedirectPath } from "../../services/session/flash-toast.server.ts";
import { setFavorite } from "../../services/favorites/favorites.server.ts";

const schema = z.object({
  listingId: z.coerce.number().int().positive(),
  favorite: z.enum(["true", "false"]).transform((v) => v === "true"),
  redirectTo: z.string().optional(),
});

/** Saves or unsaves a favourite; a form post without JavaScript comes back to the same page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const back = safeRedirectPath(form.redirectTo);
  const viewer = context.get(viewerContext);
  const parsed = schema.safeParse(form);
  // A fetcher's request (single fetch) ends in .data; a plain form post is a document request.
  const fromFetcher = new URL(request.url).pathname.endsWith(".data");
  try {
    if (!parsed.success) throw new AppError("VALIDATION_FAILED", "listing.favorites.notFound");
    const favorite = await setFavorite(viewer, parsed.data.listingId, parsed.data.favorite);
    return fromFetcher ? data({ ok: true as const, favorite }) : redirect(back);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const signIn = error.code === "UNAUTHENTICATED";
    if (fromFetcher)
      return data({ ok: false as const, code: error.code }, { status: error.status });
    return redirectWithToast(back, {
      title: signIn ? "listing.favorites.signInTitle" : "listing.favorites.error",
      description: signIn ? "listing.favorites.signInDescription" : "listing.favorites.notFound",
      variant: "destructive",
    });
  }
}
