import { expect, test } from "./support/test.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";

test("home renders with header, hero, featured demo listings, real statistics and footer", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Home" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Gateway to Africa's Best")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const featured = page.getByRole("region", { name: "Featured Listings" });
  await expect(featured.getByRole("article")).toHaveCount(8);
  const showAll = featured.getByRole("button", { name: /^Show All \d+ Featured Listings$/ });
  const total = Number(/\d+/.exec((await showAll.textContent()) ?? "")?.[0]);
  expect(total).toBeGreaterThan(8);
  await showAll.click();
  await expect(featured.getByRole("article")).toHaveCount(total);
  await featured.getByRole("button", { name: "Show Less" }).click();
  await expect(featured.getByRole("article")).toHaveCount(8);

  const stats = page.getByRole("region", { name: "Gateway Africa in numbers" });
  await expect(stats.getByText("Listings by verified hosts")).toBeVisible();
  await expect(stats.locator("dd").first()).toHaveText(/^\d[\d,]*\+?$/);

  await expect(page.getByRole("contentinfo")).toContainText("Accra, Ghana");
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E.baseUrl}/`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${E2E.baseUrl}/images/hero/slide-1.webp`,
  );
});

test("the hero slideshow moves with next/previous and its dots", async ({ page }) => {
  const pictures: string[] = [];
  page.on("request", (request) => {
    const slide = /\/images\/hero\/(slide-\d)\.webp$/.exec(request.url());
    if (slide?.[1]) pictures.push(slide[1]);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // The first screen fetches its own picture, and at most the next one a few seconds later; the
  // others come when they are about to show.
  expect(pictures[0]).toBe("slide-1");
  expect(pictures).not.toEqual(expect.arrayContaining(["slide-3"]));
  expect(pictures).not.toEqual(expect.arrayContaining(["slide-5"]));
  const dots = page.getByRole("button", { name: /^Go to slide \d$/ });
  await expect(dots).toHaveCount(5);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Next slide" }).click();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(
    page.locator('[aria-roledescription="slide"]').nth(1).locator("img"),
  ).toHaveJSProperty("complete", true);
  await page.getByRole("button", { name: "Previous slide" }).click();
  await page.getByRole("button", { name: "Previous slide" }).click();
  await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
});

test("an unknown path ends at the home page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Gateway to Africa's Best")).toBeVisible();
});

for (const [name, device] of [
  ["phone", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ["desktop", { viewport: { width: 1280, height: 900 } }],
] as const) {
  test.describe(name, () => {
    test.use(device);
    test(`the display currency converts prices, shows a toast and persists on ${name}`, async ({
      page,
    }) => {
      await gotoHydrated(page, "/");
      const firstPrice = page
        .getByRole("region", { name: "Featured Listings" })
        .getByRole("article")
        .first()
        .getByTestId("listing-price");
      await expect(firstPrice).toHaveText(/^\$/);
      // The picker's panel can close again as it opens while the page settles (its option is
      // then detached): opening and choosing are repeated until the choice lands.
      await expect(async () => {
        await page
          .getByRole("button", { name: /^Display currency: US Dollar \(USD\)$/ })
          .click({ timeout: 5000 });
        await page.getByRole("button", { name: /Nigerian Naira\s*NGN/ }).click({ timeout: 5000 });
        await expect(page.getByRole("status")).toContainText("Currency Updated", {
          timeout: 5000,
        });
      }).toPass({ timeout: 60_000 });
      await expect(page.getByRole("status")).toContainText(
        "Prices are now displayed in Nigerian Naira (NGN).",
      );
      await expect(firstPrice).toHaveText(/^₦/);
      await page.reload();
      await expect(firstPrice).toHaveText(/^₦/);
      await expect(
        page.getByRole("button", { name: /^Display currency: Nigerian Naira \(NGN\)$/ }),
      ).toBeVisible();
    });
  });
}

test("the home search goes to the category page with its query", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("search", { name: "Search listings" });
  await search.getByRole("tab", { name: "Properties" }).click();
  await search.getByText("Rent", { exact: true }).click();
  await search.getByLabel("Keyword").fill("Lekki");
  await search.getByLabel("Country").selectOption("nigeria");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/real-estate\?q=Lekki&location=nigeria&listingType=rent/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the mobile menu opens and lists the main navigation", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (const name of [
      "Home",
      "Real Estate",
      "Hotels & Stays",
      "Student Housing",
      "Professionals",
      "Travel Agencies",
    ]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("the page does not scroll sideways", async ({ page }) => {
    await page.goto("/");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
