import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";

const resultsHeading = (page: Page) =>
  page.getByRole("heading", { name: /^[\d,]+ Results? Found$/ });

async function resultCount(page: Page): Promise<number> {
  const text = (await resultsHeading(page).textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/**
 * Every result card mentions `text`. Retries until the results have settled: the URL changes
 * a moment before the new results are drawn, so the cards read right after may be the old ones.
 */
async function expectEveryCard(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole("region", { name: /Results? Found$/ })).not.toHaveAttribute(
    "aria-busy",
    "true",
  );
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: text })).toHaveCount(0);
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

for (const [name, device] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`browsing on ${name}`, () => {
    test.use(device);

    test("the hero search lands on results with the query subline", async ({ page }) => {
      await page.goto("/");
      const search = page.getByRole("search", { name: "Search listings" });
      await search.getByLabel("Keyword").fill("Lekki");
      await search.getByLabel("Country").selectOption("nigeria");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/real-estate\?q=Lekki&location=nigeria/);
      await expect(page.getByRole("heading", { level: 1, name: "Real Estate" })).toBeVisible();
      await expect(resultsHeading(page)).toHaveText(/^\d+ Results? Found$/);
      await expect(page.getByTestId("results-subline")).toHaveText('For "Lekki" in Nigeria');
      expect(await resultCount(page)).toBeGreaterThan(0);
      await expectEveryCard(page, "Nigeria");
    });

    test("a section shows its header, count badge and sort options", async ({ page }) => {
      await page.goto("/professionals");
      await expect(
        page.getByRole("heading", { level: 1, name: "Find Professionals" }),
      ).toBeVisible();
      await expect(page.getByText(/^\d+ services available$/)).toBeVisible();
      const sort = page.getByLabel("Sort by");
      await expect(sort.locator("option")).toHaveText([
        "Featured",
        "Price: Low to High",
        "Price: High to Low",
        "Newest",
        "Highest Rated",
      ]);
      await page.goto("/real-estate");
      await expect(page.getByText(/^\d+ properties available$/)).toBeVisible();
      await expect(page.getByLabel("Sort by").locator("option")).toHaveCount(4);
      await page.goto("/listings?category=hospitality");
      await expect(page.getByRole("heading", { level: 1, name: "Hotels & Stays" })).toBeVisible();
      await page.goto("/listings?category=nonsense");
      await expect(page.getByRole("heading", { level: 1, name: "All Listings" })).toBeVisible();
    });

    test("sorting by price orders the cards and keeps the URL shareable", async ({ page }) => {
      await page.goto("/real-estate");
      await page.getByLabel("Sort by").selectOption("price-low");
      await expect(page).toHaveURL(/\/real-estate\?sort=price-low$/);
      const amounts = async () =>
        (await page.getByTestId("listing-price").allTextContents()).map((p) =>
          Number(p.replace(/[^\d.]/g, "")),
        );
      await expect
        .poll(async () => {
          const values = await amounts();
          return values.length > 2 && values.every((v, i) => i === 0 || values[i - 1]! <= v);
        })
        .toBe(true);
      await page.reload();
      await expect(page.getByLabel("Sort by")).toHaveValue("price-low");
    });

    test("favouriting a card while signed out asks to sign in", async ({ page }) => {
      await page.goto("/hospitality");
      await page
        .getByRole("button", { name: /^Save .+ to favourites$/ })
        .first()
        .click();
      await expect(page.getByRole("status")).toContainText("Please Sign In");
      await expect(page.getByRole("status")).toContainText(
        "You need to be logged in to save favorites.",
      );
    });

    test("pages keep the query string and stay one page at a time", async ({ page }) => {
      await page.goto("/listings?sort=newest");
      await expect(page.getByRole("article")).toHaveCount(24);
      const firstTitle = await page.getByRole("article").first().getByRole("heading").textContent();
      await page
        .getByRole("navigation", { name: "Pages" })
        .getByRole("link", { name: "Next" })
        .click();
      await expect(page).toHaveURL(/\/listings\?sort=newest&page=2$/);
      await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByRole("article").first().getByRole("heading")).not.toHaveText(
        firstTitle!,
      );
      await page.getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL(/\/listings\?sort=newest$/);
    });
  });
}

