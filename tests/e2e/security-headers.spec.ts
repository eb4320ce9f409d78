import type { Page } from "@playwright/test";
import { expect, OFFLINE_MAP_TILES, test } from "./support/test.ts";
import { signedInAs } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";

/**
 * Everything the browser refused under the page security policy: the `securitypolicyviolation`
 * events of each page, listened for before any of the page's own scripts run, so each page of a
 * test is checked by name with the directive and address it broke. Script errors and console
 * errors fail the test through the shared fixture.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.exposeFunction("reportViolation", (line: string) => refused.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (line: string) => void })
        .reportViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || "inline code"}`);
    });
  });
  return refused;
}

test("static files carry nosniff, a referrer policy and a policy of their own", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const scripts = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  const script = scripts.find((path) => path.startsWith("/assets/") && path.endsWith(".js"));
  expect(script).toBeTruthy();

  for (const path of [
    script!,
    "/favicon.svg",
    "/images/listing-fallback.webp",
    "/site.webmanifest",
  ]) {
    const response = await request.get(path, { headers: { "Accept-Encoding": "br" } });
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["content-security-policy"], path).toMatch(/^default-src 'none';.*sandbox$/);
    // The test server's address is http://localhost: no HSTS there.
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
});

test("the main pages run under the policy without a refusal, and answer clicks", async ({
  page,
  request,
  pageErrors,
}) => {
  // The contact page's office map is offline here.
  pageErrors.allow(OFFLINE_MAP_TILES);
  const refused = await watchPolicy(page);
  const listings = (await (await request.get("/api/v1/listings?sort=newest")).json()) as {
    listings: { id: number }[];
  };
  const listingId = listings.listings[0]?.id;
  expect(listingId).toBeTruthy();

  for (const path of ["/", "/real-estate", `/listing/${listingId}`, "/contact"]) {
    await gotoHydrated(page, path);
    expect(refused, path).toEqual([]);
  }

  // The sign-in dialog: opened by React, and its scroll lock adds a style element with the nonce.
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome to Gateway Africa" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
    .toBe("hidden");
  expect(refused).toEqual([]);
});

test("the dashboard, the listing form and the plans run under the policy for an agent", async ({
  page,
}) => {
  const refused = await watchPolicy(page);
  await signedInAs(page, "agent", "Policy Agent");
  for (const path of ["/dashboard/overview", "/add-listing", "/dashboard/premium-plans"]) {
    await gotoHydrated(page, path);
    expect(refused, path).toEqual([]);
  }
  // A client-side navigation fetches the next page's data and draws it without a reload.
  await page.getByRole("link", { name: "Overview" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  expect(refused).toEqual([]);
});
