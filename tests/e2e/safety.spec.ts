import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { answeredConversation } from "./support/conversations.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";

/**
 * Safety end to end: a signed-in person reports a review from the Report dialog on a listing's
 * page, the payment rule flags a message asking for Western Union, and the administrator finds
 * both in the Reports tab, with their context, and closes the report with a note; a person
 * reports a conversation and blocks its other side from the conversation page, unblocks them
 * from the profile and turns the new-message e-mails off.
 */

/** A demo listing with reviews shown on its page (the seed gives many listings some). */
async function listingWithReviews(page: Page): Promise<number> {
  for (let n = 1; n <= 10; n++) {
    const response = await page.request.get(`/api/v1/listings?page=${n}`);
    expect(response.status()).toBe(200);
    const { listings } = (await response.json()) as {
      listings: { id: number; ratingCount: number }[];
    };
    const found = listings.find((listing) => listing.ratingCount > 0);
    if (found) return found.id;
  }
  throw new Error("No demo listing has reviews");
}

/** A conversation about the agent's new listing, whose answer the payment rule flags. */
async function flaggedConversation(browser: Browser, person: Page, run: string) {
  const flagged = `Yes. Send the deposit by Western Union today to secure it (${run}).`;
  const conversation = await answeredConversation(browser, person, { run, answers: [flagged] });
  return { ...conversation, flagged };
}

for (const width of [1366, 390]) {
  test(`a person reports a review from the dialog and the admin closes it in Reports (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 860 });
    const run = `${width}-${Date.now().toString(36)}`;
    const personName = `Efua Renter ${run}`;
    await signedInAs(page, "user", personName);
    const { agentName, flagged } = await flaggedConversation(browser, page, run);

    // The person reports a review from the listing's page.
    const listingId = await listingWithReviews(page);
    await gotoHydrated(page, `/listing/${listingId}`);
    const shown = await page.request.get(`/api/v1/listings/${listingId}/reviews`);
    const [first] = ((await shown.json()) as { reviews: { id: number; body: string }[] }).reviews;
    const review = page.locator(`article[data-review="${first!.id}"]`);
    await review.getByRole("button", { name: "Report review", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Report this review");
    await dialog.getByLabel("Reason").selectOption({ label: "Inappropriate content" });
    await dialog.getByLabel("Details").fill(`Not about the stay at all (${run}).`);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("status").first()).toContainText("Report sent");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/listing/${listingId}#reviews$`));

    // The administrator finds both reports in the queue, with their context.
    const adminContext = await browser.newContext({
      baseURL: E2E.baseUrl,
      viewport: { width, height: 860 },
    });
    const admin = await adminContext.newPage();
    await signedInAsAdmin(admin);
    await gotoHydrated(admin, "/dashboard/overview");
    await expect(admin.getByText("Open reports")).toBeVisible();
    if (width < 768) await admin.getByRole("button", { name: /^Menu/ }).click();
    await admin.getByRole("link", { name: "Reports", exact: true }).click();
    await expect(admin.getByRole("heading", { name: "Reports", level: 2 })).toBeVisible();

    const system = admin.getByRole("article").filter({ hasText: flagged });
    await expect(system).toContainText(
      "Flagged automatically: asks for payment outside the platform",
    );
    await expect(system).toContainText("a money transfer service");
    await expect(system).toContainText(agentName);

    const report = admin.getByRole("article").filter({ hasText: `Reported by ${personName}` });
    await expect(report).toContainText(`Not about the stay at all (${run}).`);
    await expect(report).toContainText("Inappropriate content");
    await expect(report).toContainText(first!.body);
    await expect(report.getByRole("button", { name: "Hide review" })).toBeVisible();
    await report.getByLabel("Note for the record (optional)").fill("The review is fair.");
    await report.getByRole("button", { name: "Dismiss" }).click();
    await expect(admin.getByRole("status").first()).toContainText("Report dismissed");
    await expect(
      admin.getByRole("article").filter({ hasText: `Reported by ${personName}` }),
    ).toHaveCount(0);

    await admin.getByRole("link", { name: "Dismissed", exact: true }).click();
    const closed = admin.getByRole("article").filter({ hasText: `Reported by ${personName}` });
    await expect(closed).toContainText("Note: The review is fair.");
    await expect(closed).toContainText("Dismissed by");
    await adminContext.close();
  });
}

test("a person reports and blocks from the conversation, then unblocks from the profile (390 px)", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 860 });
  const run = Date.now().toString(36);
  await signedInAs(page, "user", `Adjoa Renter ${run}`);
  const { agentName, flagged, conversationId } = await flaggedConversation(browser, page, run);

  await gotoHydrated(page, `/dashboard/inbox/${conversationId}`);
  await expect(page.getByText(flagged)).toBeVisible();
  await page.getByRole("button", { name: "Report conversation", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByLabel("Reason")
    .selectOption({ label: "Asks for payment outside the platform" });
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("status").first()).toContainText("Report sent");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: `Block ${agentName}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Block ${agentName}?`);
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  // The toast (the page also says, in a notice of its own, that the person is blocked).
  await expect(
    page.getByRole("status").filter({ hasText: `${agentName} can no longer message you.` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: `Unblock ${agentName}` })).toBeVisible();

  await gotoHydrated(page, "/dashboard/profile");
  const blocked = page.getByRole("region", { name: "Blocked people" });
  await expect(blocked).toContainText(agentName);
  await blocked.getByRole("button", { name: `Unblock ${agentName}` }).click();
  await expect(page.getByRole("status").first()).toContainText("Unblocked");
  await expect(blocked).toContainText("You have not blocked anyone.");

  const emails = page.getByLabel("Email me when I get a new message");
  await expect(emails).toBeChecked();
  await emails.uncheck();
  await page
    .getByRole("region", { name: "Notifications" })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByRole("status").first()).toContainText(
    "We will not e-mail you about new messages.",
  );
  await page.reload();
  await expect(page.getByLabel("Email me when I get a new message")).not.toBeChecked();
});
