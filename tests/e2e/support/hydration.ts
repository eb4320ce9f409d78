import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until React has attached to it (the root sets `data-hydrated` on
 * <html>): before that a click on a control that needs JavaScript does nothing.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Closes the toast a page opened with (a sign-up's, say), so a screenshot shows the page. */
export async function closeToast(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Close notification" });
  await close.first().click();
  await expect(close).toHaveCount(0);
}
