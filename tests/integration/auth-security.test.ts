import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { session, user } from "../../app/db/schema/index.ts";
import { createTranslator, type MessageKey } from "../../app/i18n/translate.ts";
import * as adminLogin from "../../app/routes/auth/admin-login.tsx";
import * as confirm from "../../app/routes/auth/confirm.tsx";
import * as forgotPassword from "../../app/routes/auth/forgot-password.ts";
import * as signOut from "../../app/routes/auth/sign-out.ts";
import * as signUp from "../../app/routes/auth/sign-up.ts";
import { countHits, RATE_LIMIT_RULES } from "../../app/auth/rate-limit.server.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
import {
  createPageHandler,
  markupOf,
  textOf,
  toastRegion,
  type PageHandler,
} from "../support/page-handler.ts";
import { signInWithPassword, signUpAndConfirm } from "../support/accounts.ts";
import { linkIn } from "../support/smtp-sink.ts";
import {
  CookieJar,
  startTestApp,
  TEST_ADMIN_EMAIL,
  waitForMail,
  type TestApp,
} from "../support/test-app.ts";

const t = createTranslator();
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Set-Cookie header of one cookie, or undefined. */
function setCookie(response: unknown, name: string): string | undefined {
  if (!(response instanceof Response)) return undefined;
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** The attributes of a Set-Cookie header, lower-cased names: { httponly: "", samesite: "Lax" }. */
function attributesOf(header: string): Record<string, string> {
  const [, ...parts] = header.split(";");
  return Object.fromEntries(
    parts.map((part) => {
      const [name = "", ...value] = part.trim().split("=");
      return [name.toLowerCase(), value.join("=")];
    }),
  );
}

/** Sign-up and confirmation, the way a person does it; the jar holds the session it starts. */
async function confirmedAccount(app: TestApp, email: string) {
  const { jar, landed } = await signUpAndConfirm(app, { email });
  return { jar, confirmed: landed };
}

async function sessionsOf(app: TestApp, email: string) {
  const [row] = await app.handle.db.select().from(user).where(eq(user.email, email));
  if (!row) return [];
  return app.handle.db.select().from(session).where(eq(session.userId, row.id));
}

describe(`auth security on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The page a refused form lands on shows the toast's title and the clear message. */
  async function expectToastShown(refused: unknown, jar: CookieJar, title: string) {
    const landed = await page(location(refused), { jar });
    expect(landed.status).toBe(200);
    const shown = toastRegion(await textOf(landed));
    expect(shown).toContain(title);
    expect(shown).toContain(t("auth.toasts.tooManyRequests"));
  }

  describe("rate limits", () => {
    it("limits sign-ups from one address and says so clearly", async () => {
      const limit = RATE_LIMIT_RULES.signUp.perAddress * app.config.rateLimitScale;
      const ip = app.nextIp();
      const form = (n: number) => ({
        name: "Burst",
        email: `burst-${n}@example.com`,
        password: "secret12",
        accountType: "user",
        redirectTo: "/",
      });
      const real = 3;
      for (let n = 0; n < real; n++) {
        const ok = await app.action(signUp, "/auth/sign-up", form(n), undefined, ip);
        expect(toastOf(ok), `sign-up ${n + 1} of ${limit}`).toMatchObject({
          title: "auth.toasts.registered",
        });
      }
      // The other sign-ups from the address up to its limit, counted straight into the table
      // (twenty real ones take longer than a test may on a busy machine).
      for (let n = real; n < limit; n++) {
        await countHits(app.handle.db, [`signUp:address:${ip}`], 60);
      }
      const jar = new CookieJar();
      const refused = await app.action(signUp, "/auth/sign-up", form(limit), jar, ip);
      expect(toastOf(refused)).toMatchObject({
        title: "auth.toasts.registrationError",
        description: "auth.toasts.tooManyRequests",
      });
      const [created] = await app.handle.db
        .select()
        .from(user)
        .where(eq(user.email, `burst-${limit}@example.com`));
      expect(created).toBeUndefined();
      await expectToastShown(refused, jar, t("auth.toasts.registrationError"));

      const direct = await app.auth("/sign-up/email", {
        json: { name: "Burst", email: "burst-direct@example.com", password: "secret12" },
        ip,
      });
      expect(direct.status).toBe(429);
      expect(direct.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await direct.json()).toMatchObject({ message: expect.stringMatching(/too many/i) });

      // Another address is not held back.
      const other = await app.action(
        signUp,
        "/auth/sign-up",
        form(limit + 1),
        undefined,
        app.nextIp(),
      );
      expect(toastOf(other)).toMatchObject({ title: "auth.toasts.registered" });
    });

    it("limits password-reset requests for one account and says so clearly", async () => {
      const email = "reset-burst@example.com";
      await confirmedAccount(app, email);
      const limit = RATE_LIMIT_RULES.passwordReset.perAccount * app.config.rateLimitScale;
      const ip = app.nextIp();
      const form = { email, redirectTo: "/" };
      for (let n = 0; n < limit; n++) {
        const ok = await app.action(forgotPassword, "/auth/forgot-password", form, undefined, ip);
        expect(toastOf(ok), `reset ${n + 1} of ${limit}`).toMatchObject({
          title: "auth.toasts.resetSent",
        });
      }
      // The confirmation, then one reset e-mail per accepted request.
      await waitForMail(app, email, 1 + limit);

      const jar = new CookieJar();
      const refused = await app.action(forgotPassword, "/auth/forgot-password", form, jar, ip);
      expect(toastOf(refused)).toMatchObject({
        title: "auth.toasts.passwordResetError",
        description: "auth.toasts.tooManyRequests",
      });
      await expectToastShown(refused, jar, t("auth.toasts.passwordResetError"));

      const direct = await app.auth("/request-password-reset", {
        json: { email, redirectTo: "/reset" },
        ip,
      });
      expect(direct.status).toBe(429);
      await new Promise((r) => setTimeout(r, 300));
      expect(app.sink.to(email)).toHaveLength(1 + limit);
    });

    it("limits the administrator's magic-link requests and says so clearly", async () => {
      const limit = RATE_LIMIT_RULES.magicLink.perAccount * app.config.rateLimitScale;
      const ip = app.nextIp();
      const before = app.sink.to(TEST_ADMIN_EMAIL).length;
      for (let n = 0; n < limit; n++) {
        const ok = await app.action(
          adminLogin,
          "/admin-login",
          { email: TEST_ADMIN_EMAIL },
          undefined,
          ip,
        );
        expect(toastOf(ok), `magic link ${n + 1} of ${limit}`).toMatchObject({
          title: "auth.adminLogin.checkEmail",
        });
      }
      await waitForMail(app, TEST_ADMIN_EMAIL, before + limit);

      const jar = new CookieJar();
      const refused = await app.action(
        adminLogin,
        "/admin-login",
        { email: TEST_ADMIN_EMAIL },
        jar,
        ip,
      );
      expect(toastOf(refused)).toMatchObject({
        title: "auth.adminLogin.magicLinkError",
        description: "auth.toasts.tooManyRequests",
      });
      await expectToastShown(refused, jar, t("auth.adminLogin.magicLinkError"));

      const direct = await app.auth("/sign-in/magic-link", {
        json: { email: TEST_ADMIN_EMAIL, callbackURL: "/dashboard/overview" },
        ip,
      });
      expect(direct.status).toBe(429);
      await new Promise((r) => setTimeout(r, 300));
      expect(app.sink.to(TEST_ADMIN_EMAIL)).toHaveLength(before + limit);
    });
  });

  describe("sessions", () => {
    it("sets the session cookie HttpOnly and SameSite=Lax, without Secure over plain http", async () => {
      const email = "cookies@example.com";
      const { jar, confirmed } = await confirmedAccount(app, email);
      expect(jar.has("better-auth.session_token")).toBe(true);
      const signedIn = await signInWithPassword(app, email, "secret12");
      expect(location(signedIn)).toBe("/dashboard/overview");
      for (const response of [confirmed, signedIn]) {
        const header = setCookie(response, "better-auth.session_token");
        expect(header).toBeDefined();
        const attributes = attributesOf(header!);
        expect(attributes).toHaveProperty("httponly");
        expect(attributes.samesite?.toLowerCase()).toBe("lax");
        expect(attributes.path).toBe("/");
        expect(attributes).not.toHaveProperty("secure");
        // Every other cookie of better-auth's is just as closed to scripts.
        for (const other of (response as Response).headers
          .getSetCookie()
          .filter((c) => c.startsWith("better-auth."))) {
          expect(attributesOf(other)).toHaveProperty("httponly");
          expect(attributesOf(other).samesite?.toLowerCase()).toBe("lax");
        }
      }
    });

    it("revokes the session on the server at sign-out, so the old cookie is worth nothing", async () => {
      const email = "leaver@example.com";
      const { jar } = await confirmedAccount(app, email);
      const stale = new CookieJar();
      stale.store(
        jar
          .header()
          .split("; ")
          .map((pair) => `${pair}; Path=/`),
      );
      expect(await sessionsOf(app, email)).toHaveLength(1);
      expect((await page("/dashboard/overview", { jar: stale })).status).toBe(200);

      const out = await app.action(signOut, "/auth/sign-out", {}, jar);
      expect(location(out)).toBe("/");
      expect(toastOf(out)).toMatchObject({ title: "auth.toasts.loggedOut" });
      const cleared = setCookie(out, "better-auth.session_token");
      expect(cleared && attributesOf(cleared)["max-age"]).toBe("0");
      expect(jar.has("better-auth.session_token")).toBe(false);

      // Gone from the database, not only from this browser.
      expect(await sessionsOf(app, email)).toHaveLength(0);
      expect(await app.viewer(stale)).toBeNull();
      const getSession = await app.auth("/get-session", { jar: stale });
      expect(await getSession.json()).toBeNull();
      const dashboard = await page("/dashboard/overview", { jar: stale });
      expect(location(dashboard)).toBe("/");
      expect(toastOf(dashboard)).toMatchObject({ title: "auth.toasts.authRequired" });
    });
  });

  describe("names set through better-auth's own endpoints", () => {
    const nameOf = async (email: string) =>
      (await app.handle.db.select({ name: user.name }).from(user).where(eq(user.email, email)))[0]
        ?.name;

    it("update-user holds a name to the Profile tab's rules: 400 in its words, nothing saved", async () => {
      const email = "renamer@example.com";
      const { jar } = await confirmedAccount(app, email);
      const before = await nameOf(email);
      const refused: [string, MessageKey][] = [
        ["Ama ".repeat(25_000), "profile.errors.nameTooLong.description"],
        ["Ama \u202Egpj.exe", "profile.errors.invalidCharacters.description"],
        ["\u2067Ama Mensah\u2069", "profile.errors.invalidCharacters.description"],
        ["Ama\u200FMensah", "profile.errors.invalidCharacters.description"],
        ["support@gateway-africa.com", "profile.errors.nameIsEmail.description"],
        ["Ama (write to ama@example.com)", "profile.errors.nameIsEmail.description"],
        [" \r\n\t ", "profile.errors.nameRequired.description"],
      ];
      for (const [name, message] of refused) {
        const response = await app.auth("/update-user", { json: { name }, jar });
        expect(response.status, JSON.stringify(name.slice(0, 30))).toBe(400);
        expect(await response.json()).toMatchObject({ code: "INVALID_NAME", message: t(message) });
        expect(await nameOf(email)).toBe(before);
      }
      // Line breaks and tabs from a paste become one space, as the Profile tab saves them.
      const pasted = await app.auth("/update-user", {
        json: { name: "  Ama\r\n\tMensah-Osei " },
        jar,
      });
      expect(pasted.status).toBe(200);
      expect(await nameOf(email)).toBe("Ama Mensah-Osei");
      // A name in a right-to-left script needs no direction characters, and is taken as it is.
      const arabic = await app.auth("/update-user", { json: { name: "أمينة منصور" }, jar });
      expect(arabic.status).toBe(200);
      expect(await nameOf(email)).toBe("أمينة منصور");
    });

    it("sign-up holds the name to the same rules and creates no account when refused", async () => {
      const email = "named@example.com";
      const refused = await app.auth("/sign-up/email", {
        json: { name: "named@example.com", email, password: "secret12" },
        ip: app.nextIp(),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: t("profile.errors.nameIsEmail.description"),
      });
      expect(await nameOf(email)).toBeUndefined();
      const taken = await app.auth("/sign-up/email", {
        json: { name: "Kofi\nAsante", email, password: "secret12" },
        ip: app.nextIp(),
      });
      expect(taken.status).toBe(200);
      expect(await nameOf(email)).toBe("Kofi Asante");
    });
  });

  describe("e-mail confirmation links", () => {
    async function signUpFor(email: string) {
      await app.action(
        signUp,
        "/auth/sign-up",
        { name: "Kojo Antwi", email, password: "secret12", accountType: "user", redirectTo: "/" },
        undefined,
        app.nextIp(),
      );
      return linkIn(await waitForMail(app, email), app.config.appUrl);
    }

    async function visitAt(link: string, atMs: number) {
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(atMs);
        const jar = new CookieJar();
        return { jar, response: await app.visit(link, jar) };
      } finally {
        vi.useRealTimers();
      }
    }

    it("still accepts a link a little under 24 hours old", async () => {
      const email = "late-but-fine@example.com";
      const link = await signUpFor(email);
      const { jar, response } = await visitAt(link, Date.now() + DAY_MS - 60_000);
      expect(response.headers.get("location")).toBe("/confirm");
      expect(jar.has("better-auth.session_token")).toBe(true);
      const [row] = await app.handle.db.select().from(user).where(eq(user.email, email));
      expect(row?.emailVerified).toBe(true);
    });

    it("refuses a link older than 24 hours and shows Link Expired", async () => {
      const email = "too-late@example.com";
      const link = await signUpFor(email);
      const { jar, response } = await visitAt(link, Date.now() + DAY_MS + 60_000);
      expect(response.status).toBe(302);
      const target = new URL(response.headers.get("location") ?? "", app.config.appUrl);
      expect(target.pathname).toBe("/confirm");
      expect(target.searchParams.get("error")?.toUpperCase()).toBe("TOKEN_EXPIRED");
      expect(jar.has("better-auth.session_token")).toBe(false);
      const [row] = await app.handle.db.select().from(user).where(eq(user.email, email));
      expect(row?.emailVerified).toBe(false);
      expect(await sessionsOf(app, email)).toHaveLength(0);

      const confirmPath = target.pathname + target.search;
      expect(await app.loader(confirm, confirmPath, jar)).toEqual({ state: "expired", next: null });
      const shown = await page(confirmPath, { jar });
      expect(shown.status).toBe(200);
      const html = await textOf(shown);
      expect(html).toContain(`>${t("auth.confirm.expiredTitle")}</h1>`);
      expect(html).toContain(t("auth.confirm.expiredDescription"));
      expect(markupOf(html)).not.toContain(t("auth.confirm.confirmed"));
    });

    it("does not sign anybody in with a link used a second time", async () => {
      const email = "twice@example.com";
      const link = await signUpFor(email);
      const first = new CookieJar();
      expect((await app.visit(link, first)).headers.get("location")).toBe("/confirm");
      expect(first.has("better-auth.session_token")).toBe(true);
      expect(await textOf(await page("/confirm", { jar: first }))).toContain(
        `>${t("auth.confirm.confirmed")}</h1>`,
      );

      const second = new CookieJar();
      const again = await app.visit(link, second);
      expect(again.status).toBe(302);
      expect(again.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
      expect(second.has("better-auth.session_token")).toBe(false);
      expect(await app.viewer(second)).toBeNull();
      expect(await sessionsOf(app, email)).toHaveLength(1);
      const html = await textOf(await page(again.headers.get("location") ?? "", { jar: second }));
      expect(html).toContain(t("auth.confirm.alreadyUsed"));
      expect(markupOf(html)).not.toContain(t("auth.confirm.confirmed"));
    });
  });
});

// Its own app, started after the one above has closed: both may share one PostgreSQL database.
describe(`session cookies behind https on ${testEngine}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ APP_URL: "https://gateway.example" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("are Secure, HttpOnly and SameSite=Lax, and still sign the person in", async () => {
    const email = "secure@example.com";
    const { jar, confirmed } = await confirmedAccount(app, email);
    const signedIn = await signInWithPassword(app, email, "secret12");
    expect(location(signedIn)).toBe("/dashboard/overview");
    for (const response of [confirmed, signedIn]) {
      expect(setCookie(response, "better-auth.session_token")).toBeUndefined();
      const header = setCookie(response, "__Secure-better-auth.session_token");
      expect(header).toBeDefined();
      const attributes = attributesOf(header!);
      expect(attributes).toHaveProperty("secure");
      expect(attributes).toHaveProperty("httponly");
      expect(attributes.samesite?.toLowerCase()).toBe("lax");
    }
    expect(await app.viewer(jar)).toMatchObject({ email });
    // The site's own cookies follow APP_URL too.
    const toast = setCookie(signedIn, "toast");
    expect(toast).toBeDefined();
    expect(attributesOf(toast!)).toHaveProperty("secure");
  });
});
