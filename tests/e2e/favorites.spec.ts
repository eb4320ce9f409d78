import { expect, failedRequest, test } from "./support/test.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";

test("a signed-in user saves a listing from a card and the detail page, and finds it in My Favorites", async ({
  page,
}) => {
  await signedInAs(page, "user", "Naledi Dlamini");
  await page.goto("/real-estate");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  const heart = card.getByRole("button", { name: `Save ${title} to favourites` });
  // The heart fills at once and the save goes on in the background: wait for its answer before
  // asking the server for the page again.
  const stored = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith("/favorites") && response.ok(),
  );
  await heart.click();
  await expect(
    card.getByRole("button", { name: `Remove ${title} from favourites` }),
  ).toHaveAttribute("aria-pressed", "true");
  await stored;

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
  // The heart changes at once; the save goes on in the background, so wait for its answer.
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith("/favorites") && response.ok(),
  );
  await toggle.click();
  await expect(page.getByRole("button", { name: "Favorite" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await saved;

  await page.goto("/dashboard/my-listings");
  await expect(page.getByText("You have not saved any listings yet.")).toBeVisible();
});

test("a heart the server cannot save says why and keeps showing what is saved", async ({
  page,
  pageErrors,
}) => {
  pageErrors.allow(
    failedRequest("/favorites.data", "net::ERR_INTERNET_DISCONNECTED"),
    failedRequest("/favorites.data", 401),
  );
  await signedInAs(page, "user", "Kwame Mensah");
  await page.goto("/real-estate");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  const save = card.getByRole("button", { name: `Save ${title} to favourites` });
  const toast = page.getByRole("status");

  // The network is down: a toast, the heart as before, and the page stays (no error screen).
  await page.route("**/favorites.data*", (route) => route.abort("internetdisconnected"));
  await save.click();
  await expect(toast).toContainText("Favorites Not Updated");
  await expect(toast).toContainText(
    "Your change could not be saved. Check your connection and try again.",
  );
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("heading", { name: /Results Found/ })).toBeVisible();
  await page.unroute("**/favorites.data*");

  // The session ended in the meantime: asked to sign in again; the page shows the signed-out state.
  await page.context().clearCookies();
  await save.click();
  await expect(toast).toContainText("Please Sign In");
  await expect(toast).toContainText(
    "Your session has expired. Please sign in again to save favorites.",
  );
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
});

test("saving a listing taken down after the page loaded says it is no longer available", async ({
  page,
  browser,
  pageErrors,
}) => {
  pageErrors.allow(failedRequest("/favorites.data", 404));
  await signedInAs(page, "user", "Zainab Bello");
  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const admin = await adminContext.newPage();
  await signedInAsAdmin(admin);
  const title = `Lagoon lodge ${Date.now().toString(36)}`;
  const created = await admin.request.post("/api/v1/my-listings", {
    data: {
      title,
      category: "hospitality",
      listingType: "booking",
      price: "95",
      priceType: "per_night",
      countryCode: "GH",
      city: "Ada Foah",
      address: "1 Estuary Road",
      description: "Chalets on the lagoon.",
      propertyType: "lodge",
      amenities: [],
      tourTypes: [],
      serviceHighlights: [],
      images: [],
      contactMethod: "email",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/listing/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect((await admin.request.delete(`/api/v1/my-listings/${id}`)).status()).toBe(204);

  await page.getByRole("button", { name: "Favorite", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Favorites Not Updated");
  await expect(page.getByRole("status")).toContainText(
    "This listing is no longer available, so it cannot be saved.",
  );
  await expect(page.getByRole("button", { name: "Favorite", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await adminContext.close();
});
