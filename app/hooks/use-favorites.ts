import { useCallback, useMemo } from "react";
import { useFetchers, useLocation, useSubmit } from "react-router";
import { useToast } from "../components/layout/toaster.tsx";
import { useRootData } from "./use-root-data.ts";

/**
 * Favourite state and toggling for cards and the detail page. The saved ids come with the page
 * from the server (no flicker); a toggle shows at once and is saved on the server in the
 * background. A visitor who is not signed in is told to sign in.
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
      const id = Number(fetcher.formData.get("listingId"));
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
          fetcherKey: `favorite-${listing.id}`,
        },
      );
    },
    [viewer, saved, submit, showToast, location.pathname, location.search],
  );

  const isFavorite = useCallback((id: number) => saved.has(id), [saved]);
  return { isFavorite, toggle };
}
