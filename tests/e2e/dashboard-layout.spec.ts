import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { bookableStay } from "./support/listings.ts";

/** Issue 25, item 7: how the dashboard's bars, meters and calendar look on phones and laptops. */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };

function tabBar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Dashboard sections" });
}

/** Each tab's box in the page, read in one go so a scroll in between cannot mix them. */
async function tabBoxes(bar: Locator) {
  return bar.getByRole("link").evaluateAll((links) =>
    links.map((link) => {
      const box = link.getBoundingClientRect();
      return { name: link.textContent, top: Math.round(box.top), left: box.left, right: box.right };
    }),
  );
}

test("the admin's tabs stay on one row at 1366 px, Analytics among them, the current one in view", async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await signedInAsAdmin(page);
  await gotoHydrated(page, "/dashboard/overview");
  const bar = tabBar(page);
  const boxes = await tabBoxes(bar);
  expect(boxes.length).toBe(17);
  expect(
    boxes.filter((box) => box.top !== boxes[0]!.top).map((box) => box.name),
    "tabs on a second row",
  ).toEqual([]);

  const analytics = bar.getByRole("link").nth(1);
  await expect(analytics).toHaveText("Analytics");
  await analytics.click();
  await expect(page).toHaveURL("/dashboard/analytics");
  await expect(page.getByRole("heading", { name: "Platform performance" })).toBeVisible();
  await expect(analytics).toHaveAttribute("aria-current", "page");

  // The last tabs lie past the bar's right edge until the bar is scrolled to them.
  for (const width of [1024, LAPTOP.width]) {
    await page.setViewportSize({ width, height: LAPTOP.height });
    await gotoHydrated(page, "/dashboard/audit-log");
    const current = bar.getByRole("link", { name: "Audit Log" });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeInViewport({ ratio: 1 });
    const shown = await bar.evaluate((nav) => {
      const scroller = nav.querySelector("ul")!.getBoundingClientRect();
      const link = nav.querySelector('[aria-current="page"]')!.getBoundingClientRect();
      return link.left >= scroller.left - 0.5 && link.right <= scroller.right + 0.5;
    });
    expect(shown, `${width} px: the current tab is inside the bar`).toBe(true);
  }
});

test("on a phone the dashboard menu button names the current tab", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAsAdmin(page);
  await gotoHydrated(page, "/dashboard/manage-listings");
  const menu = page.getByRole("button", { name: "Menu: Manage Listings" });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveText("Menu: Manage Listings");
  await expect(tabBar(page)).toBeHidden();

  await menu.click();
  await tabBar(page).getByRole("link", { name: "Users", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/user-management");
  await expect(page.getByRole("button", { name: "Menu: Users" })).toBeVisible();
});

test("Add Listing keeps its words in the header from 1024 px up", async ({ page }) => {
  await signedInAs(page, "agent", "Kofi Boateng");
  for (const width of [1024, LAPTOP.width]) {
    await page.setViewportSize({ width, height: LAPTOP.height });
    await page.goto("/dashboard/overview");
    const add = page.getByRole("banner").getByRole("link", { name: "Add Listing" });
    await expect(add).toBeVisible();
    // Visually hidden text (sr-only) is still in the name and the text, but paints a 1 px box.
    const words = await add.getByText("Add Listing").boundingBox();
    expect(words?.width ?? 0, `${width} px: the words are shown`).toBeGreaterThan(40);
    await expect(add).toHaveText("Add Listing");
  }
});

test("zero of zero featured ads draws an empty, neutral meter", async ({ page }) => {
  await signedInAs(page, "agent", "Akua Sarpong");
  await page.goto("/dashboard/my-listings");
  const plan = page.getByRole("region", { name: "Your plan" });
  const featured = plan.getByRole("definition").filter({ hasText: "0 of 0 used" });
  await expect(featured).toBeVisible();
  // The bar is drawn for the eye only; the words above it are what is read out.
  const fill = featured.locator("[aria-hidden] > span");
  const look = await fill.evaluate((element) => {
    // The warning colour as the browser resolves it, to compare like with like.
    const probe = document.createElement("span");
    probe.style.backgroundColor = "var(--color-warning-mid)";
    document.body.append(probe);
    const warning = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return {
      width: element.getBoundingClientRect().width,
      colour: getComputedStyle(element).backgroundColor,
      warning,
    };
  });
  expect(look.width).toBe(0);
  expect(look.colour).not.toBe(look.warning);
  await expect(fill).toHaveAttribute("data-meter-fill", "empty");
});

test("the host's calendar shows past days as Past, not Free", async ({ page, browser }) => {
  await signedInAs(page, "agent", "Esi Quaye");
  const id = await bookableStay(browser, page, "Elmina Lagoon Rooms");
  const yesterday = addDays(isoDay(new Date()), -1);
  const calendar = `/dashboard/my-listings/${id}/calendar?month=${yesterday.slice(0, 7)}`;

  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto(calendar);
  await expect(page.getByRole("list", { name: "What the days show" })).toContainText("Past");
  const cell = page.locator(`td[data-day="${yesterday}"]`);
  await expect(cell).toContainText("Past");
  await expect(cell).not.toContainText("Free");

  await page.setViewportSize(PHONE);
  const days = page.getByRole("list", { name: /^Days of / });
  // The month's past days are one run from the first, however many there are.
  await expect(days.getByRole("listitem").first()).toContainText("Past");
  await expect(days.getByRole("listitem").filter({ hasText: "Past" })).toHaveCount(1);
});
