import type { Page } from "@playwright/test";

/** The most JavaScript (brotli, KB) a signed-out first load of any page may carry (decision 004). */
export const FIRST_LOAD_BUDGET_KB = 125;

/**
 * The scripts a fresh page requests while `url` loads, lazy parts it loads by itself included:
 * collected until the network has been idle for half a second.
 */
export async function firstLoadScripts(page: Page, url: string): Promise<string[]> {
  const urls = new Set<string>();
  const collect = (request: { url(): string; resourceType(): string }) => {
    if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js")) {
      urls.add(request.url());
    }
  };
  page.on("request", collect);
  try {
    await page.goto(url, { waitUntil: "networkidle" });
  } finally {
    page.off("request", collect);
  }
  return [...urls];
}
