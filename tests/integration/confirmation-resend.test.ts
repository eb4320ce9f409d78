import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as confirm from "../../app/routes/auth/confirm.tsx";
import * as signUp from "../../app/routes/auth/sign-up.ts";
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

  it("asks for the address when it is left empty, and sends nothing", async () => {
    const before = app.sink.messages.length;
    const empty = await app.action(confirm, "/confirm", { email: "  " });
    expect(toastOf(empty)).toMatchObject({ title: "auth.toasts.emailRequired" });
    expect(app.sink.messages.length).toBe(before);
  });
});
