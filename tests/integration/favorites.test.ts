import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, listings } from "../../app/db/schema/index.ts";
import { seedDemoData } from "../../scripts/demo/demo-seed.ts";
import { createTranslator, isMessageKey } from "../../app/i18n/translate.ts";
import { favoriteFailureToast } from "../../app/lib/favorites.ts";
import * as favoritesRoute from "../../app/routes/resources/favorites.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
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

  it("refuses a listing that is not public, with the toast that says why", async () => {
    const result = await app.action(
      favoritesRoute,
      "/favorites.data",
      { listingId: String(pendingId), favorite: "true" },
      jar,
    );
    expect(result).toMatchObject({
      data: {
        ok: false,
        code: "LISTING_NOT_FOUND",
        toast: {
          title: "listing.favorites.notUpdated",
          description: "listing.favorites.unavailable",
          variant: "destructive",
        },
      },
      init: { status: 404 },
    });
    expect(await saved()).toEqual([]);

    // The same toast, in the flash cookie, for a form sent without JavaScript.
    const viaForm = await app.action(
      favoritesRoute,
      "/favorites",
      { listingId: String(pendingId), favorite: "true", redirectTo: "/hospitality" },
      jar,
    );
    expect(location(viaForm)).toBe("/hospitality");
    expect(toastOf(viaForm)).toMatchObject({
      title: "listing.favorites.notUpdated",
      description: "listing.favorites.unavailable",
    });
  });

  it("tells a heart whose session has ended to sign in again", async () => {
    // The page still shows someone signed in; the server no longer knows them.
    const result = await app.action(favoritesRoute, "/favorites.data", {
      listingId: String(approvedId),
      favorite: "true",
    });
    expect(result).toMatchObject({
      data: {
        ok: false,
        code: "UNAUTHENTICATED",
        toast: {
          title: "listing.favorites.signInTitle",
          description: "listing.favorites.sessionExpired",
          variant: "destructive",
        },
      },
      init: { status: 401 },
    });
    // Without JavaScript the page knew nobody was signed in: the spec's words.
    const viaForm = await app.action(favoritesRoute, "/favorites", {
      listingId: String(approvedId),
      favorite: "true",
      redirectTo: "/real-estate",
    });
    expect(toastOf(viaForm)).toMatchObject({
      title: "listing.favorites.signInTitle",
      description: "listing.favorites.signInDescription",
    });
    for (const key of [
      "listing.favorites.signInTitle",
      "listing.favorites.signInDescription",
      "listing.favorites.sessionExpired",
      "listing.favorites.notUpdated",
      "listing.favorites.unavailable",
      "listing.favorites.tryAgain",
    ]) {
      expect(isMessageKey(key), key).toBe(true);
    }
    expect(createTranslator()("listing.favorites.signInTitle")).toBe("Please Sign In");
  });

  it("in the browser: reports a request that got no answer instead of failing the page", async () => {
    const args = (serverAction: () => Promise<unknown>) =>
      ({ serverAction }) as unknown as Parameters<typeof favoritesRoute.clientAction>[0];

    // Offline or the server down: a failure with a status, so nothing is reloaded (it would
    // fail too) and no error screen replaces the page.
    const offline = await favoritesRoute.clientAction(
      args(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(offline).toMatchObject({
      data: {
        ok: false,
        code: "REQUEST_FAILED",
        toast: { title: "listing.favorites.notUpdated", description: "listing.favorites.tryAgain" },
      },
      init: { status: 503 },
    });

    // The server's answers pass as they are: React Router keeps their status (a refusal leaves
    // the page's data as it is; the heart reports a lost session and reloads it).
    for (const code of ["LISTING_NOT_FOUND", "UNAUTHENTICATED"] as const) {
      const refusal = { ok: false, code, toast: favoriteFailureToast(code) };
      expect(await favoritesRoute.clientAction(args(() => Promise.resolve(refusal)))).toEqual(
        refusal,
      );
    }
    const stored = { ok: true, favorite: true };
    expect(await favoritesRoute.clientAction(args(() => Promise.resolve(stored)))).toEqual(stored);
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
