export const AUTH_VIEWS = ["login", "register", "forgot"] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function isAuthView(value: string | null): value is AuthView {
  return value !== null && (AUTH_VIEWS as readonly string[]).includes(value);
}

/** The same page with the auth dialog open on a view (and the e-mail kept, never the password). */
export function authDialogUrl(path: string, view: AuthView, email?: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.set("auth", view);
  if (email) url.searchParams.set("email", email);
  else url.searchParams.delete("email");
  return url.pathname + url.search;
}

/** The same page with the dialog closed. */
export function withoutAuthDialog(path: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.delete("auth");
  url.searchParams.delete("email");
  return url.pathname + url.search;
}

/**
 * Pages where signing in is a step of what the visitor was doing (asking a lister, requesting a
 * quote): after signing in they come back to the form. Anywhere else the spec's rule holds and
 * they go to their dashboard.
 */
const RESUMED_AFTER_SIGN_IN = [/^\/listing\/\d+\/(message|quote)$/];

/** Where a signed-in person goes: back to a form they were filling, else the dashboard. */
export function afterSignIn(back: string, hasRole: boolean): string {
  if (!hasRole) return "/role-selection";
  const path = withoutAuthDialog(back);
  return RESUMED_AFTER_SIGN_IN.some((pattern) => pattern.test(path)) ? path : "/dashboard/overview";
}
