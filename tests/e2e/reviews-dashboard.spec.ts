import { expect, test } from "./support/test.ts";
import { buildDemoData } from "../../scripts/demo/demo-data.ts";
import { setGoogleIdentity, signedInAs } from "./support/accounts.ts";
import { gotoHydrated } from "./support/hydration.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * The reviews dashboard, a plan's perk: a demo agent on Standard reads every review received,
 * keeps the unanswered ones and replies inline; an agent on the free tier is told which plan
 * unlocks the tab instead. Demo people sign in with Google (the local stand-in), which the site
 * links to their account by its address.
 */

/** A demo agent whose ten listings put them on Standard, the plan that sells the perk. */
const host = buildDemoData(new Date()).users.find((u) => u.id === "demo-agent-5")!;

test("an agent on Standard reads the reviews received, filters the unanswered and replies inline", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await setGoogleIdentity({ sub: `demo-${host.email}`, email: host.email, name: host.name });
  await gotoHydrated(page, "/?auth=login");
  await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/, { timeout: 15_000 });

  await gotoHydrated(page, "/dashboard/premium-plans");
  await expect(page.getByRole("region", { name: "Your plan" })).toContainText("Standard plan");

  await gotoHydrated(page, "/dashboard/reviews");
  await expect(page.getByRole("heading", { name: "Reviews", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ratings" })).toBeVisible();
  await expect(page.getByText(/^5 stars: \d+ reviews?$/)).toBeAttached();
  await expect(page.locator("[data-review]").first()).toBeVisible();

  await page.getByRole("link", { name: "Unanswered" }).click();
  await expect(page).toHaveURL(/unanswered=1/);
  const first = page.locator("[data-review]").first();
  await expect(first).toContainText("Awaiting reply");
  await shootWidths(page, "reviews-dash/entitled", [390, 1366]);

  await first.locator("summary").click();
  await first.getByRole("textbox").fill("Thank you for staying with us.");
  await first.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByRole("status")).toContainText("Reply posted");
  await expect(page).toHaveURL(/unanswered=1/);
  // The answered review leaves the unanswered list.
  await expect(
    page.locator("[data-review]").filter({ hasText: "Thank you for staying with us." }),
  ).toHaveCount(0);
});

test("an agent without a plan is told which plan unlocks the reviews dashboard", async ({
  page,
}) => {
  await signedInAs(page, "agent", "Free Agent");
  await gotoHydrated(page, "/dashboard/reviews");
  const locked = page.getByTestId("reviews-locked");
  await expect(locked).toContainText(
    "Your plan does not include the reviews dashboard. The Standard plan unlocks it.",
  );
  await expect(page.locator("[data-review]")).toHaveCount(0);
  await shootWidths(page, "reviews-dash/locked", [390, 1366]);
  await locked.getByRole("link", { name: "See the plans" }).click();
  await expect(page).toHaveURL(/\/dashboard\/premium-plans$/);
});
