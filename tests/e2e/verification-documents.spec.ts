import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./support/test.ts";
import { mailAbout, signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * Identity verification by documents, end to end: an agent sends a national ID's two sides and a
 * selfie from Profile → Verification, the administrator opens the KYC queue, sees the documents
 * and what was declared, and approves; the agent's page then says verified until the date. A
 * regular user's passport is rejected with a reason, which their page and e-mail show.
 */

const PAGE = "/dashboard/profile/verification";
const QUEUE = "/dashboard/verification-queue";

/** A small generated photo: a coloured card with a lighter band, like a document's scan. */
async function photo(name: string, shade: number) {
  const buffer = await sharp({
    create: { width: 480, height: 300, channels: 3, background: { r: shade, g: 110, b: 140 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 420, height: 60, channels: 3, background: { r: 240, g: 240, b: 230 } },
        })
          .png()
          .toBuffer(),
        top: 200,
        left: 30,
      },
    ])
    .jpeg()
    .toBuffer();
  return { name: `${name}.jpg`, mimeType: "image/jpeg", buffer };
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const admin = await context.newPage();
  await signedInAsAdmin(admin);
  return admin;
}

/** The queue's entry for the person: their name is in its heading. */
function entryOf(admin: Page, name: string) {
  return admin.getByRole("article").filter({ has: admin.getByRole("heading", { name }) });
}

test("an agent sends identity documents, the admin approves them in the queue, the page says verified", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const name = `Wanjiru Kamau ${run}`;
  const { email } = await signedInAs(page, "agent", name);
  await gotoHydrated(page, PAGE);
  const identity = page.getByRole("form", { name: "Identity" });
  await expect(page.getByTestId("identity-state")).toHaveText("Not submitted");
  await expect(page.getByTestId("business-state")).toHaveText("Not submitted");
  await shootWidths(page, "verification-steps", [390, 1366]);

  await identity
    .getByLabel("Document", { exact: true })
    .selectOption({ label: "National ID card" });
  await identity.getByLabel("Issuing country").selectOption({ label: "Kenya" });
  await identity.getByLabel("Full name as on the document").fill(name);
  await identity.getByLabel("Document number").fill("31245678");
  await identity
    .getByLabel("Front (photo page for a passport)")
    .setInputFiles(await photo("front", 30));
  await identity
    .getByLabel("Back (national ID and driver's licence)")
    .setInputFiles(await photo("back", 90));
  await identity.getByLabel("Selfie").setInputFiles(await photo("selfie", 160));
  await identity.getByRole("button", { name: "Send identity documents" }).click();
  await expect(page.getByRole("status").first()).toContainText("Documents sent");
  await expect(page.getByTestId("identity-state")).toHaveText("Pending review");
  await shootWidths(page, "verification-pending", [390, 1366]);

  const admin = await adminPage(browser);
  await gotoHydrated(admin, QUEUE);
  const entry = entryOf(admin, `${name} · Identity`);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("31245678");
  await expect(entry).toContainText("National ID card");
  // The three documents, each shown from the private route.
  const images = entry.getByRole("link", { name: /^Open / });
  await expect(images).toHaveCount(3);
  for (const image of await entry.locator("img").all()) {
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  }
  const expires = entry.getByLabel("Verified until");
  const until = await expires.inputValue();
  expect(until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await shootWidths(admin, "verification-queue", [390, 1366]);
  await entry.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByRole("status").first()).toContainText("Approved");
  await expect(entryOf(admin, `${name} · Identity`)).toHaveCount(0);

  await gotoHydrated(page, PAGE);
  await expect(page.getByTestId("identity-state")).toContainText("Verified until");
  const mail = await mailAbout(email, "verification is approved");
  expect(mail.body).toContain(until);
  await shootWidths(page, "verification-verified", [390, 1366]);
  await admin.context().close();
});

test("a rejection shows its reason on the person's page, and they can send new documents", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const name = `Grace Mensah ${run}`;
  const { email } = await signedInAs(page, "user", name);
  await gotoHydrated(page, PAGE);
  // A regular user has the identity step only.
  await expect(page.getByTestId("business-state")).toHaveCount(0);
  const identity = page.getByRole("form", { name: "Identity" });
  await identity.getByLabel("Document", { exact: true }).selectOption({ label: "Passport" });
  await identity.getByLabel("Issuing country").selectOption({ label: "Ghana" });
  await identity.getByLabel("Full name as on the document").fill(name);
  await identity.getByLabel("Document number").fill("G1234567");
  await identity
    .getByLabel("Front (photo page for a passport)")
    .setInputFiles(await photo("front", 60));
  await identity.getByLabel("Selfie").setInputFiles(await photo("selfie", 200));
  await identity.getByRole("button", { name: "Send identity documents" }).click();
  await expect(page.getByTestId("identity-state")).toHaveText("Pending review");

  const admin = await adminPage(browser);
  await gotoHydrated(admin, QUEUE);
  const entry = entryOf(admin, `${name} · Identity`);
  const reason = "The selfie is too dark to compare with the passport photo.";
  await entry.getByLabel("Reason for the person").fill(reason);
  await entry.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByRole("status").first()).toContainText("Rejected");
  await admin.context().close();

  await gotoHydrated(page, PAGE);
  await expect(page.getByTestId("identity-state")).toHaveText(`Rejected: ${reason}`);
  const mail = await mailAbout(email, "verification was not approved");
  expect(mail.body).toContain(reason);
  await shootWidths(page, "verification-rejected", [390, 1366]);
  // The form is offered again.
  await expect(identity.getByRole("button", { name: "Send identity documents" })).toBeVisible();
});
