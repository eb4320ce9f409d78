import { expect, type Browser, type Page } from "@playwright/test";
import { appLink, mailAbout } from "./accounts.ts";
import { E2E } from "./e2e-env.ts";
import { gotoHydrated } from "./hydration.ts";
import { payByCard } from "./payments.ts";

/** The signed-in agent buys the Ultimate plan (team access) by card, up to its receipt. */
export async function buyUltimate(page: Page) {
  await gotoHydrated(page, "/dashboard/premium-plans");
  await page.getByRole("button", { name: "Choose the Ultimate plan" }).click();
  await payByCard(page);
  await expect(page).toHaveURL(/\/dashboard\/payments\/pay_[0-9a-f]+/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });
}

/** The signed-in owner starts their agency in the Team tab; returns its (unique) handle. */
export async function startAgency(page: Page, name: string): Promise<string> {
  const handle = `${name.toLowerCase().split(" ")[0]}-${Date.now().toString(36)}`;
  await gotoHydrated(page, "/dashboard/team");
  await page.getByLabel("Agency name").fill(name);
  await page.getByLabel("Agency address").fill(handle);
  await page.getByRole("button", { name: "Create agency" }).click();
  await expect(page.getByRole("status")).toContainText("Agency created");
  await expect(page.getByTestId("agency-name")).toHaveText(name);
  return handle;
}

/** The owner, on the Team tab, sends an invitation to the address. */
export async function inviteByEmail(page: Page, email: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText("Invitation sent");
}

/**
 * A new agent signs up with the invited address in a context of their own, confirms it, and
 * opens the invitation's link from the e-mail (the Team tab offering to accept). The caller
 * closes the context.
 */
export async function invitedSignsUp(
  browser: Browser,
  person: { name: string; email: string; agency: string },
) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const page = await context.newPage();
  const signUp = await page.request.post("/auth/sign-up", {
    form: {
      name: person.name,
      email: person.email,
      password: "secret12",
      accountType: "agent",
      redirectTo: "/",
    },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  // The invitation came first, so the confirmation is found by its subject.
  const confirmation = await mailAbout(person.email, "Confirm your Gateway Africa account");
  expect((await page.request.get(appLink(confirmation), { maxRedirects: 0 })).status()).toBe(302);
  const invitation = await mailAbout(person.email, `invites you to join ${person.agency}`);
  await gotoHydrated(page, appLink(invitation).replace(E2E.baseUrl, ""));
  return { context, page };
}
