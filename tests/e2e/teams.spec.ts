import { expect, test } from "./support/test.ts";
import { signedInAs, uniqueEmail } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { approvedRental } from "./support/listings.ts";
import { shootWidths } from "./support/screens.ts";
import { buyUltimate, invitedSignsUp, inviteByEmail, startAgency } from "./support/teams.ts";

/**
 * Team access, as an agency would use it: the owner buys Ultimate by card, starts the agency and
 * invites a member by e-mail; the member signs up with that address, accepts from the e-mail's
 * link and publishes a listing; the owner finds it in their listings, published by the member,
 * and the visitor's question about it in their inbox, assigns the lead and hands the listing on.
 */

test("an agency owner on Ultimate invites a member, who accepts and publishes; the owner sees the listing and its lead and hands them on", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signedInAs(page, "agent", "Olu Owner");

  // Without the plan, the Team tab says which plan unlocks it.
  await gotoHydrated(page, "/dashboard/team");
  await expect(page.getByTestId("team-locked")).toContainText(
    "Your plan does not include team access. The Ultimate plan unlocks it.",
  );
  await shootWidths(page, "teams/locked", [390]);

  await buyUltimate(page);
  await startAgency(page, "Savannah Homes");
  await expect(page.getByTestId("team-seats")).toHaveText(/^0 of \d+ seats used$/);

  const memberEmail = uniqueEmail("member");
  await inviteByEmail(page, memberEmail);
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending).toContainText(memberEmail);
  await expect(
    pending.getByRole("button", { name: `Revoke the invitation to ${memberEmail}` }),
  ).toBeVisible();
  await expect(page.getByTestId("team-seats")).toHaveText(/^1 of \d+ seats used$/);
  await shootWidths(page, "teams/owner");

  // The member signs up with the invited address and accepts from the e-mail's link.
  const { context: memberContext, page: member } = await invitedSignsUp(browser, {
    name: "Amina Member",
    email: memberEmail,
    agency: "Savannah Homes",
  });
  const card = member.getByTestId("team-invitation");
  await expect(card).toContainText("Savannah Homes invites you to publish under the agency.");
  await card.getByRole("button", { name: "Accept invitation" }).click();
  await expect(member.getByRole("status")).toContainText("Welcome to Savannah Homes");
  await expect(member.getByTestId("member-agency")).toContainText(
    "You publish under Savannah Homes, whose owner is Olu Owner.",
  );
  await expect(member.getByRole("button", { name: "Leave agency" })).toBeVisible();
  await shootWidths(member, "teams/member");

  const title = `Team flat ${Date.now().toString(36)}`;
  const listingId = await approvedRental(browser, member, title);
  await memberContext.close();

  // A visitor asks about the member's listing: the member's lead.
  const guestContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const guest = await guestContext.newPage();
  await signedInAs(guest, "user", "Ama Guest");
  const asked = await guest.request.post(`/api/v1/listings/${listingId}/conversations`, {
    data: { body: "Is the flat free from May?" },
  });
  expect(asked.status()).toBe(201);
  await guestContext.close();

  // The owner sees the member's listing among theirs, published by the member.
  await gotoHydrated(page, "/dashboard/my-listings");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("Published by Amina Member");
  // Featured on the member's own plan, not the owner's: no toggle for the owner here.
  await expect(row.getByRole("button", { name: `Feature ${title}` })).toHaveCount(0);
  await shootWidths(page, "teams/my-listings-owner", [390, 1366]);

  // The owner sees the member's lead in the inbox and assigns it to themselves.
  await gotoHydrated(page, "/dashboard/inbox");
  const lead = page.getByRole("listitem").filter({ hasText: title });
  await expect(lead).toContainText("Answered by Amina Member");
  await shootWidths(page, "teams/inbox-owner", [390, 1366]);
  const about = `the lead from Ama Guest about ${title}`;
  await lead.getByLabel(`Assign ${about} to`).selectOption({ label: "Olu Owner" });
  await lead.getByRole("button", { name: `Assign ${about}` }).click();
  await expect(page.getByRole("status")).toContainText("Lead assigned");
  await expect(lead).not.toContainText("Answered by");

  // The owner hands the listing to themselves: it stays the agency's, now theirs to manage.
  await gotoHydrated(page, "/dashboard/my-listings");
  await row.getByLabel(`Hand ${title} to`).selectOption({ label: "Olu Owner" });
  await row.getByRole("button", { name: `Hand over ${title}` }).click();
  await expect(page.getByRole("status")).toContainText("Listing handed over");
  await expect(row).not.toContainText("Published by");

  // The member is among the team.
  await gotoHydrated(page, "/dashboard/team");
  const members = page.getByRole("list", { name: "Members" });
  await expect(members).toContainText("Amina Member");
  await expect(
    members.getByRole("button", { name: "Remove Amina Member from the team" }),
  ).toBeVisible();
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  await shootWidths(page, "teams/owner-with-member");
});
