import type { Route } from "./+types/sitemap";
import { getConfig } from "../../config.server.ts";
import { CATEGORIES } from "../../lib/listing-values.ts";
import { listSitemapListings, SITEMAP_LIMIT } from "../../services/listings/sitemap.server.ts";
import { listSitemapAgencies } from "../../services/profiles/agency-page.server.ts";
import { listSitemapAgents } from "../../services/profiles/public-profile.server.ts";

const STATIC_PAGES = [
  "/",
  "/listings",
  "/about",
  "/services",
  "/contact",
  "/faq",
  "/terms",
  "/privacy",
  "/kyc",
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function url(loc: string, extra = ""): string {
  return `<url><loc>${escapeXml(loc)}</loc>${extra}</url>`;
}

/**
 * /sitemap.xml: the static pages, the six sections, every approved listing and the public pages
 * of the agents and professionals who have one and of the agencies whose team runs.
 */
export async function loader(_: Route.LoaderArgs) {
  const base = getConfig().appUrl;
  const listings = await listSitemapListings();
  const room = Math.max(0, SITEMAP_LIMIT - listings.length - 20);
  const agents = await listSitemapAgents(room);
  const agencies = await listSitemapAgencies(room - agents.length);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((path) => url(path === "/" ? `${base}/` : `${base}${path}`)),
    ...CATEGORIES.map((category) => url(`${base}/${category}`, "<changefreq>daily</changefreq>")),
    ...listings.map((l) =>
      url(
        `${base}/listing/${l.id}`,
        `<lastmod>${l.updatedAt.toISOString().slice(0, 10)}</lastmod>`,
      ),
    ),
    ...agents.map((a) => url(`${base}/agents/${a.handle}`)),
    ...agencies.map((a) => url(`${base}/agencies/${a.handle}`)),
    "</urlset>",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
