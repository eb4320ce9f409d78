import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { signedInAs } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { capeCoastGuesthouse } from "./support/listings.ts";
import { bookableListing, payByCard, showPricesIn } from "./support/payments.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * A booking's receipt is itemised from the stored booking in the currency it was charged in:
 * the rate times the nights, the fees, the total, then paid in full or the deposit and the
 * balance. Once refunded, its badge says so and each refund says why it was made.
 */

const today = isoDay(new Date());
/** Far enough ahead for the flexible policy's full refund, and apart between runs. */
const base = 30 + (Date.now() % 200);
const day = (offset: number) => addDays(today, base + offset);

/** The receipt's lines of the stay, as "label value" texts. */
async function stayLines(page: Page): Promise<string[]> {
  const lines = page.getByTestId("receipt-stay").locator("div");
  return (await lines.allInnerTexts()).map((text) =>
    text
      .replace(/\s+/g, " ")
      .replace(/\u00a0/g, " ")
      .trim(),
  );
}

async function bookAndPay(page: Page, id: number, button: RegExp) {
  await gotoHydrated(page, `/listing/${id}`);
  const card = page.getByRole("region", { name: "Book your stay" });
  await card.getByLabel("Check-in").fill(day(0));
  await card.getByLabel("Check-out").fill(day(3));
  await card.getByRole("button", { name: "Check price" }).click();
  await card.getByRole("button", { name: button }).click();
  await payByCard(page);
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });
  return page.url();
}

test("a stay paid in full in US dollars has an itemised receipt, also in the API", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Castle rooms ${Date.now().toString(36)}`;
  const { id, context } = await bookableListing(browser, capeCoastGuesthouse(title), {
    cleaningFeeUsd: 20,
    paymentMode: "full",
  });
  await signedInAs(page, "user", "Efua Guest");
  // 3 nights × $80 and a $20 cleaning fee, with the 3 % service fee: $267.80.
  const url = await bookAndPay(page, id, /^Book and pay \$267\.80$/);

  const receipt = page.getByRole("article", { name: "Receipt" });
  await expect(receipt.locator("header")).toContainText("Paid");
  await expect(page.getByRole("region", { name: "What you paid for" })).toBeVisible();
  expect(await stayLines(page)).toEqual([
    "$80.00 × 3 nights $240.00",
    "Cleaning fee $20.00",
    "Service fee $7.80",
    "Total $267.80",
    "Paid in full $267.80",
  ]);
  await shootWidths(page, "receipt-full-usd");

  const paymentId = new URL(url).pathname.split("/").pop();
  const api = await page.request.get(`/api/v1/payments/${paymentId}`);
  expect(api.status()).toBe(200);
  expect((await api.json()) as unknown).toMatchObject({
    currency: "USD",
    stay: {
      unit: "night",
      quantity: 3,
      rateMinor: 8000,
      subtotalMinor: 24_000,
      cleaningFeeMinor: 2000,
      serviceFeeMinor: 780,
      totalMinor: 26_780,
      mode: "full",
      depositMinor: 26_780,
      balanceMinor: 0,
    },
  });
  const openapi = await page.request.get("/api/v1/openapi.json");
  expect(JSON.stringify(await openapi.json())).toContain('"PaymentStay"');
  await context.close();
});

test("a 40 % deposit in cedis is itemised in cedis, and once refunded its receipt says why", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Castle suites ${Date.now().toString(36)}`;
  const { id, context } = await bookableListing(browser, capeCoastGuesthouse(title), {
    cleaningFeeUsd: 20,
    paymentMode: "deposit",
    depositPercent: 40,
  });
  await signedInAs(page, "user", "Kwesi Guest");
  await showPricesIn(page, "GHS");
  const url = await bookAndPay(page, id, /^Book and pay GHS/);

  const receipt = page.getByRole("article", { name: "Receipt" });
  await expect(receipt.locator("header")).toContainText("Paid");
  const lines = await stayLines(page);
  expect(lines.map((line) => line.replace(/GHS [\d,.]+/g, "GHS n"))).toEqual([
    "GHS n × 3 nights GHS n",
    "Cleaning fee GHS n",
    "Service fee GHS n",
    "Total GHS n",
    "Deposit paid now (40 %) GHS n",
    "Balance left to pay GHS n",
  ]);
  await shootWidths(page, "receipt-deposit-ghs");

  await gotoHydrated(page, "/dashboard/bookings");
  await page.getByRole("link", { name: new RegExp(`^Cancel booking #\\d+ at ${title}`) }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason (optional)").fill("Our flight was moved");
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("status").first()).toContainText("Booking cancelled");

  await expect(async () => {
    await page.goto(url);
    await expect(receipt.locator("header")).toContainText("Refunded", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(receipt.locator("header")).not.toContainText("Paid");
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText(
    "The booking was cancelled by the guest. Reason given: Our flight was moved",
  );
  await shootWidths(page, "receipt-refunded");
  await context.close();
});
