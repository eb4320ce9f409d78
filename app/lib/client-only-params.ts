import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Search parameters that only open or steer client-side UI (the auth dialog's view and the e-mail
 * it keeps). They are in the URL so the page works without JavaScript; no loader reads them.
 */
export const CLIENT_ONLY_PARAMS: readonly string[] = ["auth", "email"];

function withoutClientOnly(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  for (const name of CLIENT_ONLY_PARAMS) params.delete(name);
  params.sort();
  return `${url.pathname}?${params}`;
}

/** True when the two URLs differ, and only in client-only parameters. */
export function differsOnlyInClientState(current: URL, next: URL): boolean {
  if (current.pathname === next.pathname && current.search === next.search) return false;
  return withoutClientOnly(current) === withoutClientOnly(next);
}

/**
 * A route's `shouldRevalidate`: opening, switching or closing the auth dialog re-runs no loader.
 * Submissions (sign-in, sign-out, favourites …) and every other navigation keep the default.
 */
export function skipClientOnlyChanges({
  currentUrl,
  nextUrl,
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod !== undefined || actionResult !== undefined) return defaultShouldRevalidate;
  if (differsOnlyInClientState(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}
