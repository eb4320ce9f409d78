import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { signedInAs } from "./support/accounts.ts";
import { answeredConversation } from "./support/conversations.ts";
import { closeToast, gotoHydrated } from "./support/hydration.ts";
import { inside } from "./support/layout.ts";

/**
 * A person with unread messages sees how many without opening anything: on a phone the menu
 * button carries the count (and says it), on a wider screen the badge sits on the avatar's edge,
 * clear of the initials it used to cover.
 */

type Box = { x: number; y: number; width: number; height: number };

/** Someone with two unread answers from an agent. */
async function withTwoUnread(page: Page, browser: Browser) {
  const run = Date.now().toString(36);
  await signedInAs(page, "user", `Abena Mensah ${run}`);
  await answeredConversation(browser, page, {
    run,
    answers: ["Yes, it is free from May.", "You can see it on Saturday."],
  });
}

/**
 * Where the avatar's initials are painted: they are text inside its SVG image, so the same SVG
 * is laid over the image, at its size, and its text measured there.
 */
async function initialsBox(avatar: Locator): Promise<Box> {
  return avatar.evaluate(async (image: HTMLImageElement) => {
    const svg = await (await fetch(image.currentSrc)).text();
    const rect = image.getBoundingClientRect();
    const probe = document.createElement("div");
    probe.style.cssText = `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;visibility:hidden`;
    probe.innerHTML = svg;
    const drawing = probe.querySelector("svg")!;
    drawing.setAttribute("width", String(rect.width));
    drawing.setAttribute("height", String(rect.height));
    drawing.style.display = "block";
    document.body.append(probe);
    const text = probe.querySelector("text")!.getBoundingClientRect();
    probe.remove();
    return { x: text.x, y: text.y, width: text.width, height: text.height };
  });
}

function overlap(a: Box, b: Box): boolean {
  const x = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const y = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return x > 0 && y > 0;
}

test("on a phone the menu button shows and says the unread count (390 px)", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await withTwoUnread(page, browser);
  await gotoHydrated(page, "/about");
  await closeToast(page);

  const toggle = page
    .getByRole("banner")
    .getByRole("button", { name: "Open menu, 2 unread messages", exact: true });
  await expect(toggle).toBeVisible();
  const badge = toggle.getByText("2", { exact: true });
  await expect(badge).toBeVisible();
  const box = await badge.boundingBox();
  expect(box && inside(box, { x: 0, y: 0, width: 390, height: 844 })).toBe(true);
  await page.screenshot({
    path: "/work/screens/i25-a/unread-menu-button-390.png",
    clip: { x: 0, y: 0, width: 390, height: 120 },
  });

  // Opened, the menu says it beside Messages.
  await toggle.click();
  await expect(
    page
      .getByRole("navigation", { name: "Menu" })
      .getByRole("link", { name: "Messages 2 unread messages" }),
  ).toBeVisible();
});

for (const width of [1024, 1366]) {
  test(`the avatar's unread badge leaves the initials clear (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await withTwoUnread(page, browser);
    await gotoHydrated(page, "/about");
    await closeToast(page);

    const chip = page
      .getByRole("banner")
      .getByRole("link", { name: /^2 unread messages Abena Mensah/ });
    await expect(chip).toBeVisible();
    const badge = chip.getByText("2", { exact: true }).locator("..");
    await expect(badge).toBeVisible();
    const badgeBox = (await badge.boundingBox())!;
    const initials = await initialsBox(chip.locator("img"));
    expect(
      overlap(badgeBox, initials),
      `badge ${JSON.stringify(badgeBox)} over initials ${JSON.stringify(initials)}`,
    ).toBe(false);
    // Still on the avatar's edge, not drifted away from it.
    const avatar = (await chip.locator("img").boundingBox())!;
    expect(overlap(badgeBox, avatar)).toBe(true);

    if (width < 1280) {
      await expect(
        page.getByRole("button", { name: "Open menu, 2 unread messages", exact: true }),
      ).toBeVisible();
    }
    await page.screenshot({
      path: `/work/screens/i25-a/unread-avatar-${width}.png`,
      clip: { x: width - 520, y: 0, width: 520, height: 120 },
    });
  });
}
