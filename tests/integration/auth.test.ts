import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, verification } from "../../app/db/schema/index.ts";
import * as adminLogin from "../../app/routes/auth/admin-login.tsx";
import * as callback from "../../app/routes/auth/callback.tsx";
import * as confirm from "../../app/routes/auth/confirm.tsx";
import * as forgotPassword from "../../app/routes/auth/forgot-password.ts";
import * as reset from "../../app/routes/auth/reset.tsx";
import * as roleSelection from "../../app/routes/auth/role-selection.tsx";
import * as signIn from "../../app/routes/auth/sign-in.ts";
import * as signOut from "../../app/routes/auth/sign-out.ts";
import * as signUp from "../../app/routes/auth/sign-up.ts";
import { changeAccountType } from "../../app/services/accounts/roles.server.ts";
import { linkIn } from "../support/smtp-sink.ts";
import {
  CookieJar,
  startTestApp,
  TEST_ADMIN_EMAIL,
  waitForMail,
  type TestApp,
} from "../support/test-app.ts";
import { signInWithPassword } from "../support/accounts.ts";
import { testEngine } from "../support/database.ts";
import { refusalOf } from "../support/refusal.ts";

function location(result: unknown): string {
  if (!(result instanceof Response))
    throw new Error(`expected a redirect, got ${JSON.stringify(result)}`);
  return result.headers.get("location") ?? "";
}

/** The toast a redirect carries in its flash cookie. */
function toastOf(result: unknown): { title: string; description?: string } | null {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("toast=".length));
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as {
    title: string;
    description?: string;
  };
}

