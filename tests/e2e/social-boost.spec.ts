import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test.ts";
import { signedInAs, signedInAsAdmin } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { closeToast, gotoHydrated } from "./support/hydration.ts";
import { publishApproved } from "./support/listings.ts";
import { payByCard } from "./support/payments.ts";
import { shootWidths } from "./support/screens.ts";

/**
 * Social media boost, a perk of Elite: a host on Elite boosts a live listing from My Listings,
 * the administrator finds it in the Boost queue with its share image and post texts and records
 * where it was posted, and the host sees "Boosted on …" with the post's link.
 */
test("a host boosts a listing, the administrator marks it posted, and the host sees where", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "agent", "Efua Boost");
  await gotoHydrated(page, "/dashboard/premium-plans");
  await page.getByRole("button", { name: "Choose the Elite plan" }).click();
  await payByCard(page);
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible({ timeout: 20_000 });

  const upload = await page.request.post("/api/v1/uploads/listing-images", {
    multipart: {
      file: {
        name: "cover.webp",
        mimeType: "image/webp",
        buffer: await readFile("public/images/hero/slide-2.webp"),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  const title = `Labone garden flat ${Date.now().toString(36)}`;
  await publishApproved(browser, page, {
    title,
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    price: "1250",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "4 Labone Crescent",
    description: "Two bedrooms opening on a shaded garden, ten minutes from the beach.",
    bedrooms: 2,
    amenities: [],
    tourTypes: [],
    serviceHighlights: [],
    images: [key],
    contactMethod: "email",
  });

  await gotoHydrated(page, "/dashboard/my-listings");
  await expect(page.getByTestId("boost-panel")).toContainText(
    "Used 0 of 3 boosts this plan period.",
  );
  await page.getByRole("button", { name: `Boost: ${title}` }).click();
  await expect(page.getByRole("status").first()).toContainText("Boost requested");
  await expect(page.getByTestId("boost-panel")).toContainText(
    "Used 1 of 3 boosts this plan period.",
  );
  await expect(page.getByTestId("boost-status")).toContainText("waiting to be posted");
  await expect(page.getByRole("button", { name: `Boost: ${title}` })).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const admin = await adminContext.newPage();
  await signedInAsAdmin(admin);
  await gotoHydrated(admin, "/dashboard/boost-queue");
  // The magic link's "Check Your Email" toast, from signing in, would cover the screenshots.
  await closeToast(admin);
  await expect(admin.getByRole("heading", { name: "Boost queue", level: 2 })).toBeVisible();
  const card = admin.locator("[data-boost]").filter({ hasText: title }).first();
  const image = card.getByRole("img", { name: `Share image of ${title}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expect(card.getByRole("link", { name: `Download image: ${title}` })).toHaveAttribute(
    "download",
    "",
  );
  await expect(card.getByRole("textbox", { name: "X post" })).toHaveValue(
    new RegExp(`${title} in Accra, Ghana, \\$1,250 per month\\. On .+: http.+/listing/\\d+$`),
  );
  await shootWidths(admin, "social-boost/queue");

  await card.getByLabel("Network").selectOption("facebook");
  await card.getByLabel("Post link").fill("https://www.facebook.com/gatewayafrica/posts/9001");
  await card.getByRole("button", { name: `Mark posted: ${title}` }).click();
  await expect(admin.getByRole("status").first()).toContainText("Boost marked posted");
  await adminContext.close();

  await gotoHydrated(page, "/dashboard/my-listings");
  const status = page.getByTestId("boost-status");
  await expect(status).toContainText("Boosted on");
  await expect(status.getByRole("link", { name: "Facebook post" })).toHaveAttribute(
    "href",
    "https://www.facebook.com/gatewayafrica/posts/9001",
  );
  await shootWidths(page, "social-boost/host");
});

test("a host without the perk is told which plan unlocks it, and has no Boost button", async ({
  page,
}) => {
  await signedInAs(page, "agent", "Yaw Free");
  await gotoHydrated(page, "/dashboard/my-listings");
  await expect(page.getByTestId("boost-panel")).toContainText(
    "Your plan does not include social media boosts. The Elite plan unlocks it.",
  );
  await expect(page.getByRole("button", { name: /^Boost:/ })).toHaveCount(0);
  const refused = await page.request.get("/api/v1/admin/boosts");
  expect(refused.status()).toBe(403);
});
