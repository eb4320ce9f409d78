import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user } from "../../app/db/schema/index.ts";
import * as adminLogin from "../../app/routes/auth/admin-login.tsx";
import * as forgotPassword from "../../app/routes/auth/forgot-password.ts";
import * as signUp from "../../app/routes/auth/sign-up.ts";
import { signInWithPassword } from "../support/accounts.ts";
import { testEngine } from "../support/database.ts";
import { toastOf } from "../support/flash.ts";
import { linkIn } from "../support/smtp-sink.ts";
import {
  CookieJar,
  startTestApp,
  TEST_ADMIN_EMAIL,
  waitForMail,
  type TestApp,
} from "../support/test-app.ts";

/**
 * The administrator's address never gets a password: otherwise whoever signed up first with it
 * would hold a password to the admin account once the real admin confirmed it by magic link.
 */
describe(`the administrator's address on ${testEngine}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const usersWithAdminAddress = () =>
    app.handle.db.select().from(user).where(eq(user.email, TEST_ADMIN_EMAIL));

  it("cannot sign up with a password, through the dialog or the API", async () => {
    const refused = await app.action(
      signUp,
      "/auth/sign-up",
      {
        name: "Not The Admin",
        email: ` ${TEST_ADMIN_EMAIL.toUpperCase()}`,
        password: "attacker-password",
        accountType: "user",
        redirectTo: "/",
      },
      undefined,
      app.nextIp(),
    );
    expect(toastOf(refused)).toMatchObject({
      title: "auth.toasts.registrationError",
      description: "auth.toasts.adminUsesMagicLink",
    });
    const direct = await app.auth("/sign-up/email", {
      json: { name: "Not The Admin", email: TEST_ADMIN_EMAIL, password: "attacker-password" },
      ip: app.nextIp(),
    });
    expect(direct.status).toBe(403);
    expect(await usersWithAdminAddress()).toHaveLength(0);
    expect(app.sink.to(TEST_ADMIN_EMAIL)).toHaveLength(0);
  });

  it("signs in by magic link only: no password sign-in, no reset e-mail", async () => {
    await app.action(adminLogin, "/admin-login", { email: TEST_ADMIN_EMAIL });
    const mail = await waitForMail(app, TEST_ADMIN_EMAIL);
    const jar = new CookieJar();
    const link = new URL(linkIn(mail, app.config.appUrl)).href;
    await app.visit(link, jar);
    expect(await app.viewer(jar)).toMatchObject({ email: TEST_ADMIN_EMAIL, role: "admin" });

    // The link works once; used again it comes back to /admin-login, which says why.
    const again = await app.visit(link, new CookieJar());
    const back = new URL(again.headers.get("location") ?? "", app.config.appUrl);
    expect(back.pathname).toBe("/admin-login");
    expect(await app.loader(adminLogin, back.pathname + back.search)).toMatchObject({
      linkFailed: true,
    });
    expect(await app.loader(adminLogin, "/admin-login")).toMatchObject({ linkFailed: false });
    const [admin] = await usersWithAdminAddress();
    const accounts = await app.handle.db
      .select()
      .from(account)
      .where(eq(account.userId, admin!.id));
    expect(accounts.filter((a) => a.password !== null)).toEqual([]);

    const reset = await app.action(forgotPassword, "/auth/forgot-password", {
      email: TEST_ADMIN_EMAIL,
      redirectTo: "/",
    });
    // The same answer as for any address, but nothing is sent.
    expect(toastOf(reset)).toMatchObject({ title: "auth.toasts.resetSent" });
    await new Promise((r) => setTimeout(r, 300));
    expect(app.sink.to(TEST_ADMIN_EMAIL)).toHaveLength(1);

    const passwordSignIn = await signInWithPassword(app, TEST_ADMIN_EMAIL, "attacker-password");
    expect(toastOf(passwordSignIn)).toMatchObject({
      title: "auth.toasts.signInError",
      description: "auth.toasts.adminUsesMagicLink",
    });
  });
});
