import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, favorites, session, user } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { createListing } from "../../app/services/listings/listing-write.server.ts";
import { signUpAndConfirm, type SignedIn } from "../support/accounts.ts";
import { makeUser } from "../support/factories.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { startOidcStandIn } from "../support/oidc-stand-in.ts";
import { apiRoutes, authPostRoutes, pageRoutes } from "../support/route-paths.ts";
import { textOf } from "../support/page-handler.ts";
import { createServerApp, type SendInit, type ServerApp } from "../support/server-app.ts";
import { CookieJar, startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const EVIL = "http://evil.example";

/** How another site's page makes a browser send a write, as the browser labels it. */
const CROSS_ORIGIN: Record<string, Record<string, string>> = {
  "Origin of another site": { origin: EVIL },
  "Sec-Fetch-Site: cross-site": { origin: EVIL, "sec-fetch-site": "cross-site" },
  "Sec-Fetch-Site: same-site": {
    origin: "http://shop.localhost:3999",
    "sec-fetch-site": "same-site",
  },
  "Origin: null (sandboxed frame)": { origin: "null" },
};

/** A form every action could read: it would change something if it got through. */
const FORM = {
  name: "Kofi Annan",
  email: "csrf-victim@example.com",
  password: "secret12",
  accountType: "agent",
  currency: "EUR",
  favorite: "true",
  redirectTo: "/",
  subject: "Hello",
  message: "A message from another site.",
  intent: "update-profile",
  phone: "+233 20 000 0000",
};

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split("=")[0]!);
}

