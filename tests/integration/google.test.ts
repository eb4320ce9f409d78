import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avatarSrc } from "../../app/auth/viewer.ts";
import * as callback from "../../app/routes/auth/callback.tsx";
import * as google from "../../app/routes/auth/google.ts";
import { eq } from "drizzle-orm";
import { user } from "../../app/db/schema/index.ts";
import { testEngine } from "../support/database.ts";
import { toastOf } from "../support/flash.ts";
import { startOidcStandIn } from "../support/oidc-stand-in.ts";
import { CookieJar, startTestApp, type TestApp } from "../support/test-app.ts";

describe(`Google sign-in through a local OpenID Connect stand-in on ${testEngine}`, () => {
  let app: TestApp;
  let oidc: Awaited<ReturnType<typeof startOidcStandIn>>;

  beforeAll(async () => {
    oidc = await startOidcStandIn();
    app = await startTestApp({
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_AUTHORIZATION_URL: oidc.authorizationUrl,
      GOOGLE_TOKEN_URL: oidc.tokenUrl,
    });
  });
  afterAll(async () => {
    await app.close();
    await oidc.close();
  });

  /** The browser's part: our redirect → the provider's consent → back to better-auth's callback. */
  async function signInWithGoogle(form: Record<string, string>) {
    const jar = new CookieJar();
    const start = (await app.action(
      google,
      "/auth/google",
      { redirectTo: "/", ...form },
      jar,
    )) as Response;
    const providerUrl = start.headers.get("location") ?? "";
    expect(providerUrl.startsWith(oidc.authorizationUrl)).toBe(true);
    const consent = await fetch(providerUrl, { redirect: "manual" });
    const back = consent.headers.get("location") ?? "";
    expect(new URL(back).pathname).toBe("/api/auth/callback/google");
    const done = await app.visit(back, jar);
    return { jar, location: done.headers.get("location") ?? "" };
  }

  it("creates the account without a role and sends it to role selection", async () => {
    oidc.signInAs({ sub: "g-1", email: "nana@gmail.com", name: "Nana Addo" });
    const { jar, location } = await signInWithGoogle({ view: "login" });
    expect(new URL(location, app.config.appUrl).pathname).toBe("/auth/callback");
    expect(await app.viewer(jar)).toMatchObject({
      email: "nana@gmail.com",
      name: "Nana Addo",
      role: null,
      emailVerified: true,
      // Google's picture is on its host; the site shows generated initials instead.
      avatarUrl: null,
    });
    const viewer = await app.viewer(jar);
    expect(avatarSrc(viewer!)).toBe("/avatars/initials.svg?name=Nana%20Addo");
    expect(await app.loader(callback, "/auth/callback", jar)).toEqual({
      target: "/role-selection",
    });
  });

  it("carries the account type chosen at sign-up through the callback", async () => {
    oidc.signInAs({ sub: "g-2", email: "wanjiru@gmail.com", name: "Wanjiru Kamau" });
    const { jar, location } = await signInWithGoogle({ view: "register", accountType: "agent" });
    const callbackUrl = new URL(location, app.config.appUrl);
    expect(callbackUrl.searchParams.get("accountType")).toBe("agent");
    expect(await app.loader(callback, callbackUrl.pathname + callbackUrl.search, jar)).toEqual({
      target: "/dashboard/overview",
    });
    expect((await app.viewer(jar))?.role).toBe("agent");
  });

  it("refuses a suspended account's Google sign-in, saying it is suspended (issue 28)", async () => {
    oidc.signInAs({ sub: "g-susp", email: "suspended@gmail.com", name: "Kojo Suspended" });
    const first = await signInWithGoogle({ view: "login" });
    const viewer = (await app.viewer(first.jar))!;
    await app.handle.db
      .update(user)
      .set({ banned: true, banReason: "Scam", banExpires: new Date(Date.now() + 86_400_000) })
      .where(eq(user.id, viewer.id));
    const { jar, location } = await signInWithGoogle({ view: "login" });
    expect(await app.viewer(jar)).toBeNull();
    const landed = new URL(location, app.config.appUrl);
    expect(landed.searchParams.getAll("error")).toContain("ACCOUNT_SUSPENDED");
    const answer = (await app.loader(callback, landed.pathname + landed.search, jar)) as Response;
    expect(toastOf(answer)).toMatchObject({
      title: "auth.toasts.googleError",
      description: "suspensions.signIn.refusedGoogle",
    });
  });

  it("never accepts admin as the carried account type", async () => {
    oidc.signInAs({ sub: "g-3", email: "kwesi@gmail.com", name: "Kwesi Appiah" });
    const { jar } = await signInWithGoogle({ view: "register", accountType: "admin" });
    expect(await app.loader(callback, "/auth/callback?accountType=admin", jar)).toEqual({
      target: "/role-selection",
    });
    expect((await app.viewer(jar))?.role).toBeNull();
  });
});
