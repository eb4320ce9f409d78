import { expect, type Browser, type Page } from "@playwright/test";
import { signedInAs } from "./accounts.ts";
import { E2E } from "./e2e-env.ts";
import { publishBookable, type BookingSettingsInput } from "./listings.ts";

const SETTINGS: BookingSettingsInput = {
  mode: "instant",
  cancellationPolicy: "flexible",
  minStay: 1,
  maxStay: 14,
  noticeDays: 0,
  preparationDays: 0,
  maxGuests: 4,
  cleaningFeeUsd: 0,
  paymentMode: "on_arrival",
};

/**
 * A host, in a context of their own, with an approved listing that takes bookings under
 * `settings`; close `context` at the end of the test.
 */
export async function bookableListing(
  browser: Browser,
  listing: Record<string, unknown>,
  settings: Partial<BookingSettingsInput> = {},
) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const host = await context.newPage();
  await signedInAs(host, "agent", "Kojo Host");
  const id = await publishBookable(
    browser,
    host,
    {
      amenities: [],
      tourTypes: [],
      serviceHighlights: [],
      images: [],
      contactMethod: "email",
      ...listing,
    },
    { ...SETTINGS, ...settings },
  );
  return { id, host, context };
}

/** Pays on the sandbox provider's hosted page with a test card (4242…: accepted). */
export async function payByCard(page: Page, number = "4242 4242 4242 4242") {
  await expect(page).toHaveTitle(/Gateway Africa sandbox checkout/);
  await page.getByRole("button", { name: "Card" }).click();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

/**
 * Shows prices in `code` (the display currency's cookie, as the header's picker sets it): the
 * booking card quotes in it and the checkout charges in it when the provider takes it.
 */
export async function showPricesIn(page: Page, code: string) {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(code)).toString("base64"));
  await page.context().addCookies([{ name: "currency", value, url: E2E.baseUrl }]);
}
