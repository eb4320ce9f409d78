import type { Page } from "@playwright/test";

/**
 * Opens a page and waits until React has attached to it (the root sets `data-hydrated` on
 * <html>): before that a click on a control that needs JavaScript does nothing.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
