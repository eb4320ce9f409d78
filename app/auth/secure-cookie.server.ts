import { getConfig } from "../config.server.ts";

/** Cookies are Secure when the site is served over https (APP_URL), as the session cookie is. */
export function secureCookie(): { secure: boolean } {
  return { secure: getConfig().appUrl.startsWith("https://") };
}
