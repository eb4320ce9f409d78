import { createCookie } from "react-router";

/** The visitor's display currency, remembered for a year so the first byte is already right. */
export const currencyCookie = createCookie("currency", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
  httpOnly: false,
});

export async function readCurrencyCode(request: Request): Promise<string | null> {
  const value: unknown = await currencyCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Z]{3}$/.test(value) ? value : null;
}
