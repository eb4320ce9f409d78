import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

const resultsHeading = (page: Page) =>
  page.getByRole("heading", { name: /^[\d,]+ Results? Found$/ });

/**
 * Searches from the hero with the results held back longer than the toast's 2 s, as a slow
 * connection would: "Searching..." must stay up while they load and be gone with the same render
 * that shows them, not some time later.
 */
async function searchFromHero(page: Page, keyword: string, shown: Locator): Promise<void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/");
  // Hydrated: before that the form is a plain GET, which shows no toast at all.
  await page.waitForLoadState("networkidle");
  const search = page.getByRole("search", { name: "Search listings" });
  await search.getByLabel("Keyword").fill(keyword);
  await search.getByRole("button", { name: "Search" }).click();

  const toast = page.getByText("Searching...");
  await expect(toast).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(toast).toBeVisible();

  release();
  await expect(shown).toBeVisible();
  expect(await toast.isVisible()).toBe(false);
}

for (const [name, device] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`the hero search on ${name}`, () => {
    test.use(device);

    test("closes Searching... once the results are shown", async ({ page }) => {
      await searchFromHero(page, "Nairobi apartment", resultsHeading(page));
      await expect(page).toHaveURL(/\/real-estate\?q=Nairobi\+apartment&listingType=sale$/);
      await expect(page.getByTestId("results-subline")).toHaveText('For "Nairobi apartment"');
      await expect(page.getByRole("article").first()).toBeVisible();
    });

    test("closes Searching... when there is nothing to show", async ({ page }) => {
      await searchFromHero(
        page,
        "xylophone",
        page.getByRole("heading", { name: "No Results Found" }),
      );
      await expect(resultsHeading(page)).toHaveText("0 Results Found");
    });
  });
}