describe(`cross-origin writes on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let member: SignedIn;
  let listingId: number;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "1000" });
    send = await createServerApp(app);
    member = await signUpAndConfirm(app, { email: "member@example.com", role: "user" });
    const admin = await makeUser({ role: "admin" });
    const saved = await createListing({
      actor: admin.viewer,
      input: {
        title: "Flat in Cantonments",
        category: "real-estate",
        listingType: "rent",
        price: "1500",
        priceType: "per_month",
        countryCode: "GH",
        city: "Accra",
        address: "3 Cantonments Road",
        description: "A flat to save as a favourite.",
        propertyType: "apartment",
      },
    });
    listingId = saved.id;
  });
  afterAll(async () => {
    await app.close();
  });

  /** A signed-in member's browser on another site's page, posting to `path`. */
  function fromElsewhere(path: string, headers: Record<string, string>, init: SendInit = {}) {
    return send(path, { ...init, headers, jar: member.jar, ip: app.nextIp() });
  }

  async function expectRefused(response: Response, path: string, label = path) {
    expect(response.status, label).toBe(403);
    expect(cookiesOf(response), label).toEqual([]);
    if (path.startsWith("/api/")) {
      expect(await response.json()).toEqual({
        error: { code: "CROSS_ORIGIN_REQUEST", message: t("requests.crossOrigin") },
      });
    } else {
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const page = await textOf(response);
      expect(page).toContain(t("requests.crossOriginTitle"));
      expect(page).toContain(t("requests.crossOrigin"));
    }
  }

  describe("every route that takes a write refuses one from another site", () => {
    it("every page action of app/routes.ts", async () => {
      const routes = (await pageRoutes({ listingId: String(listingId) })).filter(
        (r) => r.hasAction,
      );
      expect(routes.map((r) => r.path)).toEqual(
        expect.arrayContaining([
          "/auth/sign-in",
          "/auth/sign-up",
          "/auth/forgot-password",
          "/auth/sign-out",
          "/favorites",
          "/set-currency",
          "/contact",
          "/add-listing",
          "/dashboard/profile",
        ]),
      );
      const before = await databaseSnapshot(app.handle.db);
      for (const route of routes) {
        for (const [how, headers] of Object.entries(CROSS_ORIGIN)) {
          const response = await fromElsewhere(route.path, headers, {
            form: { ...FORM, listingId: String(listingId) },
          });
          await expectRefused(response, route.path, `${route.path} (${how})`);
        }
      }
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      expect(await app.viewer(member.jar)).not.toBeNull();
    });

    it("every write endpoint of /api/v1", async () => {
      const writes = apiRoutes({ id: String(listingId), listingId: String(listingId) }).filter(
        (r) => r.method !== "GET",
      );
      expect(writes.length).toBeGreaterThan(5);
      const before = await databaseSnapshot(app.handle.db);
      for (const route of writes) {
        for (const [how, headers] of Object.entries(CROSS_ORIGIN)) {
          const response = await fromElsewhere(route.path, headers, {
            method: route.method,
            json: { ...FORM, decision: "rejected", featured: true },
          });
          await expectRefused(response, route.path, `${route.method} ${route.path} (${how})`);
        }
      }
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
    });

    it("every POST endpoint of better-auth", async () => {
      const endpoints = authPostRoutes({ id: "google", token: "x" });
      expect(endpoints).toEqual(
        expect.arrayContaining(["/api/auth/sign-in/email", "/api/auth/sign-out"]),
      );
      const before = await databaseSnapshot(app.handle.db);
      for (const path of endpoints) {
        for (const [how, headers] of Object.entries(CROSS_ORIGIN)) {
          const response = await fromElsewhere(path, headers, { json: FORM });
          await expectRefused(response, path, `${path} (${how})`);
        }
      }
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
      expect(await app.viewer(member.jar)).not.toBeNull();
    });

    it("any other method that writes", async () => {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const response = await fromElsewhere("/favorites", { origin: EVIL }, { method });
        await expectRefused(response, "/favorites", `${method} /favorites`);
      }
    });
  });

  describe("the form-only routes: refused from another site, working from this one", () => {
    async function signUpForm(email: string, headers: Record<string, string>) {
      return send("/auth/sign-up", {
        headers,
        ip: app.nextIp(),
        form: {
          name: "Esi Owusu",
          email,
          password: "secret12",
          accountType: "user",
          redirectTo: "/",
        },
      });
    }

    async function usersNamed(email: string) {
      const [row] = await app.handle.db
        .select({ n: count() })
        .from(user)
        .where(eq(user.email, email));
      return row?.n ?? 0;
    }

    it("/auth/sign-up creates no account for another site's page", async () => {
      for (const headers of Object.values(CROSS_ORIGIN)) {
        const response = await signUpForm("forged@example.com", headers);
        expect(response.status).toBe(403);
      }
      expect(await usersNamed("forged@example.com")).toBe(0);
      const response = await signUpForm("esi@example.com", { origin: app.config.appUrl });
      expect(response.status).toBe(302);
      expect(await usersNamed("esi@example.com")).toBe(1);
    });

    it("/auth/sign-in signs nobody in for another site's page (login CSRF)", async () => {
      const attacker = await signUpAndConfirm(app, { email: "attacker@example.com" });
      expect(attacker.viewer).not.toBeNull();
      const form = { email: "attacker@example.com", password: "secret12", redirectTo: "/" };
      for (const headers of Object.values(CROSS_ORIGIN)) {
        const victim = new CookieJar();
        const response = await send("/auth/sign-in", {
          headers,
          form,
          jar: victim,
          ip: app.nextIp(),
        });
        expect(response.status).toBe(403);
        expect(cookiesOf(response)).toEqual([]);
        expect(await app.viewer(victim)).toBeNull();
      }
      const browser = new CookieJar();
      const response = await send("/auth/sign-in", { form, jar: browser, ip: app.nextIp() });
      expect(response.status).toBe(302);
      expect(await app.viewer(browser)).toMatchObject({ email: "attacker@example.com" });
    });

    it("/auth/forgot-password sends no e-mail for another site's page", async () => {
      const form = { email: member.email, redirectTo: "/" };
      for (const headers of Object.values(CROSS_ORIGIN)) {
        const response = await send("/auth/forgot-password", { headers, form, ip: app.nextIp() });
        expect(response.status).toBe(403);
      }
      const before = app.sink.to(member.email).length;
      const response = await send("/auth/forgot-password", { form, ip: app.nextIp() });
      expect(response.status).toBe(302);
      await waitForMail(app, member.email, before + 1);
    });

    it("/auth/sign-out keeps the session for another site's page", async () => {
      const someone = await makeUser({ email: "signs-out@example.com" });
      const sessions = async () =>
        (
          await app.handle.db
            .select({ n: count() })
            .from(session)
            .where(eq(session.userId, someone.viewer.id))
        )[0]?.n;
      for (const headers of Object.values(CROSS_ORIGIN)) {
        const response = await send("/auth/sign-out", { headers, form: {}, jar: someone.jar });
        expect(response.status).toBe(403);
      }
      expect(await sessions()).toBe(1);
      expect(await app.viewer(someone.jar)).not.toBeNull();
      const response = await send("/auth/sign-out", { form: {}, jar: someone.jar });
      expect(response.status).toBe(302);
      expect(await sessions()).toBe(0);
    });

    it("/favorites saves nothing for another site's page", async () => {
      const saved = async () =>
        (
          await app.handle.db
            .select({ n: count() })
            .from(favorites)
            .where(eq(favorites.userId, member.viewer.id))
        )[0]?.n;
      const form = { listingId: String(listingId), favorite: "true", redirectTo: "/" };
      for (const headers of Object.values(CROSS_ORIGIN)) {
        const response = await send("/favorites", { headers, form, jar: member.jar });
        expect(response.status).toBe(403);
      }
      expect(await saved()).toBe(0);
      const response = await send("/favorites", { form, jar: member.jar });
      expect(response.status).toBe(302);
      expect(await saved()).toBe(1);
    });

    it("/set-currency sets no currency for another site's page", async () => {
      const form = { currency: "NGN", redirectTo: "/" };
      for (const headers of Object.values(CROSS_ORIGIN)) {
        const response = await send("/set-currency", { headers, form });
        expect(response.status).toBe(403);
        expect(cookiesOf(response)).not.toContain("currency");
      }
      const response = await send("/set-currency", { form });
      expect(response.status).toBe(302);
      expect(cookiesOf(response)).toContain("currency");
    });

    it("POST /api/v1/contact-messages stores no message for another site's page", async () => {
      const stored = async () =>
        (await app.handle.db.select({ n: count() }).from(contactMessages))[0]?.n;
      const json = {
        name: "Yaw Mensah",
        email: "yaw@example.com",
        reason: "general",
        subject: "Hello",
        message: "Sent from a page of this site.",
      };
      const before = await stored();
      for (const headers of Object.values(CROSS_ORIGIN)) {
        const response = await send("/api/v1/contact-messages", {
          headers,
          json,
          ip: app.nextIp(),
        });
        expect(response.status).toBe(403);
      }
      expect(await stored()).toBe(before);
      const response = await send("/api/v1/contact-messages", { json, ip: app.nextIp() });
      expect(response.status).toBe(201);
      expect(await stored()).toBe(Number(before) + 1);
    });
  });

  describe("what keeps working", () => {
    it("a page of this site opened at another host name (the browser says same-origin)", async () => {
      const response = await send("/set-currency", {
        headers: { origin: "http://127.0.0.1:3999", "sec-fetch-site": "same-origin" },
        form: { currency: "KES", redirectTo: "/" },
      });
      expect(response.status).toBe(302);
      expect(cookiesOf(response)).toContain("currency");
    });

    it("a program that is no browser (no Origin, no Sec-Fetch-Site)", async () => {
      const response = await send("/api/v1/contact-messages", {
        origin: null,
        ip: app.nextIp(),
        json: {
          name: "Script",
          email: "script@example.com",
          subject: "From curl",
          message: "A client that is not a browser carries no visitor's cookies.",
        },
      });
      expect(response.status).toBe(201);
    });

    it("reading a page linked from another site", async () => {
      const response = await send(`/listing/${listingId}`, {
        headers: { "sec-fetch-site": "cross-site", referer: `${EVIL}/` },
      });
      expect(response.status).toBe(200);
    });
  });
});

describe(`Google sign-in through the whole server on ${testEngine}`, () => {
  it("comes back from the provider (a cross-site GET) signed in", async () => {
    const oidc = await startOidcStandIn();
    const app = await startTestApp({
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_AUTHORIZATION_URL: oidc.authorizationUrl,
      GOOGLE_TOKEN_URL: oidc.tokenUrl,
    });
    try {
      const send = await createServerApp(app);
      oidc.signInAs({ sub: "g-csrf", email: "abena@gmail.com", name: "Abena Osei" });
      const jar = new CookieJar();
      const start = await send("/auth/google", {
        form: { view: "login", redirectTo: "/" },
        headers: { "sec-fetch-site": "same-origin" },
        jar,
      });
      expect(start.status).toBe(302);
      const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
      const back = consent.headers.get("location")!;
      expect(new URL(back).pathname).toBe("/api/auth/callback/google");
      const callback = await send(back, {
        headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
        jar,
      });
      expect(callback.status).toBe(302);
      expect(await app.viewer(jar)).toMatchObject({ email: "abena@gmail.com" });
    } finally {
      await app.close();
      await oidc.close();
    }
  });
});
