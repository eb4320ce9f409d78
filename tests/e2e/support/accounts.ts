import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { linkIn, readMailDir, type ReceivedMail } from "../../support/smtp-sink.ts";
import { E2E } from "./e2e-env.ts";

let counter = 0;

/** A fresh address per call, so tests never collide on accounts. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Waits for the n-th message the app sent to an address over SMTP. */
export async function waitForMail(
  email: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const start = Date.now();
  for (;;) {
    const mails = readMailDir(E2E.mailDir, email);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() - start > timeoutMs) throw new Error(`No e-mail #${count} to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first e-mail to the address whose subject has the text (earlier mails, like sign-up's, come first). */
export async function mailAbout(email: string, subject: string): Promise<ReceivedMail> {
  const start = Date.now();
  for (;;) {
    const found = readMailDir(E2E.mailDir, email).find((m) => m.subject.includes(subject));
    if (found) return found;
    if (Date.now() - start > 15_000) throw new Error(`No e-mail "${subject}" to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function appLink(mail: ReceivedMail): string {
  return linkIn(mail, E2E.baseUrl);
}

/**
 * Creates an account as a new "Regular User" in the open sign-in dialog (the page shows it, e.g.
 * after sending a form signed out). The dialog's code can arrive after the navigation that opened
 * it, and typing into the dialog it replaces is lost: the attempt is repeated until the dialog
 * answers "Registration Successful!", never once it has (the address would be taken).
 */
export async function signUpInDialog(page: Page, person: { name: string; email: string }) {
  const dialog = page.getByRole("dialog", { name: "Welcome to Gateway Africa" });
  const registered = (url: URL) =>
    url.searchParams.get("auth") === "login" && url.searchParams.get("email") === person.email;
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (registered(new URL(page.url()))) return;
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    await dialog.getByLabel("Full Name").fill(person.name);
    await dialog.getByLabel("Email Address").fill(person.email);
    await dialog.getByLabel("Password", { exact: true }).fill("secret12");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(registered, { timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByRole("status").first()).toContainText("Registration Successful!");
}

/**
 * Signs in without clicking through the UI: the account is created and confirmed over HTTP in
 * the page's own cookie context (the confirmation link signs it in), as a fixture.
 */
export async function signedInAs(
  page: Page,
  role: "user" | "agent" | "professional",
  name = "Test Person",
) {
  const email = uniqueEmail(role);
  await createConfirmedAccount(page.request, { email, name, role });
  return { email, name };
}

export async function createConfirmedAccount(
  request: APIRequestContext,
  account: { email: string; name: string; role: string; password?: string },
) {
  const signUp = await request.post("/auth/sign-up", {
    form: {
      name: account.name,
      email: account.email,
      password: account.password ?? "secret12",
      accountType: account.role,
      redirectTo: "/",
    },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  const mail = await waitForMail(account.email);
  const confirmed = await request.get(appLink(mail), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
}

/**
 * Signs the administrator in through a fresh magic link. The mails are counted before asking: the
 * address also gets the team's notifications (new listings, contact messages) and the links of
 * earlier sign-ins, which are spent, so only a magic link sent after the request will do.
 */
export async function signedInAsAdmin(page: Page) {
  const before = readMailDir(E2E.mailDir, E2E.adminEmail).length;
  await page.request.post("/admin-login", { form: { email: E2E.adminEmail }, maxRedirects: 0 });
  const start = Date.now();
  for (;;) {
    const link = readMailDir(E2E.mailDir, E2E.adminEmail)
      .slice(before)
      .find((mail) => mail.body.includes("/magic-link/verify"));
    if (link) {
      await page.request.get(appLink(link), { maxRedirects: 0 });
      return;
    }
    if (Date.now() - start > 15_000) throw new Error(`No magic link to ${E2E.adminEmail}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function setGoogleIdentity(identity: { sub: string; email: string; name: string }) {
  const response = await fetch(`http://127.0.0.1:${E2E.controlPort}/google-identity`, {
    method: "POST",
    body: JSON.stringify(identity),
  });
  if (response.status !== 204)
    throw new Error("The OpenID Connect stand-in did not take the identity");
}
