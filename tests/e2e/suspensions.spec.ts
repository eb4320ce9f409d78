import { expect, failedRequest, test } from "./support/test.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { approvedRental } from "./support/listings.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * Issue 28, point 5 in the browser: the administrator suspends an agent with a reason from the
 * Users tab; the agent's listing leaves public view, their sign-in is refused with the reason and
 * the end date, and a guest's conversation with them says the account is suspended. Lifted, the
 * listing is back.
 */

test("the admin suspends an agent: listing hidden, sign-in refused, conversation noted; lifted, it is back", async ({
  page,
  browser,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const agentName = `Wanjiru Agent ${run}`;
  const title = `Kilimani Flat ${run}`;

  // The agent, with a password, and an approved listing.
  const agentContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const agentPage = await agentContext.newPage();
  const agent = await signedInAs(agentPage, "agent", agentName);
  const listingId = await approvedRental(browser, agentPage, title);

  // A guest who asked about it.
  const guestContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const guest = await guestContext.newPage();
  await signedInAs(guest, "user", `Grace Guest ${run}`);
  const started = await guest.request.post(`/api/v1/listings/${listingId}/conversations`, {
    data: { body: "Is the flat free from May?" },
  });
  expect(started.status()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: number };

  // The administrator suspends the agent from the Users tab.
  await signedInAsAdmin(page);
  await gotoHydrated(page, `/dashboard/user-management?q=${encodeURIComponent(agent.email)}`);
  const row = page.getByRole("row").filter({ hasText: agent.email });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Suspend or ban ${agentName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Suspend or ban ${agentName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("full refund to the guest");
  await dialog.getByLabel("Action").selectOption("suspend");
  await dialog.getByLabel("Suspended until (UTC)").fill("2030-06-01T12:00");
  await dialog.getByLabel("Reason (the person reads it)").fill("Several reports of a fake listing");
  await shootWidths(page, "suspend-dialog", [390, 1366]);
  await dialog.getByRole("button", { name: "Suspend account" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").first()).toContainText("Account suspended");
  await expect(row).toContainText("Suspended until 1 Jun 2030, 12:00 UTC");

  // The listing is gone from public view (its page is a 404 for a visitor).
  const visitorContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const visitor = await visitorContext.newPage();
  pageErrors.watchContext(visitorContext);
  pageErrors.allow(failedRequest(`/listing/${listingId}`, 404));
  const hidden = await visitor.goto(`/listing/${listingId}`);
  expect(hidden?.status()).toBe(404);
  const api = await visitor.request.get(`/api/v1/listings/${listingId}`);
  expect(api.status()).toBe(404);

  // The agent's session ended; signing in again is refused with the reason and the end.
  expect((await agentPage.request.get("/api/v1/me/conversations")).status()).toBe(401);
  await agentContext.clearCookies();
  await gotoHydrated(agentPage, "/?auth=login");
  const signIn = agentPage.getByRole("dialog");
  await signIn.getByLabel("Email", { exact: true }).fill(agent.email);
  await signIn.getByLabel("Password", { exact: true }).fill("secret12");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  const refusal = agentPage.getByRole("status");
  await expect(refusal).toContainText("Sign In Error");
  await expect(refusal).toContainText(
    "This account is suspended until 1 Jun 2030, 12:00 UTC. Reason: Several reports of a fake listing",
  );

  // The guest's conversation says so, and offers no reply form.
  await gotoHydrated(guest, `/dashboard/inbox/${conversationId}`);
  await expect(
    guest.getByText("This account is suspended. You cannot send messages in this conversation"),
  ).toBeVisible();
  await expect(guest.getByLabel("Your message")).toHaveCount(0);
  await shootWidths(guest, "conversation-note", [390, 1366]);

  // Lifted: the listing is back.
  await row.getByRole("button", { name: `Lift the suspension of ${agentName}` }).click();
  const lift = page.getByRole("alertdialog", { name: `Lift the suspension of ${agentName}?` });
  await lift.getByRole("button", { name: "Lift suspension" }).click();
  await expect(page.getByRole("status").first()).toContainText("Suspension lifted");
  await expect(row).toContainText("Active");
  const back = await visitor.goto(`/listing/${listingId}`);
  expect(back?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);

  await Promise.all([agentContext.close(), guestContext.close(), visitorContext.close()]);
});
