import { expect, test } from "@playwright/test";
import { signedInAs } from "./support/accounts.ts";

test("a signed-in user saves a listing from a card and the detail page, and finds it in My Favorites", async ({
  page,
}) => {
  await signedInAs(page, "user", "Naledi Dlamini");
  await page.goto("/real-estate");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  const heart = card.getByRole("button", { name: `Save ${title} to favourites` });
  await heart.click();
  await expect(
    card.getByRole("button", { name: `Remove ${title} from favourites` }),
  ).toHaveAttribute("aria-pressed", "true");

  // Rendered saved by the server on the next visit: no flicker, no client fetch.
  const html = await (await page.request.get("/real-estate")).text();
  expect(html).toContain(`Remove ${title.replace(/&/g, "&amp;")} from favourites`);

  await page.goto("/dashboard/my-listings");
  await expect(page.getByRole("heading", { name: "Your Favorite Listings" })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();

  await page.getByRole("link", { name: "View", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const toggle = page.getByRole("button", { name: /Favorited|Saved/ });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(page.getByRole("button", { name: "Favorite" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  await page.goto("/dashboard/my-listings");
  await expect(page.getByText("You have not saved any listings yet.")).toBeVisible();
});
