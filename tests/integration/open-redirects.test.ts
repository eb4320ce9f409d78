import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { testEngine } from "../support/database.ts";
import { OPEN_REDIRECT_TARGETS, staysOnSite } from "../support/open-redirects.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Every form that names where to go next: `redirectTo` (the currency menu, a heart without
 * JavaScript, the auth dialog's forms) and `returnTo` (the dashboard's lists). Whatever a page on
 * another site puts there, the answer is a redirect that stays on this site, never a 500.
 */
describe(`redirect targets from forms on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let member: MadeUser;
  let admin: MadeUser;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "1000" });
    send = await createServerApp(app);
    member = await makeUser({ role: "agent", email: "redirects@example.com" });
    admin = await makeUser({ role: "admin" });
  });
  afterAll(async () => {
    await app.close();
  });

  const FORMS: {
    path: string;
    form: (target: string) => Record<string, string>;
    who?: () => MadeUser;
  }[] = [
    { path: "/set-currency", form: (target) => ({ currency: "EUR", redirectTo: target }) },
    { path: "/set-currency", form: (target) => ({ currency: "XXX", redirectTo: target }) },
    {
      path: "/favorites",
      form: (target) => ({ listingId: "1", favorite: "true", redirectTo: target }),
    },
    {
      path: "/favorites",
      form: (target) => ({ listingId: "1", favorite: "true", redirectTo: target }),
      who: () => member,
    },
    {
      path: "/auth/sign-in",
      form: (target) => ({
        email: "nobody@example.com",
        password: "wrong-password",
        redirectTo: target,
      }),
    },
    { path: "/auth/sign-up", form: (target) => ({ name: "", redirectTo: target }) },
    {
      path: "/auth/forgot-password",
      form: (target) => ({ email: "nobody@example.com", redirectTo: target }),
    },
    { path: "/auth/google", form: (target) => ({ view: "login", redirectTo: target }) },
    {
      path: "/dashboard/my-listings",
      form: (target) => ({ intent: "delete", listingId: "999999", returnTo: target }),
      who: () => member,
    },
    {
      path: "/dashboard/manage-listings",
      form: (target) => ({
        intent: "set-attribute",
        attribute: "featured",
        listingId: "999999",
        value: "true",
        returnTo: target,
      }),
      who: () => admin,
    },
  ];

  for (const [name, target] of Object.entries(OPEN_REDIRECT_TARGETS)) {
    it(`stays on the site: ${name} (${JSON.stringify(target)})`, async () => {
      for (const { path, form, who } of FORMS) {
        const response = await send(path, {
          form: form(target),
          jar: who?.().jar,
          ip: app.nextIp(),
        });
        const location = response.headers.get("location");
        expect([302, 303], `${path}: ${response.status}`).toContain(response.status);
        expect(staysOnSite(location, app.config.appUrl), `${path} → ${location}`).toBe(true);
      }
    });
  }

  it("still goes back to the page the form was on", async () => {
    const response = await send("/set-currency", {
      form: { currency: "EUR", redirectTo: "/real-estate?q=Accra&sort=newest" },
    });
    expect(response.headers.get("location")).toBe("/real-estate?q=Accra&sort=newest");
    const signIn = await send("/auth/sign-in", {
      form: { email: "nobody@example.com", password: "wrong-password", redirectTo: "/faq" },
      ip: app.nextIp(),
    });
    expect(signIn.headers.get("location")).toBe("/faq?auth=login&email=nobody%40example.com");
  });
});
