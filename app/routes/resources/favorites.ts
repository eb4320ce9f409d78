import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/favorites";
import { viewerContext } from "../../auth/viewer.ts";
import { AppError } from "../../lib/app-error.ts";
import { favoriteFailureToast, type FavoriteResult } from "../../lib/favorites.ts";
import { idSchema } from "../../lib/schemas/id.ts";
import { redirectWithToast, safeRedirectPath } from "../../auth/flash-toast.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { setFavorite } from "../../services/favorites/favorites.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";

const schema = z.object({
  listingId: idSchema,
  favorite: z.enum(["true", "false"]).transform((v) => v === "true"),
  redirectTo: z.string().optional(),
});

/**
 * Saves or unsaves a favourite. A heart's background request gets the new state, or the toast
 * that explains why nothing changed; a form post without JavaScript comes back to the same page
 * with that toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const back = safeRedirectPath(form.redirectTo);
  const viewer = context.get(viewerContext);
  const parsed = schema.safeParse(form);
  // A fetcher's request (single fetch) ends in .data; a plain form post is a document request.
  const fromFetcher = new URL(request.url).pathname.endsWith(".data");
  return answerAction(
    () => {
      if (!parsed.success) throw new AppError("VALIDATION_FAILED", "listing.favorites.notFound");
      return setFavorite(viewer, parsed.data.listingId, parsed.data.favorite);
    },
    {
      success: async (favorite) =>
        fromFetcher ? data<FavoriteResult>({ ok: true, favorite }) : redirect(back),
      refused: async (error) => {
        // Without JavaScript the page knew nobody was signed in; a heart's page thought otherwise.
        const toast = favoriteFailureToast(error.code, { signedOut: !fromFetcher });
        return fromFetcher
          ? data<FavoriteResult>({ ok: false, code: error.code, toast }, { status: error.status })
          : redirectWithToast(back, toast);
      },
    },
  );
}

/**
 * In the browser: a request that gets no answer (offline, server down) is reported like a
 * refusal instead of replacing the page with the error screen. Its failure status, like the
 * server's own on a refusal, tells React Router not to reload the page's data.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    const code = "REQUEST_FAILED";
    return data<FavoriteResult>(
      { ok: false, code, toast: favoriteFailureToast(code) },
      { status: 503 },
    );
  }
}
