import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import {
  horizontalOverflow,
  outsideViewport,
  overlaps,
  visibleControls,
  type ControlBox,
} from "./support/layout.ts";

/**
 * Phones, a tablet standing and lying, small and common laptops, a desktop; 1360 is the narrowest
 * full header of a publisher, whose Add Listing keeps its words.
 */
const WIDTHS = [320, 390, 768, 1024, 1180, 1280, 1360, 1366, 1920];
const LONG_NAME = "Oluwaseun Adebayo-Okonkwo Nwachukwu";
const MAIN_NAV = [
  "/",
  "/real-estate",
  "/hospitality",
  "/student-housing",
  "/professionals",
  "/travel-agencies",
];

type Visitor = "signed out" | "user" | "agent" | "professional" | "admin";

/** What the full header offers each visitor; at every width each is on the bar or in the menu. */
function expectedControls(visitor: Visitor): (string | RegExp)[] {
  const common = [...MAIN_NAV, /^Display currency: /];
  if (visitor === "signed out") return [...common, "/?auth=login"];
  const account = [...common, "/dashboard/overview", "Logout"];
  return visitor === "agent" || visitor === "professional" ? [...account, "/add-listing"] : account;
}

async function signIn(page: Page, visitor: Visitor) {
  if (visitor === "admin") await signedInAsAdmin(page);
  else if (visitor !== "signed out") await signedInAs(page, visitor, LONG_NAME);
}

async function expectLaidOut(page: Page, controls: ControlBox[], where: string) {
  expect(await outsideViewport(page, controls), `${where}: controls outside the viewport`).toEqual(
    [],
  );
  expect(overlaps(controls), `${where}: overlapping controls`).toEqual([]);
  expect(await horizontalOverflow(page), `${where}: sideways scroll`).toBeLessThanOrEqual(0);
}

function missing(expected: (string | RegExp)[], keys: string[]) {
  return expected.filter((want) =>
    keys.every((key) => (typeof want === "string" ? key !== want : !want.test(key))),
  );
}

const visitors: Visitor[] = ["signed out", "user", "agent", "professional", "admin"];

for (const visitor of visitors) {
  test(`header fits from 320 to 1920 px, ${visitor}`, async ({ page }) => {
    await signIn(page, visitor);
    await page.goto("/");
    const banner = page.getByRole("banner");
    const toggle = banner.getByRole("button", { name: "Open menu" });
    const menu = banner.getByRole("navigation", { name: "Menu" });

    for (const width of WIDTHS) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        const bar = await visibleControls(banner);
        await expectLaidOut(page, bar, `${width} px`);
        let reachable = bar.map((c) => c.key);

        if (await toggle.isVisible()) {
          await expect(banner.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
          await expect(toggle).toHaveAttribute("aria-expanded", "false");
          await expect(toggle).toHaveAttribute("aria-controls", /.+/);
          // Opened from the keyboard, as someone without a mouse would.
          await toggle.focus();
          await page.keyboard.press("Enter");
          await expect(menu).toBeVisible();
          await expect(banner.getByRole("button", { name: "Close menu" })).toHaveAttribute(
            "aria-expanded",
            "true",
          );
          await expect(
            visitor === "signed out"
              ? menu.getByRole("link", { name: "Sign In" })
              : menu.getByRole("button", { name: "Logout" }),
          ).toBeVisible();
          const opened = await visibleControls(banner);
          await expectLaidOut(page, opened, `${width} px, menu open`);
          reachable = [...reachable, ...opened.map((c) => c.key)];
          await page.keyboard.press("Escape");
          await expect(menu).toBeHidden();
          await expect(toggle).toBeFocused();
        } else {
          await expect(banner.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
        }

        expect(
          missing(expectedControls(visitor), reachable),
          `${width} px: controls neither on the bar nor in the menu`,
        ).toEqual([]);
      });
    }
  });
}
