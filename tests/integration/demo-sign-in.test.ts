import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setConfig, type Config } from "../../app/config.server.ts";
import { user } from "../../app/db/schema/index.ts";
import { RATE_LIMIT_RULES } from "../../app/auth/rate-limit.server.ts";
import { DEMO_PEOPLE } from "../../app/lib/demo-people.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { CookieJar, startTestApp, type TestApp } from "../support/test-app.ts";

describe(`demo sign-in on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let page: PageHandler;
  /** The test app's configuration: a development start with demo data. */
  let development: Config;

  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: "development", SEED_DEMO: "true" });
    development = app.config;
    send = await createServerApp(app);
    page = await createPageHandler(app);
    // The seeded demo people (the seed test checks the seed makes them, with their history).
    await app.handle.db.insert(user).values(
      DEMO_PEOPLE.flatMap((person) =>
        person.userId
          ? [
              {
                id: person.userId,
                name: person.name,
                email: `${person.userId}@demo.test`,
                role:
                  person.key === "guest" ? "user" : person.key === "host" ? "agent" : person.key,
                emailVerified: true,
              },
            ]
          : [],
      ),
    );
  });
  beforeEach(() => setConfig(development));
  afterAll(async () => {
    setConfig(development);
    await app?.close();
  });

  const signInAs = (person: string, jar = new CookieJar(), ip = app.nextIp()) =>
    send("/auth/demo-sign-in", { form: { person }, jar, ip });

  it("starts a real session for each demo person and opens their dashboard", async () => {
    for (const person of DEMO_PEOPLE) {
      const jar = new CookieJar();
      const response = await signInAs(person.key, jar);
      expect(response.status, person.key).toBe(302);
      expect(location(response)).toBe("/dashboard/overview");
      const viewer = await app.viewer(jar);
      if (person.userId) expect(viewer?.id).toBe(person.userId);
      else expect(viewer).toMatchObject({ email: app.config.adminEmail, role: "admin" });
      const dashboard = await send("/dashboard/overview", { jar });
      expect(dashboard.status, person.key).toBe(200);
    }
  });

  it("offers one button per demo person in the sign-in dialog, and the admin's on /admin-login", async () => {
    const dialog = markupOf(await textOf(await page("/?auth=login")));
    expect(dialog).toContain("Demo accounts");
    expect(dialog).toContain("Sign in as Grace Wanjiku (guest)");
    expect(dialog).toContain("Sign in as Thabo Nkosi (host)");
    expect(dialog).toContain("Sign in as Wanjiru Kamau (agent)");
    expect(dialog).toContain("Sign in as Oluwaseun Adeyemi (professional)");
    const adminLogin = markupOf(await textOf(await page("/admin-login")));
    expect(adminLogin).toContain("Sign in as Admin (administrator)");
    expect(adminLogin).not.toContain("(guest)");
  });

  it("refuses a person who is not a demo person, and a GET, and changes nothing", async () => {
    const jar = new CookieJar();
    expect((await signInAs("somebody", jar)).status).toBe(400);
    expect((await send("/auth/demo-sign-in", { jar })).status).toBe(404);
    expect(await app.viewer(jar)).toBeNull();
  });

  it("goes through the shared rate limiter, per client address", async () => {
    const ip = app.nextIp();
    for (let n = 0; n < RATE_LIMIT_RULES.demoSignIn.perAddress; n++) {
      expect((await signInAs("guest", new CookieJar(), ip)).status).toBe(302);
    }
    const jar = new CookieJar();
    const refused = await signInAs("guest", jar, ip);
    expect(location(refused)).toBe("/?auth=login");
    expect(toastOf(refused)?.description).toBe("auth.toasts.tooManyRequests");
    expect(await app.viewer(jar)).toBeNull();
  });

  for (const [name, config] of [
    ["NODE_ENV=production", (c: Config): Config => ({ ...c, nodeEnv: "production" })],
    ["SEED_DEMO=false", (c: Config): Config => ({ ...c, seedDemo: false })],
  ] as const) {
    it(`does not exist with ${name}: the action answers 404 and no page shows the panel`, async () => {
      setConfig(config(development));
      for (const person of DEMO_PEOPLE) {
        const jar = new CookieJar();
        expect((await signInAs(person.key, jar)).status, person.key).toBe(404);
        expect(await app.viewer(jar)).toBeNull();
      }
      const dialog = markupOf(await textOf(await page("/?auth=login")));
      expect(dialog).toContain("Forgot Password?");
      expect(dialog).not.toContain("Demo accounts");
      expect(dialog).not.toContain("Sign in as");
      const adminLogin = markupOf(await textOf(await page("/admin-login")));
      expect(adminLogin).toContain("Send Magic Link");
      expect(adminLogin).not.toContain("Sign in as");
    });
  }
});
