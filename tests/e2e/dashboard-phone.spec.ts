import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { signedInAs } from "./support/accounts.ts";
import { answeredConversation } from "./support/conversations.ts";
import { closeToast, gotoHydrated } from "./support/hydration.ts";

/**
 * The dashboard on a phone (390 × 844) starts with the work, not the greeting: the welcome
 * banner is one compact row, the tab's heading is in the first screen, and an open conversation
 * shows its message box and Send button. Its header's two Report buttons say which is which.
 */

const PHONE = { width: 390, height: 844 };

/** The welcome banner: the box around the page's one first-level heading. */
function welcomeBanner(page: Page) {
  return page.getByRole("heading", { level: 1, name: /^Welcome back/ }).locator("xpath=../..");
}

async function expectCompactBanner(page: Page) {
  const banner = welcomeBanner(page);
  await expect(banner).toBeVisible();
  await expect
    .poll(async () => (await banner.boundingBox())?.height, {
      message: "the welcome banner's height",
    })
    .toBeLessThanOrEqual(120);
}

test("a phone shows the tab and the conversation's message box in the first screen (390 px)", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const run = Date.now().toString(36);
  await signedInAs(page, "user", `Adjoa Renter ${run}`);
  const answer = `Yes, the flat is free from May (${run}).`;
  const { agentName } = await answeredConversation(browser, page, { run, answers: [answer] });

  await gotoHydrated(page, "/dashboard/inbox");
  await closeToast(page);
  await expectCompactBanner(page);
  await expect(page.getByRole("heading", { name: "Messages", level: 2 })).toBeInViewport();
  await page.screenshot({ path: "/work/screens/i25-a/dashboard-inbox-390.png" });

  await page
    .getByRole("link", { name: new RegExp(`^Open conversation with ${agentName}`) })
    .click();
  await expect(page.getByText(answer)).toBeVisible();
  // Read now: the menu button no longer counts it.
  await expect(
    page.getByRole("banner").getByRole("button", { name: "Open menu", exact: true }),
  ).toBeVisible();
  await expectCompactBanner(page);
  await expect(page.getByLabel("Your message")).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeInViewport({
    ratio: 1,
  });

  // Two Report buttons, each saying what it reports, in words everyone gets.
  for (const name of ["Report conversation", "Report person"]) {
    const report = page.getByRole("button", { name, exact: true });
    await expect(report).toBeVisible();
    expect((await report.innerText()).trim()).toBe(name);
  }
  await page.screenshot({ path: "/work/screens/i25-a/conversation-390.png" });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "/work/screens/i25-a/conversation-top-390.png" });

  for (const width of [1024, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/work/screens/i25-a/conversation-top-${width}.png` });
  }
});

test("a lister's banner is one row on a phone, its buttons named (390 px)", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAs(page, "agent", "Oluwaseun Adebayo-Okonkwo Nwachukwu");
  await gotoHydrated(page, "/dashboard/overview");
  await closeToast(page);
  await expectCompactBanner(page);
  const banner = welcomeBanner(page);
  await expect(banner.getByRole("link", { name: "Add New" })).toBeInViewport();
  await expect(banner.getByRole("button", { name: "Logout" })).toBeInViewport();
  await page.screenshot({ path: "/work/screens/i25-a/dashboard-agent-390.png" });

  for (const width of [1024, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `/work/screens/i25-a/dashboard-agent-${width}.png` });
  }
});
