import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";

/** Every client navigation's data request (/real-estate.data?…), as loaders would be re-run. */
function recordDataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) urls.push(request.url());
  });
  return urls;
}

/** A mark on the window that a full page load would wipe: the steps below stay in one page. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { samePage: true }));
}

async function stillSamePage(page: Page) {
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
}

test("opening, switching and closing the sign-in dialog asks the server for nothing", async ({
  page,
}) => {
  await page.goto("/real-estate");
  await page.waitForLoadState("networkidle");
  await markPage(page);
  const requests = recordDataRequests(page);
  const dialog = page.getByRole("dialog", { name: "Welcome to Gateway Africa" });

  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?auth=login$/);

  await dialog.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\?auth=register$/);
  await expect(dialog.getByRole("tab", { name: "Sign Up" })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/real-estate$/);

  await stillSamePage(page);
  expect(requests).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("opening and closing the Filters drawer asks the server for nothing", async ({ page }) => {
    await page.goto("/real-estate");
    await page.waitForLoadState("networkidle");
    await markPage(page);
    const requests = recordDataRequests(page);
    const dialog = page.getByRole("dialog", { name: "Filters" });

    await page.getByRole("button", { name: "Filters", exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close filters" }).click();
    await expect(dialog).toBeHidden();

    await stillSamePage(page);
    expect(requests).toEqual([]);
  });
});
