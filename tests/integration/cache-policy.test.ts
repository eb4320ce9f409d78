import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE, PUBLIC_PAGE } from "../../server/cache-policy.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * What caches may keep: a visitor's public pages and their data are revalidated with an ETag
 * (a 304 has no body); anything about a signed-in person, a sign-in step or a cookie is kept by
 * no cache; public API reads carry an ETag, signed-in ones stay `no-store`.
 */
describe(`HTTP caching on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let member: MadeUser;
  let listingId: number;

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    member = await makeUser({ role: "agent" });
    listingId = (await makeListing({ owner: member })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  for (const path of ["/", "/real-estate", "/real-estate.data", "/about", "/api/v1/currencies"]) {
    it(`validates ${path} with an ETag and answers a match with an empty 304`, async () => {
      const first = await send(path, { headers: { "Accept-Encoding": "gzip" } });
      expect(first.status).toBe(200);
      const etag = first.headers.get("ETag");
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get("Vary")).toMatch(/Accept-Encoding/);
      if (!path.startsWith("/api/")) {
        expect(first.headers.get("Cache-Control")).toBe(PUBLIC_PAGE);
        expect(first.headers.get("Vary")).toMatch(/Cookie/);
      }

      const again = await send(path, { headers: { "If-None-Match": etag ?? "" } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Content-Length")).toBeNull();
      expect(again.headers.get("Content-Type")).toBeNull();

      const stale = await send(path, { headers: { "If-None-Match": '"something-else"' } });
      expect(stale.status).toBe(200);
    });
  }

  it("gives the same public page the same ETag, and a changed page a new one", async () => {
    const before = (await send("/listings")).headers.get("ETag");
    expect((await send("/listings")).headers.get("ETag")).toBe(before);
    await makeListing({ owner: member, title: "A brand new listing for the cache test" });
    expect((await send("/listings")).headers.get("ETag")).not.toBe(before);
  });

  it("keeps a signed-in person's pages, even public ones, out of every cache", async () => {
    for (const path of ["/", `/listing/${listingId}`, "/dashboard/overview", "/real-estate.data"]) {
      const response = await send(path, { jar: member.jar });
      expect(response.headers.get("Cache-Control"), path).toBe(PRIVATE);
      expect(response.headers.get("ETag"), path).toBeNull();
      expect(response.headers.get("Vary"), path).toMatch(/Cookie/);
    }
  });

  it("keeps the dashboard, sign-in steps, /dev and answers that set a cookie private", async () => {
    for (const path of [
      "/dashboard",
      "/dashboard/overview",
      "/reset",
      "/admin-login",
      "/dev/outbox",
    ]) {
      expect((await send(path)).headers.get("Cache-Control"), path).toBe(PRIVATE);
    }
    const currency = await send("/set-currency", { form: { currency: "KES", redirectTo: "/" } });
    expect(currency.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(currency.headers.get("Cache-Control")).toBe(PRIVATE);
  });

  it("gives signed-in API answers no ETag and no-store", async () => {
    const response = await send("/api/v1/my-listings", { jar: member.jar });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(response.headers.get("ETag")).toBeNull();
  });

  it("gzips a large dynamic answer when asked, and sends it plain when not", async () => {
    const gzipped = await send("/real-estate", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    const plain = await send("/real-estate", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toContain("<!DOCTYPE html>");
  });
});
