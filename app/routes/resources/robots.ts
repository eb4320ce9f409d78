import type { Route } from "./+types/robots";
import { getConfig } from "../../config.server.ts";

/** /robots.txt: everything public may be crawled; accounts, forms and the API may not. */
export function loader(_: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /add-listing",
    "Disallow: /api/",
    "",
    `Sitemap: ${getConfig().appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
