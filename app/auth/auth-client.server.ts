import { getConfig } from "../config.server.ts";
import type { MessageKey } from "../i18n/translate.ts";
import type { Toast } from "../lib/toast.ts";
import { ADMIN_PASSWORD_REFUSED, CLIENT_IP_HEADER, getAuth } from "./auth.server.ts";

export interface AuthCallResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  error: { code?: string; message?: string } | null;
  /** Set-Cookie headers to pass on to the browser (session cookies). */
  cookies: string[];
}

/**
 * Calls a better-auth endpoint through its HTTP handler, on behalf of the browser's request, so
 * the same rules apply as for a direct call: origin checks, rate limits, cookies.
 */
export async function callAuth<T>(
  request: Request,
  endpoint: string,
  init: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<AuthCallResult<T>> {
  const config = getConfig();
  const headers = new Headers({ origin: config.appUrl });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER, "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const method = init.method ?? "POST";
  if (method === "POST") headers.set("content-type", "application/json");
  const response = await getAuth().handler(
    new Request(`${config.appUrl}/api/auth${endpoint}`, {
      method,
      headers,
      body: method === "POST" ? JSON.stringify(init.body ?? {}) : undefined,
    }),
  );
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const ok = response.status >= 200 && response.status < 400;
  return {
    ok,
    status: response.status,
    data: ok ? (json as T) : null,
    error: ok ? null : ((json as { code?: string; message?: string } | null) ?? { message: text }),
    cookies: response.headers.getSetCookie(),
  };
}

/** The toast text for a failed call: a known code's wording, else better-auth's own message. */
export function authErrorText(result: AuthCallResult<unknown>): {
  key: MessageKey;
  message?: string;
} {
  if (result.status === 429) return { key: "auth.toasts.tooManyRequests" };
  switch (result.error?.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return { key: "auth.toasts.invalidCredentials" };
    case "EMAIL_NOT_VERIFIED":
      return { key: "auth.toasts.emailNotVerified" };
    case "PASSWORD_TOO_SHORT":
      return { key: "auth.toasts.passwordTooShort" };
    case "INVALID_EMAIL":
      return { key: "auth.toasts.invalidEmail" };
    case ADMIN_PASSWORD_REFUSED:
      return { key: "auth.toasts.adminUsesMagicLink" };
  }
  const message = result.error?.message;
  return message ? { key: "auth.toasts.backend", message } : { key: "auth.toasts.unexpected" };
}

/** The destructive toast for a failed call, under the given title. */
export function authErrorToast(result: AuthCallResult<unknown>, title: MessageKey): Toast {
  const { key, message } = authErrorText(result);
  return {
    title,
    description: key,
    params: message ? { message } : undefined,
    variant: "destructive",
  };
}
