import { expect, failedRequest, test } from "./support/test.ts";
import sharp from "sharp";
import { signedInAs } from "./support/accounts.ts";

async function pngBuffer(): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 19, g: 100, b: 77 } },
  })
    .png()
    .toBuffer();
}

test("profile: details, avatar upload, phone rules, password change and account type", async ({
  page,
  pageErrors,
}) => {
  // The server refuses the bad inputs below with a 400.
  pageErrors.allow(failedRequest("/dashboard/profile.data", 400));
  await signedInAs(page, "agent", "Chidi Okeke");
  await page.goto("/dashboard/profile");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("placeholder", "+234 801 234 5678");

  // A text file named like an image is refused by its content.
  await page.getByLabel("Change photo").setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("not an image"),
  });
  await expect(page.getByRole("status")).toContainText("Invalid file type");

  await page
    .getByLabel("Change photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngBuffer() });
  await expect(
    page.getByRole("img", { name: "Preview of your new profile photo" }),
  ).toHaveAttribute("src", /^blob:/);
  await page.getByLabel("Full Name").fill("Chidi Okeke-Eze");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByRole("status")).toContainText("Profile Updated");
  await expect(page.getByRole("img", { name: "Your profile photo" })).toHaveAttribute(
    "src",
    /^\/media\/avatars\/.+\.webp$/,
  );
  await expect(page.getByRole("heading", { name: "Welcome back, Chidi Okeke-Eze!" })).toBeVisible();
  const avatar = await page.request.get(
    (await page.getByRole("img", { name: "Your profile photo" }).getAttribute("src"))!,
  );
  expect(avatar.headers()["content-type"]).toBe("image/webp");
  const size = await sharp(await avatar.body()).metadata();
  expect([size.width, size.height]).toEqual([256, 256]);

  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByRole("status")).toContainText("No changes");

  await page.getByLabel("Phone Number").fill("+23+4");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByRole("status")).toContainText("Invalid Phone");
  await page.getByLabel("Phone Number").fill("+234 801 234 5678");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(page.getByRole("status")).toContainText("Profile Updated");
  await page.reload();
  await expect(page.getByLabel("Phone Number")).toHaveValue("+234 801 234 5678");

  await page.getByLabel("Current Password").fill("wrong-password");
  await page.getByLabel("New Password", { exact: true }).fill("brand-new1");
  await page.getByLabel("Confirm New Password").fill("brand-new1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("status")).toContainText("Password Update Error");
  await page.getByLabel("Current Password").fill("secret12");
  await page.getByLabel("New Password", { exact: true }).fill("brand-new1");
  await page.getByLabel("Confirm New Password").fill("brand-new1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("status")).toContainText("Success!");

  await page.getByText("Service Professional").click();
  await page.getByRole("button", { name: "Save Account Type" }).click();
  await expect(page.getByRole("status")).toContainText("Role Updated");
  await expect(
    page
      .getByRole("navigation", { name: "Dashboard sections" })
      .getByRole("link", { name: "My Services" }),
  ).toBeVisible();
});

test("delete account asks first, then removes the account and signs out", async ({ page }) => {
  await signedInAs(page, "user", "Temp Person");
  await page.goto("/dashboard/profile");
  await page.getByRole("button", { name: "Delete Account" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Delete Account" }).click();
  await confirm.getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status")).toContainText("Account Deleted");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/dashboard/overview");
  await expect(page).toHaveURL("/");
});
