import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { mailAbout, signedInAs } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { publishApproved } from "./support/listings.ts";

/**
 * Paying online through the sandbox provider the server starts on loopback: its hosted page,
 * the redirect back, the signed webhook that confirms the payment, the receipt page and e-mail.
 * An agent buys the Premium plan with mobile money; a guest pays a stay by card, cancels it and
 * sees the refund.
 */

const today = isoDay(new Date());
/** Each run books its own dates far enough ahead for the flexible policy's full refund. */
const base = 30 + (Date.now() % 200);
const day = (offset: number) => addDays(today, base + offset);

/** The sandbox's page is on its own origin: the site sends the browser there. */
async function expectSandboxCheckout(page: Page) {
  await expect(page).toHaveTitle(/Gateway Africa sandbox checkout/);
  expect(new URL(page.url()).origin).not.toBe(E2E.baseUrl);
}

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    test("an agent buys the Premium plan with mobile money, and the dashboard shows the plan and its limits", async ({
      page,
    }) => {
      const agent = await signedInAs(page, "agent", "Adwoa Agent");
      await gotoHydrated(page, "/dashboard/premium-plans");
      const usage = page.getByRole("region", { name: "Your plan" });
      await expect(usage).toContainText("Free plan");
      await expect(usage).toContainText("0 of 3 used");

      await page.getByRole("button", { name: "Choose the Premium plan" }).click();
      await expectSandboxCheckout(page);
      await expect(page.getByText("Premium plan, 6 months")).toBeVisible();
      await page.getByRole("button", { name: "Mobile money" }).click();
      await page.getByLabel("Phone number").fill("+233 24 123 4567");
      await page.getByRole("button", { name: "Send approval request" }).click();
      await expect(page.getByText("Approve the payment on your phone")).toBeVisible();
      await page.getByRole("button", { name: "I approved it on my phone" }).click();

      // Back on the site: the page follows the webhook to the receipt.
      await expect(page).toHaveURL(/\/dashboard\/payments\/pay_[0-9a-f]+/);
      await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({
        timeout: 20_000,
      });
      const receipt = page.locator("main");
      await expect(receipt).toContainText("Premium plan, 6 months");
      await expect(receipt).toContainText("Mobile money");
      await expect(receipt).toContainText("$35.00");
      await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
      const mail = await mailAbout(agent.email, "Your receipt: Premium plan, 6 months");
      expect(mail.body).toContain("/dashboard/payments/pay_");

      await gotoHydrated(page, "/dashboard/premium-plans");
      await expect(usage).toContainText("Premium plan");
      await expect(usage).toContainText("0 used, unlimited");
      await expect(usage).toContainText("0 of 10 used");
      await gotoHydrated(page, "/dashboard/payments");
      await expect(page.getByRole("link", { name: /Premium plan, 6 months/ })).toBeVisible();
    });

    test("a guest pays a stay by card, cancels it and sees the refund", async ({
      page,
      browser,
    }) => {
      const hostContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport });
      const host = await hostContext.newPage();
      await signedInAs(host, "agent", "Kojo Host");
      const title = `Harbour rooms ${name} ${Date.now().toString(36)}`;
      const id = await publishApproved(browser, host, {
        title,
        category: "hospitality",
        listingType: "booking",
        propertyType: "guesthouse",
        price: "50",
        priceType: "per_night",
        countryCode: "GH",
        city: "Takoradi",
        address: "3 Harbour Road",
        description: "Quiet rooms by the harbour, breakfast included.",
        bedrooms: 2,
        amenities: [],
        tourTypes: [],
        serviceHighlights: [],
        images: [],
        contactMethod: "email",
      });
      const settings = await host.request.put(`/api/v1/listings/${id}/booking-settings`, {
        data: {
          mode: "instant",
          cancellationPolicy: "flexible",
          minStay: 1,
          maxStay: 14,
          noticeDays: 0,
          preparationDays: 0,
          maxGuests: 4,
          cleaningFeeUsd: 0,
          paymentMode: "full",
        },
      });
      expect(settings.status()).toBe(200);

      const guest = await signedInAs(page, "user", "Esi Guest");
      await gotoHydrated(page, `/listing/${id}`);
      const card = page.getByRole("region", { name: "Book your stay" });
      await card.getByLabel("Check-in").fill(day(0));
      await card.getByLabel("Check-out").fill(day(2));
      await card.getByLabel("Guests").fill("2");
      await card.getByRole("button", { name: "Check price" }).click();
      // 2 nights × $50 and the 3 % service fee, all paid online.
      await expect(card.getByTestId("booking-total")).toHaveText("$103");
      await card.getByRole("button", { name: "Book and pay $103" }).click();

      await expectSandboxCheckout(page);
      await page.getByRole("button", { name: "Card" }).click();
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").fill("12/30");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: "Pay", exact: true }).click();

      await expect(page).toHaveURL(/\/dashboard\/payments\/pay_[0-9a-f]+/);
      await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.locator("main")).toContainText(/\$103(\.00)?/);
      await expect(page.locator("main")).toContainText("Card");
      await mailAbout(guest.email, `Booking confirmed: ${title}`);

      await gotoHydrated(page, "/dashboard/bookings");
      await expect(page.getByText(/Paid online: \$103(\.00)?\./).first()).toBeVisible();
      await page
        .getByRole("link", { name: new RegExp(`^Cancel booking #\\d+ at ${title}`) })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(
        /you get back \$103(\.00)? of the \$103(\.00)? paid online/,
      );
      await dialog.getByRole("button", { name: "Cancel booking" }).click();
      await expect(page.getByRole("status").first()).toContainText("Booking cancelled");
      await expect(async () => {
        await page.reload();
        await expect(page.getByText(/Refund of \$103(\.00)?: completed/).first()).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });
      await hostContext.close();
    });
  });
}
