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
