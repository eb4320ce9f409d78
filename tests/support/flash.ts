/** A flash toast as the server encodes it in the `toast` cookie of a redirect. */
export interface FlashToast {
  title: string;
  description?: string;
  params?: Record<string, string>;
}

/** The toast a redirect carries in its flash cookie, or null. */
export function toastOf(result: unknown): FlashToast | null {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("toast=".length));
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as FlashToast;
}

/** Where a redirect goes; fails the test when the result is not a redirect. */
export function location(result: unknown): string {
  if (!(result instanceof Response))
    throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  return result.headers.get("location") ?? "";
}
