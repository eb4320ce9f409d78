import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { inside } from "./support/layout.ts";

/**
 * The display currency picker opens where a person can read it: its panel lies inside the
 * viewport at every width, from the narrowest phone to a laptop, and no currency's name is cut
 * short, the longest ("São Tomé and Príncipe Dobra") included.
 */

/** Opens the picker: in the bar, or inside the menu where the bar has no room for it. */
async function openPicker(page: Page, width: number) {
  if (width < 384) await page.getByRole("button", { name: "Open menu" }).click();
  const scope =
    width < 384 ? page.getByRole("navigation", { name: "Menu" }) : page.getByRole("banner");
  await scope.getByRole("button", { name: /^Display currency: / }).click();
  const list = page.getByRole("list", { name: "Display currency" });
  await expect(list).toBeVisible();
  return page.locator("[popover]").filter({ has: list });
}

for (const width of [320, 390, 1024, 1366]) {
  test(`the currency picker opens inside the screen with every name whole (${width} px)`, async ({
    page,
  }) => {
    const height = 800;
    await page.setViewportSize({ width, height });
    await gotoHydrated(page, "/about");
    const panel = await openPicker(page, width);

    const viewport = { x: 0, y: 0, width, height };
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box && inside(box, viewport) ? "inside" : JSON.stringify(box);
      })
      .toBe("inside");

    for (const name of ["Central African CFA Franc", "São Tomé and Príncipe Dobra"]) {
      const option = panel.getByRole("button", { name: new RegExp(`^${name}`) });
      await option.scrollIntoViewIfNeeded();
      await expect(option).toBeInViewport({ ratio: 1 });
      await expect(option).toContainText(name);
    }

    // A name cut short (an ellipsis, or text running under the edge) scrolls wider than its box.
    const clipped = await panel
      .getByRole("listitem")
      .evaluateAll((items) =>
        items.flatMap((item) =>
          [item, ...item.querySelectorAll("*")]
            .filter((node) => node.scrollWidth > node.clientWidth)
            .map((node) => `${item.textContent}: ${node.scrollWidth} > ${node.clientWidth}`),
        ),
      );
    expect(clipped).toEqual([]);
    expect(await panel.getByRole("listitem").count()).toBeGreaterThan(40);

    await page.screenshot({ path: `/work/screens/i25-a/currency-picker-${width}.png` });
  });
}
