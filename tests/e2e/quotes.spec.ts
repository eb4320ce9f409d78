import { expect, test } from "./support/test.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { linkIn } from "../support/smtp-sink.ts";
import { signedInAs, mailAbout } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { approvedService } from "./support/listings.ts";
import { gotoHydrated } from "./support/hydration.ts";

/**
 * Quotes end to end: a professional lists a service and the admin approves it; a client requests
 * a quote from the service's page, the professional answers from the conversation the e-mail
 * links to, and the client accepts it: the job shows as accepted, in the conversation and in the
 * client's Jobs. E-mail goes over SMTP to the sink.
 */

const today = isoDay(new Date());

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    test("a client requests a quote, the professional sends one from the conversation, and the client accepts it", async ({
      page,
      browser,
    }) => {
      const proContext = await browser.newContext({ baseURL: E2E.baseUrl, viewport });
      const pro = await proContext.newPage();
      const proAccount = await signedInAs(pro, "professional", "Efua Painter");
      const title = `House painting ${name} ${Date.now().toString(36)}`;
      const id = await approvedService(browser, pro, title);

      const client = await signedInAs(page, "user", "Kwame Client");
      await gotoHydrated(page, `/listing/${id}`);
      await page.getByRole("link", { name: "Request a Quote" }).click();
      await expect(page).toHaveURL(new RegExp(`/listing/${id}/quote$`));
      await page.getByLabel("What do you need?").fill("Repaint the living room and the hallway.");
      await page.getByLabel("Where?").fill("Osu, Accra");
      await page.getByLabel("When do you need it?").fill(addDays(today, 14));
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(page).toHaveURL(/\/dashboard\/inbox\/\d+$/);
      await expect(page.getByRole("status").first()).toContainText("Quote requested");
      const conversationUrl = new URL(page.url()).pathname;
      const panel = page.getByRole("region", { name: "Quote", exact: true });
      await expect(panel.getByText("Repaint the living room and the hallway.")).toBeVisible();
      await expect(panel.getByText("Efua Painter has not sent a quote yet")).toBeVisible();

      // The professional follows the e-mail's link to the conversation and answers with a quote.
      const proMail = await mailAbout(proAccount.email, "New message from Kwame Client");
      expect(proMail.body).toContain("Quote request");
      await gotoHydrated(pro, linkIn(proMail, `${E2E.baseUrl}/dashboard/inbox/`));
      await expect(pro).toHaveURL(new RegExp(`${conversationUrl}$`));
      const proPanel = pro.getByRole("region", { name: "Quote", exact: true });
      await proPanel.getByLabel("Amount in USD").fill("180");
      await proPanel.getByLabel("What it covers").fill("Paint, primer and two days of work.");
      await proPanel.getByLabel("Valid until").fill(addDays(today, 7));
      await proPanel.getByRole("button", { name: "Send Quote" }).click();
      await expect(pro.getByRole("status").first()).toContainText("Quote sent");
      await expect(proPanel.getByTestId("quote")).toContainText("$180");
      await expect(proPanel.getByTestId("quote")).toContainText("Sent");
      // One standing quote: the form is gone until it is answered or withdrawn.
      await expect(proPanel.getByRole("button", { name: "Send Quote" })).toHaveCount(0);

      // The client is told by e-mail, and accepts the quote from the conversation.
      const clientMail = await mailAbout(client.email, "New message from Efua Painter");
      expect(clientMail.body).toContain(conversationUrl);
      await gotoHydrated(page, conversationUrl);
      const quote = panel.getByTestId("quote");
      await expect(quote).toContainText("Paint, primer and two days of work.");
      await quote.getByRole("button", { name: /^Accept the quote of/ }).click();
      await expect(page.getByRole("status").first()).toContainText("Quote accepted");
      await expect(quote).toContainText("Accepted");
      const job = panel.getByTestId("job");
      await expect(job.locator('[data-status="accepted"]')).toHaveText("Accepted");
      // Not paid online: the client may pay for it here. Marking it completed comes only after
      // paying (it releases the payment), so it is not offered yet.
      await expect(job.getByRole("button", { name: /^Pay .* for the job/ })).toBeVisible();
      const complete = { name: `Mark the job for ${title} as completed` };
      await expect(job.getByRole("button", complete)).toHaveCount(0);

      // The professional sees the job and may complete it, not paid online; both have it in
      // their Jobs.
      await gotoHydrated(pro, conversationUrl);
      const proJob = proPanel.getByTestId("job");
      await expect(proJob).toContainText("Accepted");
      await expect(proJob.getByRole("button", complete)).toBeVisible();
      await gotoHydrated(page, "/dashboard/bookings");
      const jobs = page.getByRole("region", { name: "Jobs", exact: true });
      await expect(jobs.getByRole("link", { name: title, exact: true })).toBeVisible();
      await expect(jobs.getByText("Professional: Efua Painter")).toBeVisible();
      await jobs.getByRole("link", { name: `Open the conversation about ${title}` }).click();
      await expect(page).toHaveURL(new RegExp(`${conversationUrl}$`));

      // Completing is final: it asks first, and "Not yet" leaves the job as it was.
      await proJob.getByRole("button", complete).click();
      const confirm = pro.getByRole("alertdialog", { name: "Mark this job as completed?" });
      await expect(confirm).toContainText("cannot be undone");
      await expect(confirm.getByRole("button", { name: "Not yet" })).toBeFocused();
      await confirm.getByRole("button", { name: "Not yet" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(proJob.locator('[data-status="accepted"]')).toHaveText("Accepted");
      await proJob.getByRole("button", complete).click();
      await confirm.getByRole("button", { name: "Yes, mark as completed" }).click();
      await expect(pro.getByRole("status").first()).toContainText("Job completed");
      await expect(proJob.locator('[data-status="completed"]')).toHaveText("Completed");
      await expect(proJob.getByRole("button", complete)).toHaveCount(0);
      await proContext.close();
    });
  });
}