test.describe("filters on desktop", () => {
  test.use(DESKTOP);

  test("filters narrow the results and Clear All Filters restores them", async ({ page }) => {
    await page.goto("/real-estate");
    const all = await resultCount(page);
    expect(all).toBeGreaterThan(24);
    const filters = page.getByRole("complementary", { name: "Filters" });

    await filters.getByLabel("Property Type").selectOption("land");
    await expect(page).toHaveURL(/propertyType=land/);
    await expect.poll(() => resultCount(page)).toBeLessThan(all);
    const land = await resultCount(page);
    await expect(page.getByRole("article").filter({ hasText: /\d+ beds?\b/ })).toHaveCount(0);

    await filters.getByLabel("Search").fill("zzzz-no-such-place");
    await expect(page).toHaveURL(/q=zzzz-no-such-place/);
    await expect(page.getByRole("heading", { name: "No Results Found" })).toBeVisible();
    await expect(
      page.getByText("Try adjusting your search filters or explore other categories."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Clear All Filters" }).click();
    await expect(page).toHaveURL(/\/real-estate$/);
    await expect.poll(() => resultCount(page)).toBe(all);
    await expect(filters.getByLabel("Property Type")).toHaveValue("");
    await expect(filters.getByLabel("Search")).toHaveValue("");

    // Back restores the filtered state, fields included.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/real-estate\?propertyType=land$/);
    await expect.poll(() => resultCount(page)).toBe(land);
    await expect(filters.getByLabel("Property Type")).toHaveValue("land");
  });

  test("price, rooms and location combine; Reset Filters says so", async ({ page }) => {
    await page.goto("/real-estate");
    const filters = page.getByRole("complementary", { name: "Filters" });
    await expect(filters.getByRole("group", { name: "Price Range ($)" })).toBeVisible();
    await filters.getByLabel("Bedrooms").selectOption("4");
    await expect(page).toHaveURL(/bedrooms=4/);
    await filters.getByLabel("Maximum price").fill("600000");
    await expect(page).toHaveURL(/maxPrice=600000/);
    await filters.getByLabel("Location").selectOption("ghana");
    await expect(page).toHaveURL(/location=ghana/);
    await expect(page.getByTestId("results-subline")).toHaveText("in Ghana");
    await expectEveryCard(page, "Ghana");
    for (const card of await page.getByRole("article").all()) {
      const beds = Number(/(\d+) beds/.exec((await card.textContent()) ?? "")?.[1]);
      expect(beds).toBeGreaterThanOrEqual(4);
    }
    await filters.getByRole("link", { name: "Reset Filters" }).click();
    await expect(page.getByRole("status")).toContainText("Filters Reset");
    await expect(page.getByRole("status")).toContainText("Showing all listings for this category.");
    await expect(page).toHaveURL(/\/real-estate$/);
    await expect(filters.getByLabel("Bedrooms")).toHaveValue("");
  });

  test("each section offers its own filters", async ({ page }) => {
    await page.goto("/travel-agencies");
    const filters = page.getByRole("complementary", { name: "Filters" });
    await expect(filters.getByLabel("Tour Type").locator("option")).toHaveText([
      "All Tour Types",
      "Safari & Wildlife",
      "Cultural & Historical",
      "Adventure & Trekking",
      "Beach & Leisure",
      "City Tours",
    ]);
    await expect(filters.getByLabel("Property Type")).toHaveCount(0);
    await expect(filters.getByText("Price Range")).toHaveCount(0);
    await filters.getByLabel("Tour Type").selectOption("safari");
    await expect(page).toHaveURL(/tourType=safari/);
    await expect(page.getByRole("article").first()).toContainText("Safari & Wildlife");

    await page.goto("/student-housing");
    await expect(filters.getByLabel("Room Type")).toBeVisible();
    await expect(filters.getByLabel("Gender Preference")).toBeVisible();
    await expect(filters.getByLabel("Move-in date")).toBeVisible();
    await expect(filters.getByLabel("Move-out date")).toBeVisible();
    await expect(filters.getByLabel("Tenants")).toBeVisible();
    await filters.getByLabel("Gender Preference").selectOption("female-only");
    await expect(page).toHaveURL(/genderPreference=female-only/);
    await expectEveryCard(page, "Female Only");

    await page.goto("/professionals");
    await filters.getByLabel("Service Category").selectOption("lawyer");
    await expect(page).toHaveURL(/serviceCategory=lawyer/);
    await expectEveryCard(page, "Lawyers (Property & Immigration)");
  });

  test("bad values in the URL never break the page", async ({ page }) => {
    for (const url of [
      "/real-estate?minPrice=abc&maxPrice=-5&bedrooms=lots&page=-2&sort=cheapest",
      "/listings?category=castles&page=99999",
      "/hospitality?q=%25_%5C&location=%3Cscript%3E",
    ]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(resultsHeading(page)).toBeVisible();
    }
  });
});

test.describe("filters on a phone", () => {
  test.use(PHONE);

  test("the Filters drawer opens, traps focus and closes with Escape, the backdrop and its button", async ({
    page,
  }) => {
    await page.goto("/real-estate");
    await expect(page.getByRole("complementary", { name: "Filters" })).toBeHidden();
    const open = page.getByRole("button", { name: "Filters", exact: true });
    const dialog = page.getByRole("dialog", { name: "Filters" });

    await open.click();
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 25; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog).toBeVisible();
    await page.getByTestId("filters-backdrop").click({ position: { x: 370, y: 400 } });
    await expect(dialog).toBeHidden();

    await open.click();
    await dialog.getByLabel("Property Type").selectOption("villa");
    await expect(page).toHaveURL(/propertyType=villa/);
    await dialog.getByRole("button", { name: "Close filters" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: /Filters\s*1 active/ })).toBeVisible();
    await expectEveryCard(page, /Villa/i);
  });

  test("the search box searches as you type", async ({ page }) => {
    await page.goto("/professionals");
    await page.getByRole("searchbox", { name: "Search listings" }).fill("lawyer");
    await expect(page).toHaveURL(/\/professionals\?q=lawyer$/);
    await expect(page.getByTestId("results-subline")).toHaveText('For "lawyer"');
    expect(await resultCount(page)).toBeGreaterThan(0);
  });

  test("the page does not scroll sideways", async ({ page }) => {
    await page.goto("/real-estate");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form submits as GET and the URL stays clean", async ({ page }) => {
    await page.goto("/real-estate");
    const all = await resultCount(page);
    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByLabel("Property Type").selectOption("land");
    await filters.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/\/real-estate\?propertyType=land$/);
    expect(await resultCount(page)).toBeLessThan(all);
    await expect(filters.getByLabel("Property Type")).toHaveValue("land");
    await page.getByRole("link", { name: "Reset Filters" }).click();
    await expect(page).toHaveURL(/\/real-estate$/);
  });

  test("the phone layout opens the filters without a script", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/hospitality");
    const filters = page.getByRole("complementary", { name: "Filters" });
    await expect(filters).toBeHidden();
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    await expect(filters).toBeVisible();
    await filters.getByLabel("Property Type").selectOption("lodge");
    await filters.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/\/hospitality\?propertyType=lodge/);
    await expect(page.getByRole("article").first()).toBeVisible();
  });

  test("search and sort work as plain forms", async ({ page }) => {
    await page.goto("/professionals");
    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByLabel("Search").fill("lawyer");
    await filters.getByLabel("Search").press("Enter");
    await expect(page).toHaveURL(/\/professionals\?q=lawyer$/);
    await expect(page.getByTestId("results-subline")).toHaveText('For "lawyer"');
    await page.getByLabel("Sort by").selectOption("rating");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/\/professionals\?q=lawyer&sort=rating$/);
  });
});
