import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE } from "../../server/cache-policy.ts";
import { staticFileHeaders } from "../../server/security-headers.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name, values);
  }
  return parsed;
}

/** The nonce a policy allows scripts with. */
function scriptNonce(response: Response): string {
  const scriptSrc = directives(response.headers.get("Content-Security-Policy")).get("script-src");
  const nonce = scriptSrc?.map((value) => /^'nonce-([^']+)'$/.exec(value)?.[1]).find(Boolean);
  if (!nonce) throw new Error(`No nonce in script-src: ${scriptSrc?.join(" ")}`);
  return nonce;
}

/**
 * The opening tags of the page's inline scripts and style elements. A JSON data block (a
 * listing's structured data) is never run, so the policy does not apply to it.
 */
function inlineCode(html: string): string[] {
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => !/\ssrc=/.test(tag) && !/\stype="application\/(ld\+)?json"/.test(tag),
  );
  return [...scripts, ...(html.match(/<style\b[^>]*>/g) ?? [])];
}

/**
 * The page security policy of the spec: scripts only from the site or with the request's nonce,
 * the outside services the site uses, no framing; HSTS only when APP_URL is https; private
 * pages kept by no cache; the headers on every answer, the API's too.
 */
describe(`security headers on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let agent: MadeUser;
  let listingId: number;

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    agent = await makeUser({ role: "agent" });
    listingId = (await makeListing({ owner: agent })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Public pages, a page that is not found among them. */
  const PAGES = ["/", "/real-estate", "/listings", "/about", "/listing/99999999"];

  it("gives every page a policy whose scripts need the request's nonce, and no 'unsafe-inline'", async () => {
    for (const path of [...PAGES, `/listing/${listingId}`]) {
      const response = await send(path);
      const policy = directives(response.headers.get("Content-Security-Policy"));
      const nonce = scriptNonce(response);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy.get("script-src"), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get("style-src"), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get("style-src-attr"), path).toEqual(["'unsafe-inline'"]);
      expect(policy.get("default-src"), path).toEqual(["'self'"]);
      expect(policy.get("connect-src"), path).toEqual(["'self'"]);
      expect(policy.get("object-src"), path).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(policy.get("frame-src"), path).toEqual([
        "'self'",
        "https://www.youtube-nocookie.com",
        "https://player.vimeo.com",
      ]);

      const html = await response.text();
      const tags = inlineCode(html);
      expect(tags.length, path).toBeGreaterThan(0);
      for (const tag of tags) expect(tag, path).toContain(` nonce="${nonce}"`);
      expect(html, path).toContain(`<meta property="csp-nonce" nonce="${nonce}"/>`);
    }
  });

  it("makes a fresh nonce for every request", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(scriptNonce(await send("/")));
    expect(nonces.size).toBe(3);
  });

  it("keeps a public page's ETag across nonces, and its 304 carries no policy", async () => {
    const first = await send("/about");
    const second = await send("/about");
    expect(scriptNonce(second)).not.toBe(scriptNonce(first));
    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect(second.headers.get("ETag")).toBe(etag);

    // The browser keeps the page it has, with its own nonce, so the policy must stay the kept one.
    const revalidated = await send("/about", { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("sends the other headers with every page and API answer, and no HSTS over http", async () => {
    for (const path of [
      ...PAGES,
      "/api/v1/health",
      "/api/v1/currencies",
      "/api/auth/get-session",
    ]) {
      const response = await send(path);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(response.headers.get("Content-Security-Policy"), path).toMatch(
        /frame-ancestors 'none'/,
      );
      expect(response.headers.get("Strict-Transport-Security"), path).toBeNull();
    }
  });

  it("keeps the dashboard out of every cache, and it runs with its nonce too", async () => {
    for (const path of ["/dashboard/overview", "/add-listing"]) {
      const response = await send(path, { jar: agent.jar });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe(PRIVATE);
      const nonce = scriptNonce(response);
      for (const tag of inlineCode(await response.text())) {
        expect(tag, path).toContain(` nonce="${nonce}"`);
      }
    }
  });

  it("styles the refusal of another site's form with the nonce", async () => {
    const response = await send("/set-currency", {
      form: { currency: "EUR", redirectTo: "/" },
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
    const nonce = scriptNonce(response);
    expect(await response.text()).toContain(`<style nonce="${nonce}">`);
  });

  it("gives static files a policy of their own, without HSTS over http", () => {
    const headers = staticFileHeaders(app.config);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    const policy = directives(headers["Content-Security-Policy"] ?? null);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.has("sandbox")).toBe(true);
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });
});

describe(`security headers of a site served over https on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;

  beforeAll(async () => {
    app = await startTestApp({
      APP_URL: "https://gateway.example",
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
    });
    send = await createServerApp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends HSTS with pages, API answers and static files", async () => {
    for (const path of ["/", "/about", "/api/v1/health"]) {
      const response = await send(path);
      expect(response.headers.get("Strict-Transport-Security"), path).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
    expect(staticFileHeaders(app.config)["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it("lets forms send the browser to Google's sign-in, and nowhere else but the site", async () => {
    const policy = directives((await send("/")).headers.get("Content-Security-Policy"));
    expect(policy.get("form-action")).toEqual(["'self'", "https://accounts.google.com"]);
  });
});
