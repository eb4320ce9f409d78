import type { ErrorCode } from "./app-error.ts";
import type { Toast } from "./toast.ts";

/**
 * What saving or unsaving a favourite answers a page that sent it in the background: the new
 * state, or the toast that says why nothing changed.
 */
export type FavoriteResult =
  { ok: true; favorite: boolean } | { ok: false; code: FavoriteFailure; toast: Toast };

/** A refusal by the server, or a request that never got an answer (offline, server down). */
export type FavoriteFailure = ErrorCode | "REQUEST_FAILED";

/** The fetcher that saves one listing's heart: the heart that sent it watches its answer. */
export function favoriteFetcherKey(listingId: number): string {
  return `favorite-${listingId}`;
}

export function isFavoriteFailure(value: unknown): value is Extract<FavoriteResult, { ok: false }> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { ok?: unknown }).ok === false &&
    typeof (value as { toast?: unknown }).toast === "object"
  );
}

/**
 * Why a heart did not change. `signedOut`: the page knew nobody was signed in (a form sent
 * without JavaScript); otherwise a refused sign-in means the session ended since the page loaded.
 */
export function favoriteFailureToast(code: FavoriteFailure, { signedOut = false } = {}): Toast {
  if (code === "UNAUTHENTICATED") {
    return {
      title: "listing.favorites.signInTitle",
      description: signedOut
        ? "listing.favorites.signInDescription"
        : "listing.favorites.sessionExpired",
      variant: "destructive",
    };
  }
  return {
    title: "listing.favorites.notUpdated",
    description:
      code === "LISTING_NOT_FOUND" || code === "VALIDATION_FAILED"
        ? "listing.favorites.unavailable"
        : "listing.favorites.tryAgain",
    variant: "destructive",
  };
}
