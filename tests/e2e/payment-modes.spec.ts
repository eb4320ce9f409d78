import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { signedInAs } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { publishApproved } from "./support/listings.ts";

/**
 * A host chooses how guests pay on Bookings & calendar (each choice is still there after a
 * reload), and a guest books under it: online, where a declined card leaves the booking and its
 * dates to pay again on it, then at the property, with no service fee.
 */

const today = isoDay(new Date());
const base = 40 + (Date.now() % 200);
const day = (offset: number) => addDays(today, base + offset);
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, width] of [
    ["390", 390],
    ["1366", 1366],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The settings form's radio of a payment mode (its label holds the title and the hint). */
const paymentRadio = (page: Page, title: string) =>
  page.getByRole("radio", { name: new RegExp(`^${title}`) });

async function savePaymentMode(page: Page, title: string, deposit?: string) {
  await paymentRadio(page, title).check();
  if (deposit) await page.getByLabel("Deposit (% of the total)").fill(deposit);
  await page.getByRole("button", { name: /Save settings|Start taking bookings/ }).click();
  await expect(page.getByRole("status").first()).toContainText("Booking settings saved");
  await page.reload();
  await expect(paymentRadio(page, title)).toBeChecked();
}

async function payByCard(page: Page, number: string) {
  await expect(page).toHaveTitle(/Gateway Africa sandbox checkout/);
  await page.getByRole("button", { name: "Card" }).click();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

test("a host's payment mode survives a reload, and a guest pays again after a declined card", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const hostContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const host = await hostContext.newPage();
  await signedInAs(host, "agent", "Abena Host");
  const title = `Lagoon rooms ${Date.now().toString(36)}`;
  const id = await publishApproved(browser, host, {
    title,
    category: "hospitality",
    listingType: "booking",
    propertyType: "guesthouse",
    price: "100",
    priceType: "per_night",
    countryCode: "GH",
    city: "Ada",
    address: "1 Lagoon Road",
    description: "Rooms on the lagoon, canoe trips on request.",
    bedrooms: 2,
    amenities: [],
    tourTypes: [],
    serviceHighlights: [],
    images: [],
    contactMethod: "email",
  });

  await gotoHydrated(host, `/dashboard/my-listings/${id}/calendar`);
  await host.getByRole("radio", { name: /^Instant book/ }).check();
  await host.getByLabel("Notice (days)").fill("0");
  await savePaymentMode(host, "Deposit online", "40");
  await expect(host.getByLabel("Deposit (% of the total)")).toHaveValue("40");
  await savePaymentMode(host, "Pay online in full");
  await shoot(host, "calendar-settings");

  // The guest books under "online in full": the card says what the checkout will charge.
  await signedInAs(page, "user", "Yaw Guest");
  await gotoHydrated(page, `/listing/${id}`);
  const card = page.getByRole("region", { name: "Book your stay" });
  await card.getByLabel("Check-in").fill(day(0));
  await card.getByLabel("Check-out").fill(day(2));
  await card.getByRole("button", { name: "Check price" }).click();
  await expect(card.getByTestId("booking-total")).toHaveText("$206");
  await expect(card.getByTestId("booking-charge")).toHaveText(
    "Charged at the checkout: $206.00, in USD.",
  );
  await shoot(page, "booking-card");
  await card.getByRole("button", { name: "Book and pay $206.00" }).click();

  // Declined: the provider's "Try again" comes back to a booking that still holds the dates.
  await payByCard(page, "4000 0000 0000 0002");
  await expect(page.getByRole("heading", { name: "Card declined" })).toBeVisible();
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments\/pay_[0-9a-f]+/);
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("The dates of your booking stay held")).toBeVisible();
  await shoot(page, "payment-failed");
  await page.getByRole("button", { name: "Try again" }).click();
  await payByCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("main")).toContainText("$206.00");

  await gotoHydrated(page, "/dashboard/bookings");
  const trip = page.locator("li[data-booking]", { hasText: title });
  await expect(trip).toHaveCount(1);
  await expect(trip).toContainText("Confirmed");
  await expect(trip).toContainText(/Card declined at .*; nothing was charged\./);
  await expect(trip).toContainText("Paid online: $206.00.");
  await shoot(page, "bookings-tab");

  // At the property: no checkout, and no service fee nobody would collect.
  await savePaymentMode(host, "Pay at the property");
  await gotoHydrated(page, `/listing/${id}`);
  await card.getByLabel("Check-in").fill(day(5));
  await card.getByLabel("Check-out").fill(day(7));
  await card.getByRole("button", { name: "Check price" }).click();
  await expect(card.getByTestId("booking-total")).toHaveText("$200");
  await expect(card.getByText("Service fee", { exact: true })).toHaveCount(0);
  await expect(card.getByTestId("booking-charge")).toHaveCount(0);
  await card.getByRole("button", { name: "Book now" }).click();
  await expect(page.getByRole("status").first()).toContainText("Booking confirmed");
  await hostContext.close();
});
