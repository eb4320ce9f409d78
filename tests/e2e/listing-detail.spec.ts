import type { APIRequestContext } from "@playwright/test";
import { expect, failedRequest, test } from "./support/test.ts";
import { buildDemoData } from "../../scripts/demo/demo-data.ts";
import { gotoHydrated } from "./support/hydration.ts";

interface Detail {
  id: number;
  title: string;
  category: string;
  contactMethod: "email" | "phone" | "whatsapp";
  images: unknown[];
  agent: { name: string; contactAvailable: boolean };
}

/** Public listings in full, found through the JSON API (the same service as the pages). */
async function findListing(
  request: APIRequestContext,
  matches: (listing: Detail) => boolean,
): Promise<Detail> {
  for (let page = 1; page <= 8; page++) {
    const res = await request.get(`/api/v1/listings?sort=newest&page=${page}`);
    const body = (await res.json()) as { listings: { id: number }[]; pageCount: number };
    for (const { id } of body.listings) {
      const detail = (await (await request.get(`/api/v1/listings/${id}`)).json()) as {
        listing: Detail;
      };
      if (matches(detail.listing)) return detail.listing;
    }
    if (page >= body.pageCount) break;
  }
  throw new Error("No listing matches");
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

for (const [name, device] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`listing detail on ${name}`, () => {
    test.use(device);

    test("card → detail → Back to Listings returns to the same results", async ({ page }) => {
      await page.goto("/real-estate?sort=price-high");
      const card = page.getByRole("article").first();
      const title = (await card.getByRole("heading").textContent())!.trim();
      await card.getByRole("link", { name: "View Details" }).click();
      await expect(page).toHaveURL(/\/listing\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      // No demo host is verified: a listing's approval alone earns no "Verified" badge.
      await expect(page.getByText("Verified", { exact: true })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "About this Property" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Contact Agent" })).toBeVisible();
      await expect(page.getByText("Listing Agent")).toBeVisible();
      await expect(page.getByRole("heading", { name: "You might also like" })).toBeVisible();
      const related = page
        .getByRole("region", { name: "You might also like" })
        .getByRole("article");
      expect(await related.count()).toBeLessThanOrEqual(2);
      await page.getByRole("link", { name: "Back to Listings" }).click();
      await expect(page).toHaveURL(/\/real-estate\?sort=price-high$/);
      await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(title);
    });

    test("the lister's number is revealed on a click, through the lead counter", async ({
      page,
      request,
    }) => {
      // Without scripts the button is the server's contact link: it records the lead, then
      // redirects to the app that calls, chats or writes.
      const followed = async (name: string, id: number) => {
        await page.goto(`/listing/${id}`);
        const link = page.getByRole("link", { name });
        await expect(link).toHaveAttribute("href", `/listing/${id}/contact`);
        const answer = await request.get(`/listing/${id}/contact`, { maxRedirects: 0 });
        expect(answer.status()).toBe(302);
        return answer.headers()["location"]!;
      };
      const phone = await findListing(
        request,
        (l) => l.contactMethod === "phone" && l.agent.contactAvailable,
      );
      const tel = await followed("Call Agent", phone.id);
      expect(tel).toMatch(/^tel:\+?\d{6,}$/);
      // With scripts, the click asks for the number and shows it as a link to call.
      expect(await page.content()).not.toContain(tel.slice(5));
      await page.getByRole("link", { name: "Call Agent" }).click();
      await expect(page.getByRole("link", { name: /Call Agent:/ })).toHaveAttribute("href", tel);

      const whatsapp = await findListing(
        request,
        (l) => l.contactMethod === "whatsapp" && l.agent.contactAvailable,
      );
      expect(await followed("WhatsApp", whatsapp.id)).toMatch(/^https:\/\/wa\.me\/\d{6,}$/);
      await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
        "target",
        "_blank",
      );

      const email = await findListing(request, (l) => l.contactMethod === "email");
      const mailto = new URL(await followed("Send Email", email.id));
      expect(mailto.protocol).toBe("mailto:");
      const subject = mailto.searchParams.get("subject")!;
      expect(subject).toContain(email.title);
      expect(subject).toContain(`#${email.id}`);
      await page.getByRole("link", { name: "Send Email" }).click();
      await expect(page.getByRole("link", { name: /Send Email:/ })).toHaveAttribute(
        "href",
        mailto.href,
      );
    });

    test("favouriting while signed out asks to sign in", async ({ page, request }) => {
      const listing = await findListing(request, () => true);
      await page.goto(`/listing/${listing.id}`);
      await page.getByRole("button", { name: "Favorite" }).click();
      await expect(page.getByRole("status")).toContainText("Please Sign In");
      await expect(page.getByRole("status")).toContainText(
        "You need to be logged in to save favorites.",
      );
    });

    test("a pending listing is 'Listing Not Found' with a Back button", async ({
      page,
      pageErrors,
    }) => {
      // The demo catalogue is deterministic; identity ids follow its order from 1.
      const demo = buildDemoData(new Date());
      const index = demo.listings.findIndex((l) => l.status === "pending_approval");
      const pendingId = index + 1;
      const missing = [String(pendingId), "abc", "0", "99999999"];
      pageErrors.allow(...missing.map((id) => failedRequest(`/listing/${id}`, 404)));
      const response = await page.goto(`/listing/${pendingId}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Listing Not Found" })).toBeVisible();
      await expect(
        page.getByText("This listing could not be found. It may have been removed."),
      ).toBeVisible();
      await expect(page).toHaveTitle("Listing Not Found | Gateway Africa");
      await page.getByRole("link", { name: "Back", exact: true }).click();
      await expect(page).toHaveURL(/\/real-estate$/);

      for (const bad of missing.slice(1)) {
        const res = await page.goto(`/listing/${bad}`);
        expect(res?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "Listing Not Found" })).toBeVisible();
      }
    });
  });
}

test.describe("the gallery", () => {
  test.use(DESKTOP);

  test("moves with arrows, dots, keys and a swipe", async ({ page, request }) => {
    const listing = await findListing(request, (l) => l.images.length >= 3);
    const total = listing.images.length;
    await page.goto(`/listing/${listing.id}`);
    const gallery = page.getByRole("region", { name: `Photos of ${listing.title}` });
    const counter = gallery.getByText(new RegExp(`^\\d of ${total}$`)).last();
    await expect(counter).toHaveText(`1 of ${total}`);
    await gallery.getByRole("button", { name: "Next image" }).click();
    await expect(counter).toHaveText(`2 of ${total}`);
    await gallery.getByRole("button", { name: "Previous image" }).click();
    await expect(counter).toHaveText(`1 of ${total}`);
    await gallery.getByRole("button", { name: "Go to slide 3" }).click();
    await expect(counter).toHaveText(`3 of ${total}`);
    await expect(gallery.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    await gallery.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`2 of ${total}`);
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`3 of ${total}`);

    const box = (await gallery.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
    await page.mouse.up();
    await expect(counter).toHaveText(total > 3 ? `4 of ${total}` : `1 of ${total}`);
  });
});

test.describe("sharing and search engines", () => {
  test.use(DESKTOP);

  test("Share copies the link when there is no share sheet", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const listing = await findListing(request, () => true);
    await page.goto(`/listing/${listing.id}`);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status")).toContainText("URL Copied!");
    await expect(page.getByRole("status")).toContainText(
      "The listing URL has been copied to your clipboard.",
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/listing/${listing.id}$`),
    );
  });

  test("a toast keeps its words on the next page, which has texts of its own", async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const listing = await findListing(request, () => true);
    await page.clock.install();
    await gotoHydrated(page, `/listing/${listing.id}`);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status")).toContainText("URL Copied!");
    // Time stands still, so the toast is still up when the next page is on screen however slow
    // the machine; that page does not load the listing page's texts.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByRole("banner").getByRole("link", { name: "Home" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText(listing.title);
    await expect(page).toHaveURL("/");
    expect(await page.getByRole("status").innerText()).toContain("URL Copied!");
  });

  test("Share uses the device share sheet when there is one", async ({ page, request }) => {
    const listing = await findListing(request, () => true);
    await page.goto(`/listing/${listing.id}`);
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", {
        value: () => Promise.resolve(),
        configurable: true,
      });
    });
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status")).toContainText("Shared successfully!");
  });

  test("the page has its title, canonical link, social cards and JSON-LD", async ({
    page,
    request,
  }) => {
    const listing = await findListing(request, (l) => l.images.length > 0);
    await page.goto(`/listing/${listing.id}`);
    await expect(page).toHaveTitle(`${listing.title} | Gateway Africa`);
    const base = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${base}/listing/${listing.id}`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/media\/.+-gallery\.webp$/,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(ld["@context"]).toBe("https://schema.org");
    expect(["Product", "Service"]).toContain(ld["@type"]);
    expect(ld.name).toBe(listing.title);
  });

  test("robots.txt and the sitemap list what may be crawled", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Disallow: /add-listing");
    expect(text).toContain("Disallow: /api/");
    expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain("/real-estate</loc>");
    expect(xml).toContain("/about</loc>");
    const listing = await findListing(request, () => true);
    expect(xml).toContain(`/listing/${listing.id}</loc>`);
    const pendingIndex = buildDemoData(new Date()).listings.findIndex(
      (l) => l.status === "pending_approval",
    );
    expect(xml).not.toContain(`/listing/${pendingIndex + 1}</loc>`);
  });
});
