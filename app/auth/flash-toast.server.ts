import { createCookie, redirect } from "react-router";
import { getConfig } from "../config.server.ts";
import { isMessageKey } from "../i18n/translate.ts";
import { sameOriginPath } from "../lib/safe-redirect.ts";
import type { Toast } from "../lib/toast.ts";
import { secureCookie } from "./secure-cookie.server.ts";

/**
 * One toast carried across a redirect in a short-lived cookie, so the spec's toasts show after a
 * form post with or without JavaScript.
 */
const toastCookie = createCookie("toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.title === "string" &&
    isMessageKey(v.title) &&
    (v.description === undefined ||
      (typeof v.description === "string" && isMessageKey(v.description)))
  );
}

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast, secureCookie());
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: HeadersInit | undefined }> {
  const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (value === null || value === undefined) return { toast: null, headers: undefined };
  return {
    toast: isToast(value) ? value : null,
    headers: { "Set-Cookie": await toastCookie.serialize("", { ...secureCookie(), maxAge: 0 }) },
  };
}

export async function redirectWithToast(
  url: string,
  toast: Toast,
  init: { headers?: [string, string][] } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { headers });
}

/**
 * A path on this site to go back to, from untrusted input; `fallback` when it would leave the
 * site or cannot be read (see lib/safe-redirect.ts: every redirect target from input goes here).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  return sameOriginPath(value, getConfig().appUrl) ?? fallback;
}
