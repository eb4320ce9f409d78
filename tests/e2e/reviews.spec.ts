import type { Browser, BrowserContext } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { buildDemoData } from "../../scripts/demo/demo-data.ts";
import { REVIEW_JOURNEY } from "../../scripts/demo/demo-reviews.ts";
import { setGoogleIdentity } from "./support/accounts.ts";
import { E2E } from "./support/e2e-env.ts";
import { gotoHydrated } from "./support/hydration.ts";

/**
 * Reviews end to end on the demo data: the demo guest whose stays are completed but not reviewed
 * reviews one from the Bookings tab, the host (a demo agent) replies from the listing page, and
 * the listing's card shows the new average. Demo people have no password: they sign in with
 * Google (the local stand-in), which the site links to their account by its address.
 */

const host = buildDemoData(new Date()).users.find((u) => u.id === REVIEW_JOURNEY.hostId)!;

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A session of the person, signed in once with Google (sign-ins are limited to a few a minute). */
async function signInWithGoogle(
  browser: Browser,
  person: { email: string; name: string },
): Promise<Session> {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const page = await context.newPage();
  await setGoogleIdentity({ sub: `demo-${person.email}`, email: person.email, name: person.name });
  await gotoHydrated(page, "/?auth=login");
  await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/, { timeout: 15_000 });
  const session = await context.storageState();
  await context.close();
  return session;
}

let guestSession: Session;
let hostSession: Session;

test.beforeAll(async ({ browser }) => {
  guestSession = await signInWithGoogle(browser, {
    email: REVIEW_JOURNEY.guestEmail,
    name: REVIEW_JOURNEY.guestName,
  });
  hostSession = await signInWithGoogle(browser, host);
});

interface ReviewPage {
  rating: string | null;
  ratingCount: number;
  pageCount: number;
  reviews: { rating: number; body: string; reply: string | null }[];
}

/** Every visible review of the listing through the JSON API, page after page. */
async function allReviews(browser: Browser, listingId: string) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  const pages: ReviewPage[] = [];
  for (let page = 1; page === 1 || page <= pages[0]!.pageCount; page++) {
    const response = await context.request.get(
      `/api/v1/listings/${listingId}/reviews?page=${page}`,
    );
    expect(response.status()).toBe(200);
    pages.push((await response.json()) as ReviewPage);
  }
  await context.close();
  return { ...pages[0]!, reviews: pages.flatMap((p) => p.reviews) };
}

for (const [name, viewport, stars] of [
  ["desktop", { width: 1280, height: 900 }, 5],
  ["phone", { width: 390, height: 844 }, 3],
] as const) {
  test.describe(`on ${name}`, () => {
    test("a guest reviews a completed stay, the host replies, and the card shows the new average", async ({
      browser,
    }) => {
      const body = `Quiet rooms and a warm welcome (${name} ${Date.now().toString(36)}).`;
      const guestContext = await browser.newContext({
        baseURL: E2E.baseUrl,
        viewport,
        storageState: guestSession,
      });
      const page = await guestContext.newPage();
      await page.goto("/dashboard/bookings");
      const row = page.locator("li[data-booking]", { hasText: "Write a review" }).first();
      const listingLink = row.getByRole("link").first();
      const title = (await listingLink.textContent())!.trim();
      const listingId = /\/listing\/(\d+)/.exec((await listingLink.getAttribute("href"))!)![1]!;
      const stay = page.locator(`li[data-booking="${await row.getAttribute("data-booking")}"]`);
      const before = await allReviews(browser, listingId);

      await stay.getByText("Write a review").click();
      const rating = stay.getByRole("group", { name: "Your rating" });
      await rating.locator("label", { hasText: `${stars} stars` }).click();
      await expect(rating.getByRole("radio", { name: `${stars} stars` })).toBeChecked();
      await stay.getByLabel("Your review").fill(body);
      await stay.getByRole("button", { name: "Post review" }).click();
      await expect(page.getByRole("status").first()).toContainText("Review posted");
      await expect(stay).toContainText("Reviewed");
      await expect(stay.getByText("Write a review")).toHaveCount(0);

      // The host answers on the listing page, under the new review.
      const hostContext = await browser.newContext({
        baseURL: E2E.baseUrl,
        viewport,
        storageState: hostSession,
      });
      const hostPage = await hostContext.newPage();
      await gotoHydrated(hostPage, `/listing/${listingId}`);
      const review = hostPage.locator("article[data-review]", { hasText: body });
      await expect(review).toBeVisible();
      await review.getByText("Reply", { exact: true }).click();
      await review.getByLabel("Your reply").fill("Thank you for staying with us!");
      await review.getByRole("button", { name: "Post reply" }).click();
      await expect(hostPage.getByRole("status").first()).toContainText("Reply posted");
      await expect(hostPage.locator("article[data-review]", { hasText: body })).toContainText(
        `Reply from ${host.name}`,
      );
      await hostContext.close();

      // The average is the reviews' own, and the listing's card in its section shows it.
      const after = await allReviews(browser, listingId);
      expect(after.ratingCount).toBe(before.ratingCount + 1);
      const sum = after.reviews.reduce((total, r) => total + r.rating, 0);
      const average = (Math.round((sum * 10) / after.reviews.length) / 10).toFixed(1);
      expect(after.rating).toBe(average);
      await page.goto(`/hospitality?q=${encodeURIComponent(title)}`);
      const card = page.locator("article", { has: page.getByRole("heading", { name: title }) });
      await expect(card.getByLabel(`${average} out of 5`)).toContainText(
        `${average}(${after.ratingCount})`,
      );

      // And the listing page itself, in stars and words, with the reply under the review.
      await page.goto(`/listing/${listingId}`);
      const section = page.getByRole("region", { name: "Reviews" });
      await expect(section.getByText(`${average} out of 5`).first()).toBeAttached();
      await expect(section).toContainText(
        after.ratingCount === 1 ? "1 review" : `${after.ratingCount} reviews`,
      );
      await expect(section.locator("article[data-review]", { hasText: body })).toContainText(
        "Thank you for staying with us!",
      );
      await guestContext.close();
    });
  });
}
