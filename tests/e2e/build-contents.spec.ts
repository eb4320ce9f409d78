import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { email } from "../../app/i18n/en/email.ts";
import { payments } from "../../app/i18n/en/payments.ts";
import { DEMO_EMAIL_DOMAIN } from "../../scripts/demo/demo-data.ts";
import { FIRST_LOAD_BUDGET_KB, firstLoadScripts } from "../support/first-load.ts";
import { createConfirmedAccount, uniqueEmail } from "./support/accounts.ts";

/** Every JavaScript file of one side of the production build that the browser tests run. */
function builtScripts(side: "server" | "client"): { file: string; text: string }[] {
  const dir = path.resolve("build", side);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), "utf8") }));
}

test("the server bundle carries no demo catalogue or artwork code", () => {
  const scripts = builtScripts("server");
  expect(scripts.length).toBeGreaterThan(0);
  for (const { file, text } of scripts) {
    expect(text.includes(DEMO_EMAIL_DOMAIN), `${file} holds the demo users' domain`).toBe(false);
    expect(text.includes("renderArtwork"), `${file} holds the demo artwork renderer`).toBe(false);
  }
});

test("the browser bundle carries no server configuration code", () => {
  // Names that only app/config.server.ts spells out: present in the server build, so a leak of
  // the server's modules into the browser's would show here.
  const serverOnly = ["DATABASE_URL", "AUTH_SECRET"];
  const server = builtScripts("server")
    .map((s) => s.text)
    .join("\n");
  for (const name of serverOnly) expect(server.includes(name)).toBe(true);
  for (const { file, text } of builtScripts("client")) {
    for (const name of serverOnly) expect(text.includes(name), `${file} holds ${name}`).toBe(false);
  }
});

test("the browser bundle carries no whole text catalogue: pages get the texts they show", () => {
  // E-mail texts are only ever read on the server: one in a browser file means the catalogue
  // came with it (app/i18n/translate.ts imported for a value, not a type).
  const mailOnly = [email.confirmation.subject, payments.receipt.mail.body];
  for (const text of mailOnly) {
    expect(builtScripts("server").some((s) => s.text.includes(text))).toBe(true);
  }
  for (const { file, text } of builtScripts("client")) {
    for (const mail of mailOnly) expect(text.includes(mail), `${file} holds "${mail}"`).toBe(false);
  }
});

/** The built client file whose name starts with `prefix` and ends with `extension`. */
function builtAsset(prefix: string, extension: string): { url: string; bytes: Buffer } {
  const dir = path.resolve("build/client/assets");
  const file = readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith(extension));
  if (!file) throw new Error(`No ${prefix}*${extension} in the client build`);
  return { url: `/assets/${file}`, bytes: readFileSync(path.join(dir, file)) };
}

test("assets are sent brotli- or gzip-compressed as accepted, and cached for good", async ({
  request,
}) => {
  for (const asset of [builtAsset("framework-", ".js"), builtAsset("root-", ".css")]) {
    for (const [accepted, encoding] of [
      ["br", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const response = await request.get(asset.url, { headers: { "Accept-Encoding": accepted } });
      const headers = response.headers();
      expect(response.status(), asset.url).toBe(200);
      expect(headers["content-encoding"], `${asset.url} for ${accepted}`).toBe(encoding);
      expect(headers["vary"]).toMatch(/Accept-Encoding/);
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Buffer.compare(await response.body(), asset.bytes), asset.url).toBe(0);
    }
  }
});

test("a public page is revalidated with its ETag; the dashboard is never stored", async ({
  request,
}) => {
  const page = await request.get("/real-estate", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(page.headers()["content-encoding"]).toBe("gzip");
  expect(page.headers()["cache-control"]).toMatch(/^public, max-age=0/);
  const etag = page.headers()["etag"];
  expect(etag).toBeTruthy();
  const again = await request.get("/real-estate", { headers: { "If-None-Match": etag ?? "" } });
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);

  const dashboard = await request.get("/dashboard/overview", { maxRedirects: 0 });
  expect(dashboard.headers()["cache-control"]).toBe("private, no-store");
  await createConfirmedAccount(request, {
    email: uniqueEmail("cache"),
    name: "Cache Tester",
    role: "agent",
  });
  const signedIn = await request.get("/dashboard/overview", { maxRedirects: 0 });
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
  expect(signedIn.headers()["etag"]).toBeUndefined();
});

test("a visitor's first load of each kind of public page stays within the scripts' budget", async ({
  page,
  request,
}) => {
  // Sizes from the build's .br files (or the file, where none was written): what the server
  // sends a browser that accepts brotli, and fixed for a given build, so the sum cannot flake.
  const sentBytes = (url: string) => {
    const file = path.resolve("build/client", new URL(url).pathname.slice(1));
    return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  };
  const { listings } = (await (await request.get("/api/v1/listings")).json()) as {
    listings: { id: number }[];
  };
  const listingHtml = await (await request.get(`/listing/${listings[0]?.id}`)).text();
  const agentPath = /href="(\/agents\/[a-z0-9-]+)"/.exec(listingHtml)?.[1];
  expect(agentPath, "the listing links to its agent's page").toBeTruthy();
  // The demo data's agency, as the sitemap lists it.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const agencyPath = /<loc>[^<]*?(\/agencies\/[a-z0-9-]+)<\/loc>/.exec(sitemap)?.[1];
  expect(agencyPath, "the sitemap lists an agency's page").toBeTruthy();
  // A phone's screen, as `npm run perf:js` measures: on a wide one the contact page's office map
  // is in view at once and loads Leaflet, a part that loads as it comes into view (decision 004).
  await page.setViewportSize({ width: 390, height: 844 });
  // Every listing's page loads the same scripts: its cards are in the route's own files.
  for (const address of [
    "/",
    "/real-estate",
    `/listing/${listings[0]?.id}`,
    agentPath,
    agencyPath,
    "/contact",
  ]) {
    const scripts = await firstLoadScripts(page, address ?? "/");
    const kb = scripts.reduce((sum, url) => sum + sentBytes(url), 0) / 1024;
    expect(kb, `${address}: ${kb.toFixed(1)} KB in ${scripts.length} scripts`).toBeLessThanOrEqual(
      FIRST_LOAD_BUDGET_KB,
    );
  }
});
