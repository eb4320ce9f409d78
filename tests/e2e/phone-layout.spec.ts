import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import sharp from "sharp";
import {
  createConfirmedAccount,
  signedInAs,
  signedInAsAdmin,
  uniqueEmail,
} from "./support/accounts.ts";
import { horizontalOverflow, inside, sidewaysScrollers } from "./support/layout.ts";

const PHONE = { width: 390, height: 844 };

async function png(red: number) {
  const buffer = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: red, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
  return { name: `photo-${red}.png`, mimeType: "image/png", buffer };
}

/** "Loading your profile..." shows until the page's scripts have taken over the form. */
async function formReady(page: Page) {
  await expect(page.getByText("Loading your profile...")).toHaveCount(0);
}

test.describe("publishing on a phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the Add images tile stays inside its column and the screen as images are added", async ({
    page,
  }) => {
    await signedInAs(page, "agent", "Ama Publisher");
    await page.goto("/add-listing");
    await formReady(page);
    const tile = page.locator("label").filter({ hasText: "Add images" });
    const column = page.locator("li").filter({ has: tile });
    const input = page.locator('input[type="file"]');

    for (const count of [0, 1, 2]) {
      if (count > 0) {
        await input.setInputFiles([await png(40 * count)]);
        await expect(page.getByRole("img", { name: /^Image \d of your listing$/ })).toHaveCount(
          count,
        );
        await expect(page.getByRole("progressbar")).toHaveCount(0, { timeout: 20_000 });
      }
      await tile.scrollIntoViewIfNeeded();
      const tileBox = (await tile.boundingBox())!;
      expect(inside(tileBox, (await column.boundingBox())!), `${count} images: in its column`).toBe(
        true,
      );
      expect(inside(tileBox, { x: 0, y: 0, ...PHONE }), `${count} images: on screen`).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
  });

  test("after a failed publish the toast leaves the Preview / Publish bar uncovered", async ({
    page,
  }) => {
    await signedInAs(page, "agent", "Ama Publisher");
    await page.goto("/add-listing");
    await formReady(page);
    const publish = page.getByRole("button", { name: "Publish Listing" });
    await publish.click();
    const toast = page.getByRole("status").filter({ hasText: "Submission Failed" });
    await expect(toast).toBeVisible();
    for (const button of [publish, page.getByRole("button", { name: "Preview" })]) {
      // What a tap at the button's centre reaches while the toast is up.
      const reached = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return element.contains(hit);
      });
      expect(reached).toBe(true);
    }
  });
});

test.describe("a toast from the server without JavaScript", () => {
  test.use({ viewport: PHONE, isMobile: true, javaScriptEnabled: false });

  test("shows at the top of a phone's screen and goes away by itself", async ({ page }) => {
    await signedInAs(page, "user", "Kofi Visitor");
    // A regular user may not publish: the server sends them on with a toast in a flash cookie.
    await page.goto("/add-listing");
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    const toast = page.getByRole("status").filter({ hasText: "Access Denied" });
    await expect(toast).toBeVisible();
    expect((await toast.getByText("Access Denied").boundingBox())!.y).toBeLessThan(
      PHONE.height / 4,
    );
    await expect(toast.getByText("Access Denied")).toBeHidden({ timeout: 8_000 });
  });
});

test.describe("the admin's tables on a phone", () => {
  const longName = "Oluwaseun Adebayo-Okonkwo Nwachukwu";
  const longEmail = uniqueEmail("oluwaseun.adebayo-okonkwo.nwachukwu");

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("Users: a card per person, long names and e-mails wrap, nothing scrolls sideways", async ({
    page,
  }) => {
    await createConfirmedAccount(page.request, { email: longEmail, name: longName, role: "user" });
    await page.context().clearCookies();
    await signedInAsAdmin(page);
    await page.goto("/dashboard/user-management");
    const main = page.locator("main");
    const card = page
      .getByRole("list", { name: "Users" })
      .getByRole("listitem")
      .filter({ hasText: longEmail });
    await expect(card).toBeVisible();
    const name = (await card.getByText(longName).boundingBox())!;
    const email = (await card.getByText(longEmail).boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(inside(name, cardBox) && inside(email, cardBox)).toBe(true);
    expect(name.y + name.height <= email.y || email.y + email.height <= name.y).toBe(true);
    expect(await sidewaysScrollers(main)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("list", { name: "Users" })).toBeHidden();
  });

  test("Currency: a card per currency, nothing scrolls sideways", async ({ page }) => {
    await signedInAsAdmin(page);
    await page.goto("/dashboard/currency-settings");
    const cards = page.getByRole("list", { name: "Currencies" }).getByRole("listitem");
    await expect(cards.filter({ hasText: "Central African CFA Franc" })).toBeVisible();
    expect(await sidewaysScrollers(page.locator("main"))).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(page.getByRole("table")).toBeVisible();
  });
});
