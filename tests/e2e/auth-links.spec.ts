import { expect, test } from "./support/test.ts";

test("an expired confirmation link's page resends the e-mail and stays until used", async ({
  page,
}) => {
  await page.goto("/confirm?error=TOKEN_EXPIRED");
  await expect(page.getByRole("heading", { name: "Link Expired" })).toBeVisible();
  // No automatic redirect here: the person has a form to fill in.
  await page.waitForTimeout(4500);
  await expect(page).toHaveURL(/\/confirm\?error=TOKEN_EXPIRED$/);
  await page.getByLabel("Email").fill("someone-waiting@example.com");
  await page.getByRole("button", { name: "Resend confirmation e-mail" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status")).toContainText("Check Your Email");
});

test("a used admin sign-in link says so on /admin-login", async ({ page }) => {
  await page.goto("/admin-login?error=INVALID_TOKEN");
  await expect(page.getByRole("alert")).toHaveText(
    "This sign-in link has expired or has already been used. Enter your address to get a new one.",
  );
  await expect(page.getByLabel("Administrator email")).toBeVisible();
});
