import { BOOKING_CARD_FIELDS } from "./booking-values.ts";
import { sameOriginPath } from "./safe-redirect.ts";

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
 * The forms a visitor may be brought back to after signing in or confirming a new account, with
 * what they typed kept (see hooks/use-form-draft.ts): a listing's message form, its quote form,
 * and its page with a stay chosen on the booking card. Anywhere else the spec's rules hold (the
 * dashboard after signing in, the home page after confirming).
 */
const RESUMABLE_FORMS = /^\/listing\/\d+\/(message|quote)$/;
const LISTING_PAGE = /^\/listing\/\d+$/;

/**
 * Where a visitor resumes what they were doing, from an untrusted target (a form's `redirectTo`,
 * a confirmation link's `next`): one of the resumable forms on `appUrl`'s origin, without the
 * sign-in dialog; for a listing page only the booking card's choice is kept, and only when there
 * is one. Null for anything else.
 */
export function resumeTarget(target: unknown, appUrl: string): string | null {
  const path = sameOriginPath(target, appUrl);
  if (path === null) return null;
  const url = new URL(path, appUrl);
  if (RESUMABLE_FORMS.test(url.pathname)) return url.pathname;
  if (!LISTING_PAGE.test(url.pathname)) return null;
  const choice = new URLSearchParams();
  for (const field of BOOKING_CARD_FIELDS) {
    const value = url.searchParams.get(field);
    if (value) choice.set(field, value);
  }
  if (!choice.has("checkIn") && !choice.has("departureId")) return null;
  return `${url.pathname}?${choice.toString()}`;
}

/**
 * Where a confirmation link lands: the "Email Confirmed!" screen, which goes on to the form the
 * person signed up from when it is one to resume (`next`), else to the home page.
 */
export function confirmationLanding(back: unknown, appUrl: string): string {
  const next = resumeTarget(back, appUrl);
  return next ? `/confirm?next=${encodeURIComponent(next)}` : "/confirm";
}

/** Where a signed-in person goes: back to a form they were filling, else the dashboard. */
export function afterSignIn(back: string, hasRole: boolean, appUrl: string): string {
  if (!hasRole) return "/role-selection";
  return resumeTarget(back, appUrl) ?? "/dashboard/overview";
}
