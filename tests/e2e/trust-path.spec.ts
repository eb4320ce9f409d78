import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { readSandboxSms } from "../../app/services/verification/sms/sandbox.server.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { approvedRental } from "./support/listings.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 28's whole path on the shared test server: a brand-new agent with an approved listing
 * verifies their phone and sends identity documents; while the documents wait, a visitor who
 * ticks "Verified hosts only" does not find the listing; once the administrator approves them in
 * the KYC queue, the same visitor finds it, with the "Verified" badge on its card and page and
 * the contact card saying identity and phone verified.
 */

const VERIFICATION = "/dashboard/profile/verification";
const QUEUE = "/dashboard/verification-queue";
/** The server's SMS sandbox (SMS_PROVIDER=sandbox, tests/e2e/support/start-server.ts). */
const SMS_DIR = path.resolve(`data/e2e-${E2E.port}/sms`);

async function codeSentTo(phone: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const text = (await readSandboxSms(SMS_DIR)).find((m) => m.to === phone)?.body ?? "";
    code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, `a code to ${phone}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

/** A small generated photo: a coloured card with a lighter band, like a document's scan. */
async function photo(name: string, shade: number) {
  const band = await sharp({
    create: { width: 420, height: 60, channels: 3, background: { r: 240, g: 240, b: 230 } },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({
    create: { width: 480, height: 300, channels: 3, background: { r: shade, g: 110, b: 140 } },
  })
    .composite([{ input: band, top: 200, left: 30 }])
    .jpeg()
    .toBuffer();
  return { name: `${name}.jpg`, mimeType: "image/jpeg", buffer };
}

/** A signed-out visitor in a context of their own. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  return context.newPage();
}

/**
 * The real-estate section narrowed by keyword to the one listing (other specs' verified hosts
 * would otherwise fill the page), with "Verified hosts only" ticked: the listing's card, if any.
 */
async function verifiedHostsOnly(visitor: Page, keyword: string, title: string) {
  await gotoHydrated(visitor, `/real-estate?q=${keyword}`);
  const card = visitor.getByRole("article").filter({
    has: visitor.getByRole("heading").getByRole("link", { name: title }),
  });
  // Unfiltered, the keyword finds the listing: an empty filtered page below means the filter.
  await expect(card).toHaveCount(1);
  const filters = visitor.getByRole("form", { name: "Filters" });
  await filters.getByRole("checkbox", { name: /Verified hosts only/ }).check();
  await visitor.waitForURL(/[?&]verified=1/);
  return card;
}

/** The listing page's header, where the host's "Verified" badge sits. */
function listingHeader(visitor: Page) {
  return visitor.getByRole("heading", { level: 1 }).locator("xpath=ancestor::header[1]");
}

test("a new agent gets verified, and a visitor filters to verified hosts and finds their listing", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  // Letters only, so the keyword is one plain word to the search.
  const keyword = `trust${run.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;
  const name = `Achieng Otieno ${run}`;
  const title = `Garden flat ${keyword}`;
  // A Ghanaian mobile number of this run, so no other account has verified it.
  const local = `024${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const international = `+233${local.slice(1)}`;

  // 1. A brand-new agent whose rental the administrator has approved.
  await signedInAs(page, "agent", name);
  const listingId = await approvedRental(browser, page, title);

  // 2. Profile → Verification: the phone, with the code from the SMS sandbox.
  await gotoHydrated(page, "/dashboard/profile");
  await page.getByRole("link", { name: /^Verification/ }).click();
  await expect(page).toHaveURL(VERIFICATION);
  const phone = page.getByRole("region", { name: "Phone" });
  await expect(phone.getByText("Not verified", { exact: true })).toBeVisible();
  await phone.getByLabel("Country of the number").selectOption({ label: "Ghana" });
  await phone.getByLabel("Mobile number").fill(local);
  await phone.getByRole("button", { name: "Send code" }).click();
  await expect(phone.getByText(`We sent a code to ${international}`)).toBeVisible();
  await phone.getByLabel("6-digit code").fill(await codeSentTo(international));
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").first()).toContainText("Phone verified");
  await expect(phone.getByText("Verified", { exact: true })).toBeVisible();
  await expect(phone.getByText(`${international} is verified.`)).toBeVisible();

  // 3. The identity documents: a national ID's two sides and a selfie.
  const identity = page.getByRole("form", { name: "Identity" });
  await identity
    .getByLabel("Document", { exact: true })
    .selectOption({ label: "National ID card" });
  await identity.getByLabel("Issuing country").selectOption({ label: "Ghana" });
  await identity.getByLabel("Full name as on the document").fill(name);
  await identity.getByLabel("Document number").fill("GHA-712345678-3");
  await identity
    .getByLabel("Front (photo page for a passport)")
    .setInputFiles(await photo("front", 40));
  await identity
    .getByLabel("Back (national ID and driver's licence)")
    .setInputFiles(await photo("back", 100));
  await identity.getByLabel("Selfie").setInputFiles(await photo("selfie", 170));
  await identity.getByRole("button", { name: "Send identity documents" }).click();
  await expect(page.getByRole("status").first()).toContainText("Documents sent");
  const identityStep = page.getByRole("region", { name: "Identity" });
  await expect(identityStep.getByText("Pending review", { exact: true })).toBeVisible();

  // 4. While the documents wait, the host is not verified: the filter leaves the listing out.
  const visitor = await visitorPage(browser);
  const before = await verifiedHostsOnly(visitor, keyword, title);
  await expect(before).toHaveCount(0);
  await gotoHydrated(visitor, `/listing/${listingId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(listingHeader(visitor).getByText("Verified", { exact: true })).toHaveCount(0);
  const contactBefore = visitor.getByRole("region", { name: "Contact Agent" });
  await expect(contactBefore).toContainText("Identity not verified");
  await expect(contactBefore).toContainText("Phone number verified");

  // 5. The administrator approves the documents in the KYC queue.
  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const admin = await adminContext.newPage();
  await signedInAsAdmin(admin);
  await gotoHydrated(admin, QUEUE);
  const entry = admin
    .getByRole("article")
    .filter({ has: admin.getByRole("heading", { name: `${name} · Identity` }) });
  await expect(entry).toContainText("GHA-712345678-3");
  await expect(entry.getByRole("link", { name: /^Open / })).toHaveCount(3);
  await entry.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByRole("status").first()).toContainText("Approved");
  await expect(entry).toHaveCount(0);
  await adminContext.close();

  // 6. The agent's page says verified; the visitor now finds the listing, badge and all.
  await gotoHydrated(page, VERIFICATION);
  await expect(identityStep.getByText(/^Verified until /)).toBeVisible();

  const after = await verifiedHostsOnly(visitor, keyword, title);
  await expect(after).toHaveCount(1);
  await expect(after.getByText("Verified", { exact: true })).toBeVisible();
  await after.getByRole("heading").getByRole("link", { name: title }).click();
  await visitor.waitForURL(`/listing/${listingId}`);
  await expect(listingHeader(visitor).getByText("Verified", { exact: true })).toBeVisible();
  const contact = visitor.getByRole("region", { name: "Contact Agent" });
  await expect(contact).toContainText("About this host");
  await expect(contact).toContainText("Identity verified by our team");
  await expect(contact).toContainText("Phone number verified");
  await visitor.context().close();
});
