import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingLeads, listingViews } from "../../app/db/schema/index.ts";
import * as analyticsRoute from "../../app/routes/dashboard/analytics.tsx";
import { viewDay } from "../../app/services/listings/listing-views.server.ts";
import { planUnlocking } from "../../app/services/premium/entitlements.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, jarWith, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => viewDay(new Date(Date.now() - n * DAY));

type Page = Awaited<ReturnType<typeof analyticsRoute.loader>>;

describe(`analytics tiers by plan on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let free: MadeUser;
  let basic: MadeUser;
  let premium: MadeUser;
  let ended: MadeUser;
  let admin: MadeUser;
  let unlocking: string;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    [free, basic, premium, ended, admin] = await Promise.all([
      makeUser({ role: "agent" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "professional" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "admin" }),
    ]);
    await Promise.all([
      givePlan(basic.id, "basic"),
      givePlan(premium.id, "premium"),
      // A Premium plan bought two years ago, long over.
      givePlan(ended.id, "premium", { startsAt: new Date(Date.now() - 2 * 365 * DAY) }),
    ]);
    unlocking = (await planUnlocking("analytics", "premium"))!.name;
    // Every account: two views and a call in the last 30 days, one view 60 days ago.
    for (const owner of [free, basic, premium, ended]) {
      const { id } = await makeListing({ owner, title: `${owner.id} flat` });
      await app.handle.db.insert(listingViews).values([
        { listingId: id, visitorHash: "v1", day: daysAgo(0) },
        { listingId: id, visitorHash: "v2", day: daysAgo(10) },
        { listingId: id, visitorHash: "v1", day: daysAgo(60) },
      ]);
      await app.handle.db
        .insert(listingLeads)
        .values({ listingId: id, kind: "call", visitorHash: "v1", day: daysAgo(2) });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = async (who: MadeUser, query = "") =>
    (await app.loader(analyticsRoute, `/dashboard/analytics${query}`, jarWith(who.cookie))) as Page;

  it("gives a free account, a Basic plan and an ended plan the 30 days' totals only", async () => {
    for (const who of [free, basic, ended]) {
      // A premium range asked in the URL still shows the basic tier.
      const shown = await page(who, "?days=90");
      expect(shown).toEqual({
        tier: "basic",
        basic: {
          days: 30,
          from: daysAgo(29),
          to: daysAgo(0),
          totals: { views: 2, leads: 1 },
          unlockingPlan: unlocking,
        },
      });
    }
  });

  it("gives a plan with premium analytics the ranges, listings and lead sources", async () => {
    const shown = await page(premium, "?days=90");
    expect(shown.tier).toBe("premium");
    if (shown.tier !== "premium") return;
    expect(shown.report.days).toBe(90);
    expect(shown.report.totals).toMatchObject({ views: 3, leads: 1, call: 1 });
    expect(shown.report.listings).toHaveLength(1);
    expect(shown.report.daily).toHaveLength(90);
    const platform = await page(admin, "?days=7");
    expect(platform.tier === "premium" && platform.report.platform).toBe(true);
  });

  it("refuses premium ranges and layouts through the API, naming the plan that unlocks them", async () => {
    for (const who of [free, basic, ended]) {
      const jar = jarWith(who.cookie);
      for (const query of ["days=90", "days=7", "days=30&by=listing", "days=30&by=day"]) {
        const refused = await send(`/api/v1/analytics/report.csv?${query}`, { jar });
        expect(refused.status, query).toBe(403);
        const body = (await refused.json()) as { error: { message: string } };
        expect(body.error.message).toBe(
          `Your plan does not include premium analytics. The ${unlocking} plan unlocks it.`,
        );
      }
      const totals = await send("/api/v1/analytics/report.csv?days=30", { jar });
      expect(totals.status).toBe(200);
      expect(totals.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(totals.headers.get("content-disposition")).toMatch(
        /^attachment; filename="gateway-africa-analytics-totals-/,
      );
      expect(await totals.text()).toBe("Views,Leads\r\n2,1\r\n");
    }
    const jar = jarWith(premium.cookie);
    const listings = await send("/api/v1/analytics/report.csv?days=90", { jar });
    expect(listings.status).toBe(200);
    expect((await listings.text()).split("\r\n")[0]).toBe(
      "Listing ID,Listing,Views,Leads,Calls,WhatsApp,E-mails,Shares,Favorites",
    );
    const daily = await send("/api/v1/analytics/report.csv?days=7&by=day", { jar });
    expect(daily.status).toBe(200);
  });
});
