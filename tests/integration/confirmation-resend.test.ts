import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as confirm from "../../app/routes/auth/confirm.tsx";
import * as signUp from "../../app/routes/auth/sign-up.ts";
import { signInWithPassword } from "../support/accounts.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
import { linkIn } from "../support/smtp-sink.ts";
import { CookieJar, startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";

describe(`resending the confirmation e-mail on ${testEngine}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends a new link that confirms the account, and answers alike for unknown addresses", async () => {
    const email = "kwame@example.com";
    await app.action(
      signUp,
      "/auth/sign-up",
      { name: "Kwame", email, password: "secret12", accountType: "user", redirectTo: "/" },
      undefined,
      app.nextIp(),
    );
    await waitForMail(app, email);

    const resent = await app.action(confirm, "/confirm", { email: ` ${email.toUpperCase()} ` });
    const unknown = await app.action(confirm, "/confirm", { email: "nobody@example.com" });
    expect(location(resent)).toBe("/");
    expect(toastOf(resent)).toEqual(toastOf(unknown));
    expect(toastOf(resent)).toMatchObject({ title: "auth.toasts.confirmationResent" });

    const mail = await waitForMail(app, email, 2);
    expect(app.sink.to("nobody@example.com")).toHaveLength(0);
    const jar = new CookieJar();
    await app.visit(linkIn(mail, app.config.appUrl), jar);
    expect(await app.viewer(jar)).toMatchObject({ email, emailVerified: true });
  });

  it("lands every confirmation link on /confirm: sign-up, signing in first, and the resend form", async () => {
    const email = "efua@example.com";
    await app.action(
      signUp,
      "/auth/sign-up",
      { name: "Efua", email, password: "secret12", accountType: "user", redirectTo: "/" },
      undefined,
      app.nextIp(),
    );
    await waitForMail(app, email, 1);
    // Signing in before confirming is refused, and sends a fresh link.
    const refused = await signInWithPassword(app, email, "secret12");
    expect(toastOf(refused)).toMatchObject({ title: "auth.toasts.signInError" });
    await waitForMail(app, email, 2);
    await app.action(confirm, "/confirm", { email });
    await waitForMail(app, email, 3);

    const links = app.sink.to(email).map((mail) => new URL(linkIn(mail, app.config.appUrl)));
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.searchParams.get("callbackURL")).toBe("/confirm");

    // The newest one, as a person opens it: signed in on the "Email Confirmed!" screen.
    const jar = new CookieJar();
    const landed = await app.visit(links[2]!.href, jar);
    expect(landed.headers.get("location")).toBe("/confirm");
    expect(await app.loader(confirm, "/confirm", jar)).toEqual({ state: "confirmed", next: null });
  });

  it("asks for the address when it is left empty, and sends nothing", async () => {
    const before = app.sink.messages.length;
    const empty = await app.action(confirm, "/confirm", { email: "  " });
    expect(toastOf(empty)).toMatchObject({ title: "auth.toasts.emailRequired" });
    expect(app.sink.messages.length).toBe(before);
  });
});
