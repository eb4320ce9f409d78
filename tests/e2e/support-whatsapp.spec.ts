import type { Page } from "@playwright/test";
import { expect, failedRequest, test } from "./support/test.ts";
import { buildDemoData } from "../../scripts/demo/demo-data.ts";
import { setGoogleIdentity, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * Two plan perks seen from both sides. Priority chat: a demo agent on Standard writes to support
 * from the dashboard, the administrator sees the chat marked Priority with its waiting time and
 * answers, and the agent reads the answer. WhatsApp leads: a visitor asks for a call-back on a
 * listing of a demo agent on Premium, and the agent finds the request with its wa.me link.
 */

const demo = buildDemoData(new Date());
/** Ten live listings put this agent on Standard, which sells priority chat. */
const priorityAgent = demo.users.find((u) => u.id === "demo-agent-5")!;
/** Thirteen live listings put this agent on Premium, which sells WhatsApp leads. */
const premiumAgent = demo.users.find((u) => u.id === "demo-agent-1")!;
// The demo catalogue is deterministic; identity ids follow its order from 1.
const premiumListingId =
  demo.listings.findIndex((l) => l.userId === premiumAgent.id && l.status === "approved") + 1;

async function signInWithGoogle(page: Page, person: { email: string; name: string }) {
  await setGoogleIdentity({ sub: `demo-${person.email}`, email: person.email, name: person.name });
  await gotoHydrated(page, "/?auth=login");
  await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/, { timeout: 15_000 });
}

test("an agent on Standard chats with support; the administrator sees it as Priority and replies", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInWithGoogle(page, priorityAgent);
  await page
    .getByRole("navigation", { name: "Dashboard sections" })
    .getByRole("link", { name: "Support" })
    .click();
  await expect(page.getByRole("heading", { name: "Chat with support" })).toBeVisible();
  await expect(page.getByText("Your plan includes priority chat")).toBeVisible();
  await page
    .getByLabel("Your message to support")
    .fill("My featured ad does not show on the home page.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(
    page
      .getByRole("list", { name: "Chat with support" })
      .getByText("My featured ad does not show on the home page."),
  ).toBeVisible();
  await shootWidths(page, "support-whatsapp/support-chat-agent");

  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const admin = await adminContext.newPage();
  await signedInAsAdmin(admin);
  await gotoHydrated(admin, "/dashboard/support-inbox");
  const row = admin.getByTestId("support-chat-row").first();
  await expect(row).toContainText(priorityAgent.name);
  await expect(row).toContainText("Priority");
  await expect(row).toContainText(/Waiting (under a minute|\d+ minutes?)/);
  await shootWidths(admin, "support-whatsapp/support-inbox-admin");
  await row.click();
  await expect(admin.getByRole("heading", { name: new RegExp(priorityAgent.name) })).toBeVisible();
  await admin
    .getByLabel(`Reply to ${priorityAgent.name}`)
    .fill("Featured ads show on the home page within an hour. We checked: yours is live now.");
  await admin.getByRole("button", { name: "Send" }).click();
  await expect(
    admin.getByText("Featured ads show on the home page within an hour.", { exact: false }),
  ).toBeVisible();
  await shootWidths(admin, "support-whatsapp/support-thread-admin");
  await gotoHydrated(admin, "/dashboard/support-inbox");
  await expect(
    admin.getByTestId("support-chat-row").filter({ hasText: priorityAgent.name }),
  ).toContainText("Answered");
  await adminContext.close();

  await gotoHydrated(page, "/dashboard/support");
  await expect(
    page.getByText("Featured ads show on the home page within an hour.", { exact: false }),
  ).toBeVisible();
});

test("a visitor asks for a WhatsApp call-back and the host finds the lead with its wa.me link", async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  // The form without consent is refused on purpose (400), which the browser logs.
  pageErrors.allow(failedRequest(`/listing/${premiumListingId}/whatsapp-callback.data`, 400));
  const visitorContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const visitor = await visitorContext.newPage();
  await gotoHydrated(visitor, `/listing/${premiumListingId}`);
  const card = visitor.getByRole("region", { name: "Request a WhatsApp call-back" });
  await expect(card).toBeVisible();
  await card.getByLabel("Your name").fill("Efua Owusu");
  await card.getByLabel("WhatsApp number").fill("+233 20 555 0199");
  // Without consent nothing is sent, and the form says why.
  await card.getByRole("button", { name: "Request call-back" }).click();
  await expect(
    card.getByText("Please tick the box to agree to be contacted on WhatsApp."),
  ).toBeVisible();
  await card.getByLabel(/I agree that the lister contacts me on WhatsApp/).check();
  await shootWidths(visitor, "support-whatsapp/whatsapp-form");
  await card.getByRole("button", { name: "Request call-back" }).click();
  await expect(visitor.getByRole("status")).toContainText("Call-back requested");
  await visitorContext.close();

  await signInWithGoogle(page, premiumAgent);
  await gotoHydrated(page, "/dashboard/inbox");
  const lead = page.getByTestId("whatsapp-callback").filter({ hasText: "Efua Owusu" });
  await expect(lead).toContainText("+233205550199");
  const chat = lead.getByRole("link", { name: "Chat on WhatsApp with Efua Owusu" });
  await expect(chat).toHaveAttribute("href", /^https:\/\/wa\.me\/233205550199\?text=/);
  await shootWidths(page, "support-whatsapp/whatsapp-leads-host");
});
