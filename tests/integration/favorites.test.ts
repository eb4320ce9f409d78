import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, listings } from "../../app/db/schema/index.ts";
import { seedDemoData } from "../../app/db/seed/seed.server.ts";
import * as favoritesRoute from "../../app/routes/resources/favorites.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { testEngine } from "../support/database.ts";
import { linkIn } from "../support/smtp-sink.ts";
import { CookieJar, startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";
import * as signUp from "../../app/routes/auth/sign-up.ts";

describe(`favourites on ${testEngine}`, () => {
  let app: TestApp;
  let jar: CookieJar;
  let approvedId: number;
  let pendingId: number;

  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoData(app.handle.db, getMediaStorage());
    const [approved] = await app.handle.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.status, "approved"))
      .limit(1);
    const [pending] = await app.handle.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.status, "pending_approval"))
      .limit(1);
    approvedId = approved!.id;
    pendingId = pending!.id;
    await app.action(signUp, "/auth/sign-up", {
      name: "Fola",
      email: "fola@example.com",
      password: "secret12",
      redirectTo: "/",
    });
    jar = new CookieJar();
    await app.visit(linkIn(await waitForMail(app, "fola@example.com"), app.config.appUrl), jar);
  });
  afterAll(async () => {
    await app.close();
  });

  async function saved(): Promise<number[]> {
    const viewer = await app.viewer(jar);
    const rows = await app.handle.db
      .select({ id: favorites.listingId })
      .from(favorites)
      .where(eq(favorites.userId, viewer!.id));
    return rows.map((r) => r.id);
  }

  it("saves and unsaves from a page's form, idempotently", async () => {
    const add = await app.action(
      favoritesRoute,
      "/favorites.data",
      { listingId: String(approvedId), favorite: "true" },
      jar,
    );
    expect(add).toMatchObject({ data: { ok: true, favorite: true } });
    await app.action(
      favoritesRoute,
      "/favorites.data",
      { listingId: String(approvedId), favorite: "true" },
      jar,
    );
    expect(await saved()).toEqual([approvedId]);
    const remove = await app.action(
      favoritesRoute,
      "/favorites.data",
      { listingId: String(approvedId), favorite: "false" },
      jar,
    );
    expect(remove).toMatchObject({ data: { ok: true, favorite: false } });
    expect(await saved()).toEqual([]);
  });

  it("sends a visitor without JavaScript back with the sign-in toast", async () => {
    const result = (await app.action(favoritesRoute, "/favorites", {
      listingId: String(approvedId),
      favorite: "true",
      redirectTo: "/real-estate",
    })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/real-estate");
    expect(result.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(true);
  });

  it("refuses a listing that is not public", async () => {
    const result = await app.action(
      favoritesRoute,
      "/favorites.data",
      { listingId: String(pendingId), favorite: "true" },
      jar,
    );
    expect(result).toMatchObject({ data: { ok: false, code: "LISTING_NOT_FOUND" } });
    expect(await saved()).toEqual([]);
  });

  it("offers the same through the JSON API for the signed-in user", async () => {
    const headers = { cookie: jar.header() };
    expect((await apiV1.request("/me/favorites")).status).toBe(401);
    expect(
      (await apiV1.request(`/me/favorites/${approvedId}`, { method: "PUT", headers })).status,
    ).toBe(200);
    expect(await (await apiV1.request("/me/favorites", { headers })).json()).toEqual({
      listingIds: [approvedId],
    });
    expect(
      (await apiV1.request(`/me/favorites/${pendingId}`, { method: "PUT", headers })).status,
    ).toBe(404);
    expect((await apiV1.request("/me/favorites/abc", { method: "PUT", headers })).status).toBe(404);
    expect(
      (await apiV1.request(`/me/favorites/${approvedId}`, { method: "DELETE", headers })).status,
    ).toBe(200);
    const rows = await app.handle.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.listingId, approvedId)));
    expect(rows).toHaveLength(0);
  });
});
