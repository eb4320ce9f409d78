import type { Page } from "@playwright/test";
import { expect, OFFLINE_MAP_TILES, test } from "./support/test.ts";
import { headerOf, readMailDir, type ReceivedMail } from "../support/smtp-sink.ts";
import { appLink, signedInAs, uniqueEmail, waitForMail } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";

/** The first e-mail to the team that matches (the admin address gets sign-in links too). */
async function teamMail(matches: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  const start = Date.now();
  for (;;) {
    const found = readMailDir(E2E.mailDir, E2E.adminEmail).find(matches);
    if (found) return found;
    if (Date.now() - start > 15_000) throw new Error("The team got no such e-mail");
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The contact page shows the office on a map whose tiles this machine cannot fetch.
test.use({ allowedConsoleErrors: [OFFLINE_MAP_TILES] });

async function openSignIn(page: Page) {
  await page.goto("/?auth=login");
  // Hydrated (its route manifest fetched): a click while React attaches can be lost on a slow CI.
  await page.waitForLoadState("networkidle");
  return page.getByRole("dialog", { name: "Welcome to Gateway Africa" });
}

test("the link resent by signing in before confirming lands on 'Email Confirmed!'", async ({
  page,
}) => {
  // Two e-mails, two sign-in attempts and the confirmed page's 4 s hand-over: a long journey.
  test.slow();
  const email = uniqueEmail("early");
  // Signed up as the dialog does (its own browser test is in accounts.spec.ts), not yet confirmed.
  const signUp = await page.request.post("/auth/sign-up", {
    form: {
      name: "Kofi Asamoah",
      email,
      password: "secret12",
      accountType: "user",
      redirectTo: "/",
    },
    headers: { origin: E2E.baseUrl },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  await waitForMail(email, 1);

  const dialog = await openSignIn(page);
  // Too early: the sign-in is refused and a fresh link goes out.
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("secret12");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Please confirm your e-mail address first. We have sent you a new confirmation link.",
  );
  const newest = await waitForMail(email, 2);

  await page.goto(appLink(newest));
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole("heading", { name: "Email Confirmed!" })).toBeVisible();
  await page.waitForURL("/", { timeout: 8000 });
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a contact message reaches the team, who can reply to the sender, and the sender gets a confirmation", async ({
  page,
  pageErrors,
}) => {
  // The contact page's office map is offline here.
  pageErrors.allow(OFFLINE_MAP_TILES);
  const sender = uniqueEmail("efua");
  const subject = `Listing my guesthouse ${Date.now()}`;
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Full Name").fill("Efua Owusu");
  await page.getByLabel("Email Address").fill(sender);
  await page.getByLabel("Reason for Contact").selectOption("partnership");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Your Message").fill("I would like to list a six-room guesthouse.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toContainText("Message Sent!");
  await expect(page.getByRole("status")).toContainText(
    "A confirmation is on its way to your inbox.",
  );

  const team = await teamMail((m) => m.body.includes(subject));
  expect(headerOf(team, "Subject")).toBe(`Contact form (Partnership & Business): ${subject}`);
  expect(headerOf(team, "Reply-To")).toBe(`Efua Owusu <${sender}>`);
  expect(team.body).toContain("I would like to list a six-room guesthouse.");
  const acknowledgement = await waitForMail(sender);
  expect(headerOf(acknowledgement, "Subject")).toBe("We have received your message");
});

test("requesting a premium plan sends the team a message naming that plan", async ({
  page,
  pageErrors,
}) => {
  // The plan's request is written on the contact page, whose office map is offline here.
  pageErrors.allow(OFFLINE_MAP_TILES);
  const { email, name } = await signedInAs(page, "agent", "Yaw Darko");
  await page.goto("/dashboard/premium-plans");
  await page.getByRole("link", { name: "Request Elite" }).click();
  await expect(page).toHaveURL("/contact?reason=partnership&plan=elite");
  await expect(page.getByLabel("Full Name")).toHaveValue(name);
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Reason for Contact")).toHaveValue("partnership");
  await expect(page.getByLabel("Subject")).toHaveValue("Upgrade to the Elite plan");
  await expect(page.getByLabel("Your Message")).toHaveValue(
    "I would like to upgrade my account to the Elite plan ($50 for 9 months). Please tell me how to pay.",
  );
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toContainText("Message Sent!");

  const team = await teamMail((m) => m.body.includes(email));
  expect(headerOf(team, "Subject")).toBe(
    "Contact form (Partnership & Business): Upgrade to the Elite plan",
  );
  expect(team.body).toContain("($50 for 9 months)");
  expect(team.body).toContain(`Sent while signed in as ${email} (Agent).`);
});
