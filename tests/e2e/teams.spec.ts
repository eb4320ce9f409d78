import { expect, test } from "./support/test.ts";
import { signedInAs, uniqueEmail } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shootWidths } from "./support/screens.ts";
import { buyUltimate, invitedSignsUp, inviteByEmail, startAgency } from "./support/teams.ts";

/**
 * Team access, as an agency would use it: the owner buys Ultimate by card, starts the agency and
 * invites a member by e-mail; the member signs up with that address, accepts from the e-mail's
 * link and publishes a listing; the owner finds it in their listings.
 */

test("an agency owner on Ultimate invites a member, who accepts and publishes; the owner sees the listing", async ({
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
  const created = await member.request.post("/api/v1/my-listings", {
    data: {
      title,
      category: "real-estate",
      listingType: "rent",
      propertyType: "apartment",
      price: "650",
      priceType: "per_month",
      countryCode: "GH",
      city: "Accra",
      address: "12 Oxford Street",
      description: "Two bedrooms near the market, water and power all day.",
      bedrooms: 2,
      amenities: [],
      tourTypes: [],
      serviceHighlights: [],
      images: [],
      contactMethod: "phone",
      contactPhone: "+233 24 555 0123",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await memberContext.close();

  // The owner sees the member's listing among theirs, and the member among the team.
  await gotoHydrated(page, "/dashboard/my-listings");
  await expect(page.getByText(title).first()).toBeVisible();
  await gotoHydrated(page, "/dashboard/team");
  const members = page.getByRole("list", { name: "Members" });
  await expect(members).toContainText("Amina Member");
  await expect(
    members.getByRole("button", { name: "Remove Amina Member from the team" }),
  ).toBeVisible();
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  await shootWidths(page, "teams/owner-with-member");
});
