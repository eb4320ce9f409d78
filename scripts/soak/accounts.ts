import { linkIn, type ReceivedMail } from "../../tests/support/smtp-sink.ts";

/** A confirmed account the soak signs in with, and its current session cookie. */
export interface SoakAccount {
  email: string;
  password: string;
  cookie: string;
}

export const SOAK_PASSWORD = "soak-password-2026";

interface MailSource {
  to(address: string): ReceivedMail[];
}

function sessionCookie(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.includes("session_token="))
    ?.split(";")[0];
}

/**
 * Signs up through the site's form and follows the confirmation link from the mail, as a person
 * would; the confirmation starts the first session.
 */
export async function signUp(base: string, mail: MailSource, email: string): Promise<SoakAccount> {
  const response = await fetch(`${base}/auth/sign-up`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base },
    body: new URLSearchParams({
      name: "Soak Visitor",
      email,
      password: SOAK_PASSWORD,
      accountType: "agent",
      redirectTo: "/",
    }),
  });
  if (response.status !== 302) throw new Error(`Sign-up of ${email} refused: ${response.status}`);
  for (let i = 0; i < 200 && mail.to(email).length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [message] = mail.to(email);
  if (!message) throw new Error(`No confirmation mail reached ${email}`);
  const confirmed = await fetch(linkIn(message, base), { redirect: "manual" });
  const cookie = sessionCookie(confirmed);
  if (!cookie) throw new Error(`Confirming ${email} started no session`);
  return { email, password: SOAK_PASSWORD, cookie };
}

/**
 * The administrator signs in by magic link only (/admin-login); the link's visit starts the
 * session. The administrator publishes without the free plan's limit of three listings.
 */
export async function adminSession(
  base: string,
  mail: MailSource,
  email: string,
): Promise<SoakAccount> {
  const response = await fetch(`${base}/admin-login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base },
    body: new URLSearchParams({ email }),
  });
  if (response.status >= 400) throw new Error(`Admin sign-in refused: ${response.status}`);
  for (let i = 0; i < 200 && mail.to(email).length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [message] = mail.to(email);
  if (!message) throw new Error(`No magic link reached ${email} (is it the server's ADMIN_EMAIL?)`);
  const visited = await fetch(linkIn(message, base), { redirect: "manual" });
  const cookie = sessionCookie(visited);
  if (!cookie) throw new Error("The magic link started no session");
  return { email, password: "", cookie };
}

/** The site's sign-in form; the new session cookie, or undefined when none was set. */
export async function signIn(
  base: string,
  account: SoakAccount,
  signal: AbortSignal,
): Promise<{ response: Response; cookie: string | undefined }> {
  const response = await fetch(`${base}/auth/sign-in`, {
    method: "POST",
    redirect: "manual",
    signal,
    headers: { Origin: base },
    body: new URLSearchParams({
      email: account.email,
      password: account.password,
      redirectTo: "/",
    }),
  });
  return { response, cookie: sessionCookie(response) };
}