describe(`accounts on ${testEngine}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function register(
    email: string,
    accountType = "user",
    name = "Ama Mensah",
    password = "secret12",
  ) {
    return app.action(
      signUp,
      "/auth/sign-up",
      { name, email, password, accountType, redirectTo: "/" },
      undefined,
      app.nextIp(),
    );
  }

  async function confirmedAccount(email: string, accountType = "user", password = "secret12") {
    await register(email, accountType, "Kofi Boateng", password);
    const mail = await waitForMail(app, email);
    const jar = new CookieJar();
    await app.visit(linkIn(mail, app.config.appUrl), jar);
    return jar;
  }

  it("signs up with an account type, confirms by e-mail, then signs in", async () => {
    const email = "ama@example.com";
    const result = await register(email, "agent");
    expect(location(result)).toBe("/?auth=login&email=ama%40example.com");
    expect(toastOf(result)).toMatchObject({ title: "auth.toasts.registered" });
    const [row] = await app.handle.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ role: "agent", emailVerified: false, name: "Ama Mensah" });

    // Before confirming: refused, with a clear message and a fresh link on its way.
    const early = await signInWithPassword(app, email, "secret12");
    expect(toastOf(early)).toMatchObject({
      title: "auth.toasts.signInError",
      description: "auth.toasts.emailNotVerified",
    });
    await waitForMail(app, email, 2);

    const mail = await waitForMail(app, email);
    expect(mail.subject).toContain("Confirm your Gateway Africa account");
    const link = new URL(linkIn(mail, app.config.appUrl));
    expect(link.pathname).toBe("/api/auth/verify-email");
    const jar = new CookieJar();
    const verified = await app.visit(link.href, jar);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/confirm");
    expect(jar.has("better-auth.session_token")).toBe(true);
    expect(await app.loader(confirm, "/confirm", jar)).toEqual({ state: "confirmed", next: null });

    // The link is spent: a second visit signs nobody in.
    const again = new CookieJar();
    await app.visit(link.href, again);
    expect(again.has("better-auth.session_token")).toBe(false);
    expect(await app.loader(confirm, "/confirm", again)).toEqual({ state: "used", next: null });

    const signedIn = new CookieJar();
    const ok = await app.action(
      signIn,
      "/auth/sign-in",
      { email: "AMA@example.com ", password: "secret12", redirectTo: "/contact" },
      signedIn,
      app.nextIp(),
    );
    expect(location(ok)).toBe("/dashboard/overview");
    expect(toastOf(ok)).toMatchObject({ title: "auth.toasts.welcome" });
    expect(await app.viewer(signedIn)).toMatchObject({ email, role: "agent", name: "Ama Mensah" });
  });

  it("brings a person who signed up from a form back to it from the confirmation link", async () => {
    const email = "resume@example.com";
    const signedUp = await app.action(
      signUp,
      "/auth/sign-up",
      {
        name: "Kofi Boateng",
        email,
        password: "secret12",
        accountType: "user",
        redirectTo: "/listing/12/message?auth=register",
      },
      undefined,
      app.nextIp(),
    );
    expect(location(signedUp)).toBe("/listing/12/message?auth=login&email=resume%40example.com");
    const link = new URL(linkIn(await waitForMail(app, email), app.config.appUrl));
    expect(link.searchParams.get("callbackURL")).toBe("/confirm?next=%2Flisting%2F12%2Fmessage");
    const jar = new CookieJar();
    const verified = await app.visit(link.href, jar);
    expect(verified.headers.get("location")).toBe("/confirm?next=%2Flisting%2F12%2Fmessage");
    expect(await app.loader(confirm, "/confirm?next=%2Flisting%2F12%2Fmessage", jar)).toEqual({
      state: "confirmed",
      next: "/listing/12/message",
    });
    // The link's query is anybody's to edit: `/confirm` checks `next` again.
    for (const next of ["https://evil.example/listing/12/message", "/dashboard/admin", "//evil"]) {
      const landing = `/confirm?next=${encodeURIComponent(next)}`;
      expect(await app.loader(confirm, landing, jar)).toEqual({ state: "confirmed", next: null });
    }

    // A sign-up from anywhere else gets the plain landing, whatever it asked for.
    const elsewhere = "elsewhere@example.com";
    await app.action(
      signUp,
      "/auth/sign-up",
      {
        name: "Efua Owusu",
        email: elsewhere,
        password: "secret12",
        accountType: "user",
        redirectTo: "https://evil.example/listing/12/message",
      },
      undefined,
      app.nextIp(),
    );
    const plain = new URL(linkIn(await waitForMail(app, elsewhere), app.config.appUrl));
    expect(plain.searchParams.get("callbackURL")).toBe("/confirm");
  });

  it("refuses a wrong password and missing fields with the spec's toasts", async () => {
    await confirmedAccount("kofi@example.com");
    const wrong = await signInWithPassword(app, "kofi@example.com", "nope-nope");
    expect(location(wrong)).toBe("/?auth=login&email=kofi%40example.com");
    expect(toastOf(wrong)).toMatchObject({
      title: "auth.toasts.signInError",
      description: "auth.toasts.invalidCredentials",
    });
    const missing = await app.action(signIn, "/auth/sign-in", {
      email: "kofi@example.com",
      password: "",
      redirectTo: "/",
    });
    expect(toastOf(missing)).toMatchObject({
      title: "auth.toasts.missingFields",
      description: "auth.toasts.missingSignIn",
    });
    const missingSignUp = await app.action(signUp, "/auth/sign-up", {
      name: "",
      email: "x@example.com",
      password: "secret12",
      redirectTo: "/",
    });
    expect(toastOf(missingSignUp)).toMatchObject({
      title: "auth.toasts.missingFields",
      description: "auth.toasts.missingSignUp",
    });
  });

  it("never gives anyone the admin role through a request", async () => {
    await register("sneaky@example.com", "admin");
    const [viaForm] = await app.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "sneaky@example.com"));
    expect(viaForm?.role).toBe("user");

    const direct = await app.auth("/sign-up/email", {
      json: { name: "Sneaky", email: "sneaky2@example.com", password: "secret12", role: "admin" },
      ip: app.nextIp(),
    });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    const [viaApi] = await app.handle.db
      .select()
      .from(user)
      .where(eq(user.email, "sneaky2@example.com"));
    expect(viaApi?.role ?? null).not.toBe("admin");

    const jar = await confirmedAccount("climber@example.com");
    const update = await app.auth("/update-user", { json: { role: "admin" }, jar });
    expect(update.status).toBeGreaterThanOrEqual(400);
    const viewer = await app.viewer(jar);
    expect(viewer?.role).toBe("user");
    expect(await refusalOf(changeAccountType(viewer!, "admin"))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await app.viewer(jar))?.role).toBe("user");

    const roleForm = await app.action(roleSelection, "/role-selection", { role: "admin" }, jar);
    expect(roleForm).toMatchObject({ data: { ok: false } });
  });

  it("sends the admin magic link only to the administrator address", async () => {
    const before = app.sink.messages.length;
    const denied = await app.action(adminLogin, "/admin-login", { email: "someone@example.com" });
    expect(toastOf(denied)).toMatchObject({ title: "auth.adminLogin.accessDenied" });
    const direct = await app.auth("/sign-in/magic-link", {
      json: { email: "someone@example.com", callbackURL: "/" },
      ip: app.nextIp(),
    });
    expect(direct.status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.sink.messages.length).toBe(before);

    const sent = await app.action(adminLogin, "/admin-login", {
      email: `  ${TEST_ADMIN_EMAIL.toUpperCase()} `,
    });
    expect(toastOf(sent)).toMatchObject({ title: "auth.adminLogin.checkEmail" });
    const mail = await waitForMail(app, TEST_ADMIN_EMAIL);
    const link = new URL(linkIn(mail, app.config.appUrl));
    const jar = new CookieJar();
    const landed = await app.visit(link.href, jar);
    expect(new URL(landed.headers.get("location") ?? "", app.config.appUrl).pathname).toBe(
      "/dashboard/overview",
    );
    expect(await app.viewer(jar)).toMatchObject({ email: TEST_ADMIN_EMAIL, role: "admin" });

    // Single use.
    const second = new CookieJar();
    await app.visit(link.href, second);
    expect(await app.viewer(second)).toBeNull();
  });

  it("corrects the administrator's role on load and takes it from anyone else", async () => {
    const jar = await confirmedAccount("former-admin@example.com");
    await app.handle.db
      .update(user)
      .set({ role: "admin" })
      .where(eq(user.email, "former-admin@example.com"));
    expect((await app.viewer(jar))?.role).toBe("user");
  });

  it("resets a password once, with the spec's checks", async () => {
    const email = "efua@example.com";
    await confirmedAccount(email, "professional", "old-secret");
    const unknown = await app.action(forgotPassword, "/auth/forgot-password", {
      email: "nobody@example.com",
      redirectTo: "/",
    });
    const known = await app.action(forgotPassword, "/auth/forgot-password", {
      email,
      redirectTo: "/",
    });
    expect(toastOf(unknown)).toEqual(toastOf(known));
    expect(toastOf(known)).toMatchObject({ title: "auth.toasts.resetSent" });
    const mail = await waitForMail(app, email, 2);
    expect(mail.subject).toContain("Reset your Gateway Africa password");
    expect(app.sink.to("nobody@example.com")).toHaveLength(0);

    const link = new URL(linkIn(mail, app.config.appUrl));
    const landing = await app.visit(link.href);
    const resetUrl = new URL(landing.headers.get("location") ?? "", app.config.appUrl);
    expect(resetUrl.pathname).toBe("/reset");
    const token = resetUrl.searchParams.get("token")!;
    expect(await app.loader(reset, `/reset?token=${token}`)).toEqual({ updated: false, token });

    const mismatch = await app.action(reset, "/reset", {
      token,
      password: "new-secret",
      confirmPassword: "other",
    });
    expect(mismatch).toMatchObject({
      data: { ok: false, error: "auth.reset.mismatch" },
      init: { status: 400 },
    });
    const short = await app.action(reset, "/reset", {
      token,
      password: "abc",
      confirmPassword: "abc",
    });
    expect(short).toMatchObject({ data: { error: "auth.reset.tooShort" } });
    const empty = await app.action(reset, "/reset", { token, password: "", confirmPassword: "" });
    expect(empty).toMatchObject({ data: { error: "auth.reset.missingFields" } });

    const jar = new CookieJar();
    const done = await app.action(
      reset,
      "/reset",
      { token, password: "new-secret", confirmPassword: "new-secret" },
      jar,
    );
    // A redirect to the signed-in "updated" state: the used-up token is never checked again.
    expect(location(done)).toBe("/reset?updated=1");
    expect(toastOf(done)).toMatchObject({ title: "auth.reset.updated" });
    expect((await app.viewer(jar))?.email).toBe(email);
    expect(await app.loader(reset, "/reset?updated=1", jar)).toEqual({ updated: true, token: "" });
    expect(toastOf(await app.loader(reset, "/reset?updated=1"))).toMatchObject({
      title: "auth.reset.sessionExpired",
    });

    const reused = await app.action(reset, "/reset", {
      token,
      password: "another1",
      confirmPassword: "another1",
    });
    expect(toastOf(reused)).toMatchObject({ title: "auth.reset.sessionExpired" });
    expect(toastOf(await app.loader(reset, `/reset?token=${token}`))).toMatchObject({
      title: "auth.reset.sessionExpired",
    });
    expect(toastOf(await app.loader(reset, "/reset"))).toMatchObject({
      title: "auth.reset.sessionExpired",
    });

    const oldPassword = await signInWithPassword(app, email, "old-secret");
    expect(toastOf(oldPassword)).toMatchObject({ description: "auth.toasts.invalidCredentials" });
    const newPassword = await signInWithPassword(app, email, "new-secret");
    expect(location(newPassword)).toBe("/dashboard/overview");
  });

  it("refuses an expired reset link", async () => {
    const email = "yaw@example.com";
    await confirmedAccount(email);
    await app.action(forgotPassword, "/auth/forgot-password", { email, redirectTo: "/" });
    const mail = await waitForMail(app, email, 2);
    const landing = await app.visit(linkIn(mail, app.config.appUrl));
    const token = new URL(
      landing.headers.get("location") ?? "",
      app.config.appUrl,
    ).searchParams.get("token")!;
    await app.handle.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(toastOf(await app.loader(reset, `/reset?token=${token}`))).toMatchObject({
      title: "auth.reset.sessionExpired",
    });
  });

  it("keeps only the newest reset link working, and none once one is used", async () => {
    const email = "abena@example.com";
    await confirmedAccount(email);
    /** Asks for a link and returns its token, read from the e-mail's link as a browser follows it. */
    async function requestLink(mailNumber: number): Promise<string> {
      await app.action(
        forgotPassword,
        "/auth/forgot-password",
        { email, redirectTo: "/" },
        undefined,
        app.nextIp(),
      );
      const mail = await waitForMail(app, email, mailNumber);
      const landing = await app.visit(linkIn(mail, app.config.appUrl));
      return new URL(landing.headers.get("location") ?? "", app.config.appUrl).searchParams.get(
        "token",
      )!;
    }
    const refused = async (token: string) =>
      toastOf(await app.loader(reset, `/reset?token=${token}`))?.title ===
      "auth.reset.sessionExpired";

    const first = await requestLink(2);
    const second = await requestLink(3);
    expect(await refused(first), "an older link once a newer one is sent").toBe(true);
    expect(await app.loader(reset, `/reset?token=${second}`)).toEqual({
      updated: false,
      token: second,
    });
    // A link made some other way (say, before this rule) must not outlive the reset either.
    const [account] = await app.handle.db.select().from(user).where(eq(user.email, email));
    const stray = "strayresettoken0123456789";
    await app.handle.db.insert(verification).values({
      id: "stray-reset",
      identifier: `reset-password:${stray}`,
      value: account!.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await refused(stray)).toBe(false);

    const done = await app.action(reset, "/reset", {
      token: second,
      password: "newer-secret",
      confirmPassword: "newer-secret",
    });
    expect(location(done)).toBe("/reset?updated=1");
    expect(await refused(stray), "any other link once one is used").toBe(true);
    const reused = await app.action(reset, "/reset", {
      token: first,
      password: "another1",
      confirmPassword: "another1",
    });
    expect(toastOf(reused)).toMatchObject({ title: "auth.reset.sessionExpired" });
    const left = await app.handle.db
      .select()
      .from(verification)
      .where(
        and(eq(verification.value, account!.id), like(verification.identifier, "reset-password:%")),
      );
    expect(left).toEqual([]);
    expect(location(await signInWithPassword(app, email, "newer-secret"))).toBe(
      "/dashboard/overview",
    );
  });

  it("lets a person without an account type choose one, once, and routes by role", async () => {
    const jar = await confirmedAccount("zanele@example.com");
    await app.handle.db
      .update(user)
      .set({ role: null })
      .where(eq(user.email, "zanele@example.com"));
    expect(await app.loader(callback, "/auth/callback", jar)).toEqual({
      target: "/role-selection",
    });
    expect(await app.loader(roleSelection, "/role-selection", jar)).toEqual({
      name: "Kofi Boateng",
    });
    expect(
      await app.action(roleSelection, "/role-selection", { role: "professional" }, jar),
    ).toEqual({ ok: true });
    expect((await app.viewer(jar))?.role).toBe("professional");
    expect(location(await app.loader(roleSelection, "/role-selection", jar))).toBe(
      "/dashboard/overview",
    );
    expect(await app.loader(callback, "/auth/callback?accountType=agent", jar)).toEqual({
      target: "/dashboard/overview",
    });
    expect((await app.viewer(jar))?.role).toBe("professional");
  });

  it("signs out on the server", async () => {
    const jar = await confirmedAccount("thabo@example.com");
    const copy = jar.header();
    const out = await app.action(signOut, "/auth/sign-out", {}, jar);
    expect(location(out)).toBe("/");
    expect(toastOf(out)).toMatchObject({ title: "auth.toasts.loggedOut" });
    expect(await app.viewer(jar)).toBeNull();
    // The old cookie no longer works either: the session was revoked, not just forgotten.
    const stale = new CookieJar();
    stale.store(copy.split("; ").map((pair) => `${pair}; Path=/`));
    expect(await app.viewer(stale)).toBeNull();
  });

  it("limits repeated sign-in attempts from one address with a clear message", async () => {
    const ip = app.nextIp();
    let last: unknown;
    for (let i = 0; i < 12; i++) {
      last = await app.action(
        signIn,
        "/auth/sign-in",
        { email: "nobody@example.com", password: "wrong-one", redirectTo: "/" },
        new CookieJar(),
        ip,
      );
    }
    expect(toastOf(last)).toMatchObject({
      title: "auth.toasts.signInError",
      description: "auth.toasts.tooManyRequests",
    });
  });
});
