import { useCallback, useEffect, useMemo, useRef } from "react";
import { useFetcher, useFetchers, useLocation, useRevalidator, useSubmit } from "react-router";
import { useToast } from "./use-toast.ts";
import { favoriteFetcherKey, isFavoriteFailure } from "../lib/favorites.ts";
import { parseId } from "../lib/id.ts";
import { useRootData } from "./use-root-data.ts";

/**
 * Favourite state and toggling for cards and the detail page. The saved ids come with the page
 * from the server (no flicker); a toggle shows at once and is saved on the server in the
 * background. A visitor who is not signed in is told to sign in. Once a request is answered the
 * heart shows what the server holds: a refused save flips it back, and each heart reports why
 * with `useFavoriteFailures`.
 */
export function useFavorites() {
  const { viewer, favoriteIds } = useRootData();
  const showToast = useToast();
  const submit = useSubmit();
  const location = useLocation();
  const fetchers = useFetchers();

  const saved = useMemo(() => {
    const ids = new Set(favoriteIds);
    for (const fetcher of fetchers) {
      if (fetcher.formAction !== "/favorites" || !fetcher.formData) continue;
      const id = parseId(fetcher.formData.get("listingId"));
      if (id === null) continue;
      if (fetcher.formData.get("favorite") === "true") ids.add(id);
      else ids.delete(id);
    }
    return ids;
  }, [favoriteIds, fetchers]);

  const toggle = useCallback(
    (listing: { id: number }) => {
      if (!viewer) {
        showToast({
          title: "listing.favorites.signInTitle",
          description: "listing.favorites.signInDescription",
          variant: "destructive",
        });
        return;
      }
      void submit(
        {
          listingId: String(listing.id),
          favorite: String(!saved.has(listing.id)),
          redirectTo: location.pathname + location.search,
        },
        {
          method: "post",
          action: "/favorites",
          navigate: false,
          fetcherKey: favoriteFetcherKey(listing.id),
        },
      );
    },
    [viewer, saved, submit, showToast, location.pathname, location.search],
  );

  const isFavorite = useCallback((id: number) => saved.has(id), [saved]);
  return { isFavorite, toggle };
}

/**
 * Reports why a listing's heart flipped back: the listing is no longer public, the session has
 * ended (then the page reloads its data, to show the signed-out state), or the request got no
 * answer. Called where the heart is, so the answer is watched for as long as the heart is on
 * screen, and reported once.
 */
export function useFavoriteFailures(listingId: number) {
  const { data } = useFetcher({ key: favoriteFetcherKey(listingId) });
  const showToast = useToast();
  const { revalidate } = useRevalidator();
  // An answer already there when the heart appears (the same listing's heart on the page before)
  // has been reported by that heart.
  const reported = useRef<unknown>(data);
  useEffect(() => {
    if (!isFavoriteFailure(data) || reported.current === data) return;
    reported.current = data;
    showToast(data.toast);
    if (data.code === "UNAUTHENTICATED") void revalidate();
  }, [data, showToast, revalidate]);
}
