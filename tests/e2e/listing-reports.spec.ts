import { expect, failedRequest, test } from "./support/test.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * Reporting a listing end to end (issue 28, point 4): a guest follows "Report listing" from a
 * listing's page to its report page, picks a reason and sends it; the administrator finds it in
 * the Reports tab with the listing's weight and history and dismisses its reports.
 */
test("a guest reports a listing and the admin dismisses its reports in Reports", async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const guestName = `Grace Reporter ${run}`;
  await signedInAs(page, "user", guestName);

  const response = await page.request.get("/api/v1/listings?page=1");
  expect(response.status()).toBe(200);
  const [listing] = ((await response.json()) as { listings: { id: number; title: string }[] })
    .listings;

  // "Something else" without words is refused by the server with a 400, shown on the form.
  pageErrors.allow(failedRequest(`/listing/${listing!.id}/report.data`, 400));
  await gotoHydrated(page, `/listing/${listing!.id}`);
  await page.getByRole("link", { name: "Report listing" }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${listing!.id}/report$`));
  const form = page.getByRole("region", { name: "Report this listing" });
  await expect(form).toContainText("the owner is not told who reported it");
  // "Something else" needs words: the browser lets it through, the server says what is missing.
  await form.getByRole("radio", { name: "Something else" }).check();
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(form.getByText("Say what is wrong when you choose")).toBeVisible();
  await form.getByRole("radio", { name: "Wrong price or details" }).check();
  await form
    .getByLabel("Details", { exact: true })
    .fill(`The price shown is per night, not per month (${run}).`);
  await shootWidths(page, "listing-report-page", [390, 1366]);
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("status").first()).toContainText("Report sent");
  await expect(page).toHaveURL(new RegExp(`/listing/${listing!.id}$`));

  // The administrator finds it with the listing's weight and history, and dismisses the reports.
  const adminContext = await browser.newContext({
    baseURL: E2E.baseUrl,
    viewport: { width: 1366, height: 900 },
  });
  const admin = await adminContext.newPage();
  await signedInAsAdmin(admin);
  await gotoHydrated(admin, "/dashboard/reports");
  const report = admin.getByRole("article").filter({ hasText: `Reported by ${guestName}` });
  await expect(report).toContainText(`Listing: ${listing!.title}`);
  await expect(report).toContainText("Wrong price or details");
  await expect(report).toContainText(`per night, not per month (${run})`);
  // A new, unverified account counts half.
  await expect(report).toContainText("Open reports weigh 0.5 of 3 needed to hide it");
  await report.getByText(`History of listing #${listing!.id}`).click();
  await expect(report).toContainText("Administrator actions");
  await expect(report).toContainText(`${guestName}, weight 0.5`);
  await shootWidths(admin, "listing-reports-admin-queue", [390, 1366]);

  const decide = report.getByRole("group", { name: `Decide on listing #${listing!.id}` });
  await decide.getByLabel("Note for the record (optional)").fill("The price is right.");
  await decide.getByRole("button", { name: "Dismiss reports" }).click();
  await expect(admin.getByRole("status").first()).toContainText("Reports dismissed");
  await expect(
    admin.getByRole("article").filter({ hasText: `Reported by ${guestName}` }),
  ).toHaveCount(0);
  await admin.getByRole("link", { name: "Dismissed", exact: true }).click();
  await expect(
    admin.getByRole("article").filter({ hasText: `Reported by ${guestName}` }),
  ).toContainText("Note: The price is right.");
  await adminContext.close();
});
