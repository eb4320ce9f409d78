/**
 * The JavaScript a signed-out visitor's first load carries, page by page: every script a fresh
 * Chromium requests while the page loads (until the network is idle), each counted at its brotli
 * size as the server sends it. Prints a table and exits non-zero when a page is over the budget
 * (docs/decisions/004-first-load.md).
 *
 * Needs a prior `npm run build`: starts the production server on a fresh data directory with the
 * demo data, unless BASE_URL names a running one. A listing of every category is measured, since
 * each category's detail page shows other cards.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import path from "node:path";
import { chromium } from "@playwright/test";
import { LOCALES } from "../app/i18n/translate.ts";
import { CATEGORIES } from "../app/lib/listing-values.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { FIRST_LOAD_BUDGET_KB, firstLoadScripts } from "../tests/support/first-load.ts";
import { startDemoServer } from "./demo-server.ts";

const BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? FIRST_LOAD_BUDGET_KB);
const PORT = Number(process.env.PERF_PORT ?? 3951);

/**
 * The body's length as sent to a client that accepts brotli. Node's fetch would decompress it,
 * so the request goes through node:http, which hands over the bytes as they came.
 */
function brotliBytes(url: string): Promise<number> {
  const request = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "br" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      let length = 0;
      res.on("data", (chunk: Buffer) => (length += chunk.length));
      res.on("end", () => resolve(length));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

interface Measured {
  name: string;
  path: string;
  finalPath: string;
  scripts: { url: string; bytes: number }[];
}

const server = process.env.BASE_URL ? undefined : await startDemoServer(PORT);
const base = (process.env.BASE_URL ?? server?.base ?? "").replace(/\/$/, "");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
let over = false;
try {
  const pages: { name: string; path: string }[] = [
    { name: "home", path: "/" },
    { name: "category", path: "/real-estate" },
    { name: "all listings", path: "/listings" },
  ];
  for (const category of CATEGORIES) {
    const answer = await fetch(`${base}/api/v1/listings?category=${category}`);
    const { listings } = (await answer.json()) as { listings: { id: number }[] };
    const id = listings[0]?.id;
    if (id !== undefined) pages.push({ name: `listing (${category})`, path: `/listing/${id}` });
  }
  const firstListing = pages.find((p) => p.name.startsWith("listing"));
  if (!firstListing) throw new Error("The demo data has no listing.");
  // The lister's public page, as a visitor reaches it: the listing's contact card links to it.
  const listingHtml = await (await fetch(`${base}${firstListing.path}`)).text();
  const agentPath = /href="(\/agents\/[a-z0-9-]+)"/.exec(listingHtml)?.[1];
  if (!agentPath) throw new Error("The listing's contact card links to no agent page.");
  // An agency's page, as search engines reach it: the sitemap lists the agencies whose team runs.
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const agencyPath = /<loc>[^<]*?(\/agencies\/[a-z0-9-]+)<\/loc>/.exec(sitemap)?.[1];
  if (!agencyPath) throw new Error("The sitemap lists no agency page.");
  pages.push(
    { name: "agent", path: agentPath },
    { name: "agency", path: agencyPath },
    { name: "services", path: "/services" },
    { name: "about", path: "/about" },
    { name: "contact", path: "/contact" },
    { name: "terms", path: "/terms" },
    { name: "admin sign-in", path: "/admin-login" },
    // Signed out, these end at the sign-in dialog: measured as a visitor reaches them.
    { name: "premium plans", path: "/dashboard/premium-plans" },
    { name: "payments", path: "/dashboard/payments" },
  );

  const measured: Measured[] = [];
  for (const page of pages) {
    // A context of its own: no cache, no cookie, as on a first visit.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const urls = await firstLoadScripts(tab, `${base}${page.path}`);
    const finalPath = new URL(tab.url()).pathname + new URL(tab.url()).search;
    await context.close();
    const scripts = await Promise.all(
      urls.map(async (url) => ({ url, bytes: await brotliBytes(url) })),
    );
    measured.push({ ...page, finalPath, scripts });
  }

  const kb = (n: number) => (n / 1024).toFixed(1);
  console.info(
    `\nScripts on a signed-out first load, brotli (budget ${BUDGET_KB} KB; locales: ${LOCALES.join(", ")}):\n`,
  );
  console.info("| page | path | scripts | KB | bytes | largest |");
  console.info("|---|---|---|---|---|---|");
  for (const page of measured) {
    const total = page.scripts.reduce((sum, s) => sum + s.bytes, 0);
    const largest = [...page.scripts]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 3)
      .map((s) => `${path.basename(new URL(s.url).pathname)} ${kb(s.bytes)}`)
      .join(", ");
    const ended = page.finalPath === page.path ? page.path : `${page.path} → ${page.finalPath}`;
    const verdict = total / 1024 > BUDGET_KB ? " OVER" : "";
    if (verdict) over = true;
    console.info(
      `| ${page.name} | ${ended} | ${page.scripts.length} | ${kb(total)}${verdict} | ${total} | ${largest} |`,
    );
  }
  if (process.env.JS_VERBOSE) {
    for (const page of measured) {
      console.info(`\n${page.name}:`);
      for (const s of [...page.scripts].sort((a, b) => b.bytes - a.bytes)) {
        console.info(`  ${kb(s.bytes).padStart(6)}  ${new URL(s.url).pathname}`);
      }
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}
if (over) {
  console.error(`\nA page is over the ${BUDGET_KB} KB budget.`);
  process.exitCode = 1;
}
