import { expect, failedRequest, test } from "./support/test.ts";
import { signedInAsAdmin } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";

/**
 * The administrator gives a plan entitlements from the catalogue (no free text to type), and the
 * plan's card lists them in the catalogue's words. The plan is put back as it was at the end: the
 * other browser tests read the same plans.
 */

for (const [name, viewport] of [
  ["desktop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    test("the administrator grants Standard a team and the agency badge, and its card says so", async ({
      page,
      pageErrors,
    }) => {
      // The refused edit answers 400 with the form's messages.
      pageErrors.allow(failedRequest("/dashboard/premium-plans.data", 400));
      await signedInAsAdmin(page);
      await gotoHydrated(page, "/dashboard/premium-plans");
      const card = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "Standard" }) });
      await expect(card).toContainText("Up to 10 listings");
      await expect(card).toContainText("Priority chat");
      await expect(card).not.toContainText("Team access");

      await page.getByText("Edit Standard").click();
      const form = page.getByRole("form", { name: "Edit the Standard plan" });
      await expect(form.getByRole("textbox", { name: /features/i })).toHaveCount(0);
      await form.getByLabel("Agency badge").check();
      await form.getByLabel("Team seats").fill("many");
      await form.getByRole("button", { name: "Save plan" }).click();
      await expect(form.getByText(/team seats from 1 to 500/)).toBeVisible();
      await expect(card).not.toContainText("Team access");

      await form.getByLabel("Team seats").fill("2");
      await form.getByLabel("Agency badge").check();
      await form.getByRole("button", { name: "Save plan" }).click();
      await expect(page.getByRole("status")).toContainText("Plan updated");
      await expect(card).toContainText("Team access for 2 members");
      await expect(card).toContainText("Agency badge");

      await page.getByText("Edit Standard").click();
      await form.getByLabel("Agency badge").uncheck();
      await form.getByLabel("Team seats").fill("");
      await form.getByRole("button", { name: "Save plan" }).click();
      await expect(page.getByRole("status")).toContainText("Plan updated");
      await expect(card).not.toContainText("Team access");
      await expect(card).not.toContainText("Agency badge");
    });
  });
}
