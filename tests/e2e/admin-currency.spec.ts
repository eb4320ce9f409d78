import type { Browser, Page } from "@playwright/test";
import { expect, failedRequest, test } from "./support/test.ts";
import { signedInAsAdmin } from "./support/accounts.ts";

/**
 * The admin's Currency tab takes effect for every visitor at once: a changed rate converts the
 * next page a visitor (another browser, no account) loads, and a new currency is in their picker.
 */

/** A visitor's own browser context, showing prices in the currency chosen in its picker. */
async function visitorShowing(browser: Browser, currency: RegExp): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await context.newPage();
  await visitor.goto("/");
  await visitor.waitForLoadState("networkidle");
  // The picker's panel can close again as it opens while the page settles (its option is then
  // detached): opening and choosing are repeated until the choice lands.
  await expect(async () => {
    await visitor
      .getByRole("button", { name: /^Display currency: / })
      .first()
      .click({ timeout: 5000 });
    await visitor.getByRole("button", { name: currency }).click({ timeout: 5000 });
    await expect(visitor.getByRole("status")).toContainText("Currency Updated", { timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  return visitor;
}

// Two browsers and two accounts' pages each: more than the default time on a busy machine.
test.describe.configure({ timeout: 180_000 });

function firstPrice(page: Page) {
  return page
    .getByRole("region", { name: "Featured Listings" })
    .getByRole("article")
    .first()
    .getByTestId("listing-price");
}

function amountOf(text: string): number {
  return Number(text.replace(/[^\d.]/g, ""));
}

test("an admin's new rate changes the prices a visitor sees", async ({ page, browser }) => {
  const visitor = await visitorShowing(browser, /Kenyan Shilling\s*KES/);
  await expect(firstPrice(visitor)).toHaveText(/^KSh /);
  const before = amountOf(await firstPrice(visitor).innerText());

  await signedInAsAdmin(page);
  await page.goto("/dashboard/currency-settings");
  await page.waitForLoadState("networkidle");
  const row = page.getByRole("row").filter({ hasText: "Kenyan Shilling" });
  const rate = row.getByLabel("Rate of KES per US dollar");
  // Doubling whatever the rate is (130 on a fresh database) doubles the visitor's price.
  const doubled = String(Number(await rate.inputValue()) * 2);
  await rate.fill(doubled);
  await row.getByRole("button", { name: "Save the rate of KES" }).click();
  await expect(page.getByRole("status")).toContainText("Rate Updated");
  await expect(page.getByRole("status")).toContainText(`1 US dollar is now ${doubled} KES.`);
  await expect(row).toContainText(`${doubled}.00`);

  await visitor.reload();
  await expect(firstPrice(visitor)).toHaveText(/^KSh /);
  expect(amountOf(await firstPrice(visitor).innerText())).toBeCloseTo(before * 2, 1);

  // A rate that is no number is refused with the spec's toast, and the rate stays.
  await rate.fill("lots");
  await row.getByRole("button", { name: "Save the rate of KES" }).click();
  await expect(page.getByRole("status")).toContainText("Invalid Rate");
  await expect(page.getByRole("status")).toContainText("Please enter a valid number.");
  await expect(row).toContainText(`${doubled}.00`);
});

test("a currency the admin adds in the dialog is in a visitor's picker", async ({
  page,
  browser,
  pageErrors,
}) => {
  // The second XTC is refused by the server with a 400.
  pageErrors.allow(failedRequest("/dashboard/currency-settings.data", 400));
  await signedInAsAdmin(page);
  await page.goto("/dashboard/currency-settings");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Add Currency" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Currency" });
  await dialog.getByLabel("Name", { exact: true }).fill("Test Crown");
  await dialog.getByLabel("Code", { exact: true }).fill("xtc");
  await expect(dialog.getByLabel("Code", { exact: true })).toHaveValue("XTC");
  await dialog.getByLabel("Symbol").fill("TC");
  await dialog.getByLabel("Rate per USD").fill("3");
  await dialog.getByRole("button", { name: "Add Currency" }).click();
  await expect(page.getByRole("status")).toContainText("Currency Added");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Test Crown" })).toContainText("3.00");

  // The same code again: the spec's words, and the dialog stays open.
  await page.getByRole("button", { name: "Add Currency" }).click();
  await dialog.getByLabel("Name", { exact: true }).fill("Another Crown");
  await dialog.getByLabel("Code", { exact: true }).fill("XTC");
  await dialog.getByLabel("Symbol").fill("AC");
  await dialog.getByLabel("Rate per USD").fill("4");
  await dialog.getByRole("button", { name: "Add Currency" }).click();
  await expect(dialog).toContainText("Currency with code XTC already exists.");

  const visitor = await visitorShowing(browser, /Test Crown\s*XTC/);
  await expect(firstPrice(visitor)).toHaveText(/^TC /);
});
