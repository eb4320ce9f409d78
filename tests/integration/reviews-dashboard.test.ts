import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { reviewsDashboard } from "../../app/services/reviews/reviews-dashboard.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking, makeStay } from "../support/factories/bookings.ts";
import { toastOf } from "../support/flash.ts";
import { createPageHandler, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const YEAR_MS = 365 * 86_400_000;
const DAY_MS = 86_400_000;

describe(`the reviews dashboard on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let host: MadeUser;
  let free: MadeUser;
  let ended: MadeUser;
  let guest: MadeUser;
  let lodge: number;
  let guesthouse: number;
  let unansweredLow: number;
  let nextDay = 10;

  /** A completed stay at the listing and its review, written `daysAgo` days ago. */
  async function review(listingId: number, rating: number, body: string, daysAgo: number) {
    const stay = await makeBooking({
      listing: { id: listingId },
      guest,
      checkIn: addDays(isoDay(new Date()), -(nextDay += 5)),
      status: "completed",
    });
    const [row] = await app.handle.db
      .insert(reviews)
      .values({
        listingId,
        authorId: guest.id,
        subjectId: host.id,
        bookingId: stay.id,
        rating,
        body,
        createdAt: new Date(Date.now() - daysAgo * DAY_MS),
      })
      .returning({ id: reviews.id });
    return row!.id;
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    [host, free, ended, guest] = await Promise.all([
      makeUser({ role: "agent", name: "Ama Host" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "user", name: "Kofi Guest" }),
    ]);
    // Standard sells the reviews dashboard; an ended Standard plan no longer grants it.
    await givePlan(host.id, "standard");
    await givePlan(ended.id, "standard", { startsAt: new Date(Date.now() - 2 * YEAR_MS) });
    lodge = (await makeStay({ owner: host, title: "Aburi Lodge" })).id;
    guesthouse = (await makeStay({ owner: host, title: "Osu Guesthouse" })).id;
    await review(lodge, 5, "Lovely garden.", 1);
    unansweredLow = await review(lodge, 2, "Noisy at night.", 2);
    await review(guesthouse, 4, "Good breakfast.", 65);
    await review(guesthouse, 1, "Cold shower.", 70);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows an entitled lister every review received, its distribution and trend", async () => {
    const dashboard = await reviewsDashboard(host.viewer, {});
    expect(dashboard.total).toBe(4);
    expect(dashboard.reviews.map((r) => r.body)).toEqual([
      "Lovely garden.",
      "Noisy at night.",
      "Good breakfast.",
      "Cold shower.",
    ]);
    expect(dashboard.reviews[0]).toMatchObject({ listingTitle: "Aburi Lodge", reply: null });
    expect(dashboard.distribution).toEqual([
      { rating: 1, count: 1 },
      { rating: 2, count: 1 },
      { rating: 3, count: 0 },
      { rating: 4, count: 1 },
      { rating: 5, count: 1 },
    ]);
    expect(dashboard.trend).toHaveLength(6);
    expect(dashboard.trend.reduce((sum, month) => sum + month.count, 0)).toBe(4);
    expect(dashboard.listings.map((l) => l.title)).toEqual(["Aburi Lodge", "Osu Guesthouse"]);
  });

  it("filters unanswered, low ratings and one listing; bad filters are no filter", async () => {
    const low = await reviewsDashboard(host.viewer, { low: "1" });
    expect(low.reviews.map((r) => r.rating)).toEqual([2, 1]);
    const one = await reviewsDashboard(host.viewer, { low: "1", listing: String(lodge) });
    expect(one.reviews.map((r) => r.body)).toEqual(["Noisy at night."]);
    const odd = await reviewsDashboard(host.viewer, { low: "yes", listing: "x", page: "-3" });
    expect(odd.total).toBe(4);
    // The distribution is of every review received, whatever the filters.
    expect(one.distribution.reduce((sum, row) => sum + row.count, 0)).toBe(4);
  });

  it("refuses a free or ended plan, naming the plan that unlocks it, and reads nothing", async () => {
    const words = t("entitlements.locked.plan", {
      perk: t("entitlements.locked.perks.reviewsDashboard"),
      plan: "Standard",
    });
    for (const who of [free, ended]) {
      await expect(reviewsDashboard(who.viewer, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      const tab = await page("/dashboard/reviews", { jar: who.jar });
      expect(tab.status).toBe(200);
      const text = await textOf(tab);
      expect(text).toContain(words);
      expect(text).not.toContain("Lovely garden.");
      const api = await send("/api/v1/me/reviews", { jar: who.jar });
      expect(api.status).toBe(403);
      expect(await api.json()).toMatchObject({ error: { code: "FORBIDDEN", message: words } });
    }
    // A regular user has no such tab at all.
    expect((await send("/api/v1/me/reviews", { jar: guest.jar })).status).toBe(403);
    expect((await send("/api/v1/me/reviews")).status).toBe(401);
  });

  it("lists through the page and the API for the entitled lister", async () => {
    const text = await textOf(await page("/dashboard/reviews?unanswered=1", { jar: host.jar }));
    expect(text).toContain("Noisy at night.");
    const api = await send("/api/v1/me/reviews?low=1", { jar: host.jar });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ total: 2, page: 1, pageCount: 1 });
  });

  it("replies inline once, and refuses a second reply", async () => {
    const back = "/dashboard/reviews?unanswered=1";
    const reply = (text: string) =>
      page("/reviews", {
        jar: host.jar,
        form: { intent: "reply", reviewId: String(unansweredLow), reply: text, redirectTo: back },
      });
    const first = await reply("Sorry: we moved the generator.");
    expect(first.headers.get("location")).toBe(back);
    expect(toastOf(first)).toMatchObject({ title: "reviews.toasts.replied" });
    const second = await reply("Again.");
    expect(toastOf(second)).toMatchObject({
      title: "reviews.toasts.refused",
      description: "reviews.errors.alreadyReplied",
    });
    const unanswered = await reviewsDashboard(host.viewer, { unanswered: "1" });
    expect(unanswered.reviews.map((r) => r.id)).not.toContain(unansweredLow);
    const all = await reviewsDashboard(host.viewer, {});
    expect(all.reviews.find((r) => r.id === unansweredLow)?.reply).toBe(
      "Sorry: we moved the generator.",
    );
  });
});
