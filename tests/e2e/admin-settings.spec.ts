import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import sharp from "sharp";
import { signedInAsAdmin, uniqueEmail, waitForMail } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";

const ORIGINAL_TITLE = "Property, Stays and Journeys Across Africa, All in One Place";

async function openSettings(page: Page) {
  await page.goto("/dashboard/platform-settings");
  // Hydrated: the slide controls appear only with the script.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Add slide" })).toBeVisible();
}

test("an admin edits the hero's title and slides, and the home page shows them", async ({
  page,
}) => {
  await signedInAsAdmin(page);
  await openSettings(page);
  const hero = page.getByRole("region", { name: "Hero section" });
  const slides = hero.getByRole("list").getByRole("listitem");
  await expect(slides).toHaveCount(5);

  const title = `Africa's homes, one search away ${Date.now().toString(36)}`;
  await hero.getByLabel("Title", { exact: true }).fill(title);
  // A new slide, edited and moved up one place before anything is saved.
  await hero.getByRole("button", { name: "Add slide" }).click();
  await expect(slides).toHaveCount(6);
  const added = slides.nth(5);
  const picture = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  await added
    .getByLabel("Choose a picture")
    .setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: picture });
  await expect(added.getByRole("img", { name: "Picture of slide 6" })).toBeVisible();
  await added.getByLabel("Picture description (alt text)").fill("Boats in a harbour at dawn");
  await added.getByLabel("Caption").fill("Coastal homes and stays.");
  await added.getByRole("button", { name: "Move slide 6 up" }).click();
  const moved = slides.nth(4);
  await expect(moved.getByLabel("Picture description (alt text)")).toHaveValue(
    "Boats in a harbour at dawn",
  );
  await expect(moved.getByRole("button", { name: "Move slide 5 up" })).toBeFocused();

  await hero.getByRole("button", { name: "Save hero content" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Hero section content updated successfully!",
  );
  await expect(slides).toHaveCount(6);
  await expect(slides.nth(4).getByRole("img", { name: "Picture of slide 5" })).toHaveAttribute(
    "src",
    /^\/media\/hero\/[0-9a-f]{16}-gallery\.webp$/,
  );

  // Every visitor's home page shows it at once.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(E2E.baseUrl);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole("button", { name: "Go to slide 6" })).toBeVisible();
  await visitor.close();

  // Put the hero back as the other browser tests expect it.
  await openSettings(page);
  await hero.getByLabel("Title", { exact: true }).fill(ORIGINAL_TITLE);
  await slides.nth(4).getByRole("button", { name: "Remove slide 5" }).click();
  await expect(slides).toHaveCount(5);
  await hero.getByRole("button", { name: "Save hero content" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Hero section content updated successfully!",
  );
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ORIGINAL_TITLE);
});

test("an admin reads a contact message and replies by e-mail", async ({ page }) => {
  const sender = uniqueEmail("yaw");
  const subject = `Viewing the Osu flat ${Date.now().toString(36)}`;
  const sent = await page.request.post("/api/v1/contact-messages", {
    data: {
      name: "Yaw Darko",
      email: sender,
      reason: "listing",
      subject,
      message: "Can I view the flat on Saturday morning?",
    },
    headers: { origin: E2E.baseUrl },
  });
  expect(sent.status()).toBe(201);

  await signedInAsAdmin(page);
  await page.goto("/dashboard/overview");
  await page
    .getByRole("navigation", { name: "Dashboard sections" })
    .getByRole("link", { name: "Messages" })
    .click();
  await expect(page.getByRole("heading", { name: "Messages", level: 2 })).toBeVisible();
  const row = page.getByRole("link", { name: `Open message from Yaw Darko: ${subject}` });
  await expect(row).toContainText("New");
  await row.click();

  const message = page.getByRole("article", { name: subject });
  await expect(message).toContainText("Can I view the flat on Saturday morning?");
  await expect(row).not.toContainText("New");
  await expect(message.getByLabel("Subject")).toHaveValue(`Re: ${subject}`);
  await message
    .getByLabel("Your reply")
    .fill("Dear Yaw,\n\nSaturday at 10:00 works. The agent will meet you at the gate.");
  await message.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status")).toContainText("Reply sent");
  await expect(message).toContainText("Replied");

  const mail = await waitForMail(sender, 2);
  expect(mail.subject).toBe(`Re: ${subject}`);
  expect(mail.body).toContain("Saturday at 10:00 works.");
});
