import { expect, test } from "./support/test.ts";
import { createConfirmedAccount, signedInAs, uniqueEmail, mailAbout } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { approvedRental } from "./support/listings.ts";
import { gotoHydrated } from "./support/hydration.ts";

/**
 * Inquiries end to end: a visitor asks an agent about a listing through "Contact Agent", signing
 * in on the way, the agent answers from the Inquiries tab, and the answer reaches the visitor's
 * open conversation without a reload and by e-mail over SMTP.
 */

for (const width of [1280, 390]) {
  test(`a visitor asks from Contact Agent and sees the agent's answer arrive (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 860 });
    const agentContext = await browser.newContext({
      baseURL: E2E.baseUrl,
      viewport: { width, height: 860 },
    });
    const agent = await agentContext.newPage();
    const agentAccount = await signedInAs(agent, "agent", `Ama Mensah ${width}`);
    const title = `Osu Two-Bedroom ${width} ${Date.now().toString(36)}`;
    const listingId = await approvedRental(browser, agent, title);

    // The visitor has an account but is not signed in here.
    const visitor = { email: uniqueEmail("visitor"), name: `Kofi Boateng ${width}` };
    const accountContext = await browser.newContext({ baseURL: E2E.baseUrl });
    await createConfirmedAccount(accountContext.request, { ...visitor, role: "user" });
    await accountContext.close();

    await gotoHydrated(page, `/listing/${listingId}`);
    // The number is not in the page until someone asks for it.
    expect(await page.content()).not.toContain("555 0123");
    await page.getByRole("link", { name: "Contact Agent" }).click();
    // The visitor writes first; sending asks them to sign in.
    await expect(page).toHaveURL(new RegExp(`/listing/${listingId}/message$`));
    const question = "Is the flat still free from March? Can I see it on Saturday?";
    await page.getByLabel("Your message").fill(question);
    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The dialog's code arrives after the client navigation: typing into the dialog it replaces
    // is lost, so the sign-in is repeated until it lands.
    await expect(async () => {
      await dialog.getByLabel("Email", { exact: true }).fill(visitor.email);
      await dialog.getByLabel("Password", { exact: true }).fill("secret12");
      await dialog.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(new RegExp(`/listing/${listingId}/message$`), {
        timeout: 3_000,
      });
    }).toPass({ timeout: 30_000 });

    // Signed in, the question is still there to send.
    await expect(page.getByLabel("Your message")).toHaveValue(question);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/dashboard\/inbox\/\d+$/);
    await expect(page.getByText(question)).toBeVisible();
    const conversationUrl = page.url();

    // The agent is told by e-mail, and finds the question under Inquiries.
    const agentMail = await mailAbout(agentAccount.email, `New message from ${visitor.name}`);
    expect(agentMail.body).toContain(question);
    await gotoHydrated(agent, "/dashboard/overview");
    if (width < 768) await agent.getByRole("button", { name: /^Menu/ }).click();
    await agent.getByRole("link", { name: /^Inquiries/ }).click();
    await expect(agent.getByRole("heading", { name: "Inquiries" })).toBeVisible();
    await agent
      .getByRole("link", { name: `Open conversation with ${visitor.name} about ${title}` })
      .click();
    await expect(agent.getByText(question)).toBeVisible();
    const answer = "Yes, it is free from 1 March. Saturday at 10 works.";
    await agent.getByLabel("Your message").fill(answer);
    await agent.getByRole("button", { name: "Send", exact: true }).click();
    await expect(agent.getByText(answer)).toBeVisible();

    // The visitor's page, left open, shows the answer without a reload.
    expect(page.url()).toBe(conversationUrl);
    await expect(page.getByText(answer)).toBeVisible({ timeout: 30_000 });
    const visitorMail = await mailAbout(visitor.email, `New message from ${agentAccount.name}`);
    expect(visitorMail.body).toContain(answer);
    expect(visitorMail.body).toContain(new URL(conversationUrl).pathname);
    await agentContext.close();
  });
}
