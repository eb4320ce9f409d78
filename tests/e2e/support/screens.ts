import type { Page } from "@playwright/test";

const SHOTS = process.env.E2E_SCREENSHOTS;

/**
 * With E2E_SCREENSHOTS set, a full-page screenshot of the page at a phone's, a tablet's and a
 * laptop's width (`<name>-390.png` …) or the `widths` given, then the viewport it had before.
 */
export async function shootWidths(page: Page, name: string, widths = [390, 1024, 1366]) {
  if (!SHOTS) return;
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
