import type { Viewer } from "../../app/auth/viewer.ts";
import type { SELECTABLE_ROLES } from "../../app/lib/roles.ts";
import * as adminLogin from "../../app/routes/auth/admin-login.tsx";
import * as signIn from "../../app/routes/auth/sign-in.ts";
import * as signUp from "../../app/routes/auth/sign-up.ts";
import { linkIn } from "./smtp-sink.ts";
import { CookieJar, TEST_ADMIN_EMAIL, waitForMail, type TestApp } from "./test-app.ts";

export interface SignedIn {
  email: string;
  jar: CookieJar;
  viewer: Viewer;
  /** The answer to the confirmation or magic link (the redirect that set the session). */
  landed: Response;
}

async function follow(app: TestApp, email: string, count = 1): Promise<Omit<SignedIn, "email">> {
  const jar = new CookieJar();
  const mail = await waitForMail(app, email, count);
  const landed = await app.visit(linkIn(mail, app.config.appUrl), jar);
  const viewer = await app.viewer(jar);
  if (!viewer) throw new Error(`${email} is not signed in after following the link`);
  return { jar, viewer, landed };
}

/**
 * Signs up through the dialog's action and follows the confirmation e-mail, as a person does;
 * the jar holds the session the link starts.
 */
export async function signUpAndConfirm(
  app: TestApp,
  options: {
    email: string;
    name?: string;
    role?: (typeof SELECTABLE_ROLES)[number];
    password?: string;
  },
): Promise<SignedIn> {
  const { email, name = "Akua Boateng", role = "user", password = "secret12" } = options;
  await app.action(
    signUp,
    "/auth/sign-up",
    { name, email, password, accountType: role, redirectTo: "/" },
    undefined,
    app.nextIp(),
  );
  return { email, ...(await follow(app, email)) };
}

/** The administrator, signed in by magic link (`count`: how many such e-mails there will be). */
export async function signInAsAdmin(app: TestApp, count = 1): Promise<SignedIn> {
  await app.action(adminLogin, "/admin-login", { email: TEST_ADMIN_EMAIL });
  return { email: TEST_ADMIN_EMAIL, ...(await follow(app, TEST_ADMIN_EMAIL, count)) };
}

/**
 * The sign-in dialog's action from a fresh browser (new cookie jar, its own address, so rate
 * limits of other tests never interfere); returns its redirect.
 */
export function signInWithPassword(app: TestApp, email: string, password: string) {
  return app.action(
    signIn,
    "/auth/sign-in",
    { email, password, redirectTo: "/" },
    new CookieJar(),
    app.nextIp(),
  );
}
