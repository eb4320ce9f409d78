import type { Page } from "@playwright/test";
import { expect, failedRequest, test } from "./support/test.ts";
import { buildDemoData } from "../../scripts/demo/demo-data.ts";
import { setGoogleIdentity, signedInAsAdmin } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * Public agent pages (issue 27): a visitor follows a listing's contact card to its agent's page;
 * an agent whose plan grants the property website and custom branding chooses an address, an
 * about text and a brand colour, and a visitor sees them. Standard is given the two perks by the
 * administrator for the test and put back as it was at the end: other tests read the same plans.
 */

/** A demo agent whose listings put them on Standard. */
const host = buildDemoData(new Date()).users.find((u) => u.id === "demo-agent-5")!;

test("a visitor follows the contact card to the agent's page and sees listings and reviews", async ({
  page,
}) => {
  await gotoHydrated(page, "/real-estate");
  await page.locator("main a[href^='/listing/']").first().click();
  await expect(page).toHaveURL(/\/listing\/\d+/);
  const card = page.getByRole("region", { name: "Contact Agent" });
  const lister = (await card.locator("p.font-semibold").first().textContent())!.trim();
  await card.getByRole("link", { name: "View profile" }).click();
  await expect(page).toHaveURL(/\/agents\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: lister })).toBeVisible();
  await expect(page.getByText(/Member since /)).toBeVisible();
  await expect(page.getByTestId("verification")).toContainText("E-mail address confirmed");
  const listings = page.getByRole("region", { name: "Listings" });
  await expect(listings.locator("a[href^='/listing/']").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Reviews" })).toBeVisible();
  await shootWidths(page, "agent-pages/agent");
});

async function setPlanPerks(page: Page, on: boolean) {
  await page.context().clearCookies();
  await signedInAsAdmin(page);
  await gotoHydrated(page, "/dashboard/premium-plans");
  await page.getByText("Edit Standard").click();
  const form = page.getByRole("form", { name: "Edit the Standard plan" });
  for (const perk of ["Property website", "Custom branding"]) {
    await form.getByLabel(perk).setChecked(on);
  }
  await form.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByRole("status")).toContainText("Plan updated");
  await page.context().clearCookies();
}

test("an agent with the perks brands their property website, and a visitor sees the brand", async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  // The refused colour answers 400 with the form's message.
  pageErrors.allow(failedRequest("/dashboard/public-page.data", 400));
  await setPlanPerks(page, true);
  try {
    await setGoogleIdentity({ sub: `demo-${host.email}`, email: host.email, name: host.name });
    await gotoHydrated(page, "/?auth=login");
    await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/, { timeout: 15_000 });

    await gotoHydrated(page, "/dashboard/public-page");
    const website = page.getByTestId("website-settings");
    await website.getByLabel("Address").fill("kamau-homes-e2e");
    await website.getByLabel("About").fill("Three generations of letting homes in Nairobi.");
    await website.getByRole("checkbox").first().check();
    await website.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toContainText("Saved");

    const branding = page.getByTestId("branding-settings");
    await branding.getByLabel("Brand colour").fill("#ffcc00");
    await branding.getByRole("button", { name: "Save" }).click();
    await expect(branding.getByText(/too light to read on white/)).toBeVisible();
    await branding.getByLabel("Brand colour").fill("#7b1fa2");
    // The website's "Saved" toast may still be showing: wait for the branding's own answer (a
    // redirect with its toast).
    const brandingSaved = page.waitForResponse(
      (r) =>
        r.url().includes("/dashboard/public-page.data") &&
        r.request().method() === "POST" &&
        r.status() < 400,
    );
    await branding.getByRole("button", { name: "Save" }).click();
    await brandingSaved;
    await expect(page.getByRole("status")).toContainText("Saved");

    await page.context().clearCookies();
    await gotoHydrated(page, "/agents/kamau-homes-e2e");
    const agentPage = page.getByTestId("agent-page");
    await expect(agentPage).toHaveAttribute("data-website", "on");
    await expect(agentPage).toHaveAttribute("style", /--brand:\s*#7b1fa2/);
    await expect(page.getByRole("region", { name: "About" })).toContainText(
      "Three generations of letting homes in Nairobi.",
    );
    await expect(page.getByRole("region", { name: "Featured listings" })).toBeVisible();
    await shootWidths(page, "agent-pages/website");
  } finally {
    await setPlanPerks(page, false);
  }
  // The plan no longer grants them: the plain page, nothing deleted.
  await gotoHydrated(page, "/agents/kamau-homes-e2e");
  await expect(page.getByTestId("agent-page")).toHaveAttribute("data-website", "off");
  await expect(page.getByRole("region", { name: "About" })).toHaveCount(0);
});
