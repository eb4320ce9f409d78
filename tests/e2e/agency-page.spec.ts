import sharp from "sharp";
import { expect, test } from "./support/test.ts";
import { signedInAs, uniqueEmail } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { horizontalOverflow } from "./support/layout.ts";
import { approvedRental } from "./support/listings.ts";
import { shootWidths } from "./support/screens.ts";
import { buyUltimate, invitedSignsUp, inviteByEmail, startAgency } from "./support/teams.ts";
import { DEMO_AGENCY } from "../../scripts/demo/demo-agency.ts";

/**
 * The agency page (issue 27): an owner buys Ultimate, starts an agency and invites a member, who
 * accepts and publishes a listing; the owner brands the page with a logo and a colour in the
 * Public Page tab; a signed-out visitor opens /agencies/<handle>, sees the brand, the team and
 * the member's listing, and reaches the page from the listing's contact card.
 */

test("an agency owner on Ultimate brands the agency page, and a visitor sees the brand and the member's listing", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signedInAs(page, "agent", "Olu Owner");
  await buyUltimate(page);
  const handle = await startAgency(page, "Baobab Estates");
  await expect(page.getByTestId("agency-page-link")).toHaveAttribute("href", `/agencies/${handle}`);

  const memberEmail = uniqueEmail("member");
  await inviteByEmail(page, memberEmail);
  const { context: memberContext, page: member } = await invitedSignsUp(browser, {
    name: "Amina Member",
    email: memberEmail,
    agency: "Baobab Estates",
  });
  await member.getByRole("button", { name: "Accept invitation" }).click();
  await expect(member.getByRole("status")).toContainText("Welcome to Baobab Estates");
  const title = `Baobab flat ${Date.now().toString(36)}`;
  const listingId = await approvedRental(browser, member, title);
  await memberContext.close();

  // The owner's branding settings dress the agency page too, and the tab says so.
  await gotoHydrated(page, "/dashboard/public-page");
  await expect(page.getByTestId("agency-branding-note")).toContainText("Baobab Estates");
  const branding = page.getByTestId("branding-settings");
  await branding.getByLabel("Brand colour").fill("#7b1fa2");
  const logo = await sharp({
    create: { width: 160, height: 48, channels: 3, background: { r: 123, g: 31, b: 162 } },
  })
    .png()
    .toBuffer();
  await branding
    .getByLabel("Logo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await branding.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved");
  await shootWidths(page, "agency-page/public-page-tab", [390]);

  // A signed-out visitor finds the agency from the member's listing.
  await page.context().clearCookies();
  await gotoHydrated(page, `/listing/${listingId}`);
  await page.getByTestId("lister-agency-link").click();
  await expect(page).toHaveURL(new RegExp(`/agencies/${handle}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Baobab Estates" })).toBeVisible();
  const agencyPage = page.getByTestId("agency-page");
  await expect(agencyPage).toHaveAttribute("style", /--brand:\s*#7b1fa2/);
  await expect(page.getByTestId("brand-logo")).toBeVisible();
  await expect(agencyPage.locator("header").getByTestId("agency-badge")).toContainText(
    /^Agency verification pending$/,
  );
  const team = page.getByRole("region", { name: "Our team" });
  await expect(team.getByRole("link", { name: /Amina Member/ })).toBeVisible();
  await expect(team.getByRole("link", { name: /Olu Owner/ })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Listings" }).getByRole("link", { name: title }).first(),
  ).toBeVisible();
  await shootWidths(page, "agency-page/agency", [390, 1366]);

  // The member's own page names the agency.
  await team.getByRole("link", { name: /Amina Member/ }).click();
  await expect(page.getByTestId("member-of")).toContainText("Member of Baobab Estates");
});

test("the demo agency's page, a category and a listing under it fit a phone's screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/agencies/${DEMO_AGENCY.handle}`);
  // The cards' badges name the agency (the page's own, under its heading, does not).
  const badges = page.getByTestId("agency-badge").filter({ hasText: DEMO_AGENCY.name });
  await expect(badges.first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const listingPath = await page.locator('main a[href^="/listing/"]').first().getAttribute("href");
  await page.goto("/real-estate");
  await expect(page.getByTestId("agency-badge").first()).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.goto(listingPath!);
  await expect(page.getByRole("link", { name: `Listed with ${DEMO_AGENCY.name}` })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
