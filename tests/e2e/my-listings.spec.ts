import { expect, test } from "./support/test.ts";
import { signedInAsAdmin } from "./support/accounts.ts";

test("admin: All Platform Listings shows every listing, a page at a time, with the total", async ({
  page,
}) => {
  await signedInAsAdmin(page);
  await page.goto("/dashboard/my-listings");
  await expect(page.getByRole("heading", { name: "All Platform Listings" })).toBeVisible();
  const total = Number(
    (await page.getByText(/^[\d,]+ listings$/).textContent())!.replace(/\D/g, ""),
  );
  // The demo data alone fills several pages.
  expect(total).toBeGreaterThan(48);
  const pageCount = Math.ceil(total / 24);
  const rows = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "View", exact: true }) });
  await expect(rows).toHaveCount(24);
  const firstOnPage1 = await rows.first().textContent();

  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL("/dashboard/my-listings?page=2");
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(rows).toHaveCount(24);
  expect(await rows.first().textContent()).not.toBe(firstOnPage1);

  await pages.getByRole("link", { name: `Page ${pageCount}` }).click();
  await expect(page).toHaveURL(`/dashboard/my-listings?page=${pageCount}`);
  await expect(rows).toHaveCount(total - 24 * (pageCount - 1));
  await expect(pages.getByText("Next")).toHaveAttribute("aria-disabled", "true");
});
