import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_RULES, rateLimitKey } from "../../app/auth/rate-limit.server.ts";
import {
  conversations,
  listingLeads,
  listingViews,
  quoteRequests,
  rateLimitHits,
} from "../../app/db/schema/index.ts";
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
  let elite: MadeUser;

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
    elite = await makeUser({ role: "professional" });
    await Promise.all([
      givePlan(basic.id, "basic"),
      givePlan(premium.id, "premium"),
      givePlan(elite.id, "elite"),
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
        leadDownload: false,
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
      "Listing ID,Listing,Views,Leads,Calls,WhatsApp,E-mails,Shares,Favorites,WhatsApp call-backs",
    );
    const daily = await send("/api/v1/analytics/report.csv?days=7&by=day", { jar });
    expect(daily.status).toBe(200);
  });

  it("downloads the leads with the names people shared, for a plan with lead download", async () => {
    const listing = await makeListing({ owner: elite, title: "=cmd|' /C calc'!A0" });
    const [asker, quoter] = await Promise.all([
      makeUser({ role: "user", name: "Ama Mensah" }),
      makeUser({ role: "user", name: "+233 Kojo" }),
    ]);
    await app.handle.db.insert(conversations).values({
      listingId: listing.id,
      guestId: asker.id,
      hostId: elite.id,
      createdAt: new Date("2026-01-02T10:30:00Z"),
    });
    const [quoted] = await app.handle.db
      .insert(conversations)
      .values({
        listingId: listing.id,
        guestId: quoter.id,
        hostId: elite.id,
        createdAt: new Date("2026-01-03T08:00:00Z"),
      })
      .returning({ id: conversations.id });
    await app.handle.db.insert(quoteRequests).values({
      conversationId: quoted!.id,
      listingId: listing.id,
      clientId: quoter.id,
      professionalId: elite.id,
      need: "Rewire the kitchen",
      place: "Accra",
      neededBy: "2026-02-01",
    });

    const response = await send("/api/v1/analytics/leads.csv", { jar: jarWith(elite.cookie) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="gateway-africa-leads-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Newest first; no e-mail address or phone number, which conversations never share.
    expect((await response.text()).split("\r\n")).toEqual([
      "Date (UTC),Source,Listing ID,Listing,Name,Phone",
      `2026-01-03 08:00,Quote request,${listing.id},'=cmd|' /C calc'!A0,'+233 Kojo,`,
      `2026-01-02 10:30,Message,${listing.id},'=cmd|' /C calc'!A0,Ama Mensah,`,
      "",
    ]);
    expect((await page(elite)).leadDownload).toBe(true);

    // Premium analytics without lead download, the free tier and an ended plan: refused.
    const leadPlan = (await planUnlocking("leadDownload"))!.name;
    for (const who of [premium, free, ended]) {
      const refused = await send("/api/v1/analytics/leads.csv", { jar: jarWith(who.cookie) });
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { error: { message: string } };
      expect(body.error.message).toBe(
        `Your plan does not include lead download. The ${leadPlan} plan unlocks it.`,
      );
      expect((await page(who)).leadDownload).toBe(false);
    }
  });

  it("limits lead downloads with the shared limiter", async () => {
    const rule = RATE_LIMIT_RULES.leadDownload;
    const now = new Date();
    await app.handle.db
      .insert(rateLimitHits)
      .values({
        key: rateLimitKey("leadDownload", "account", elite.id),
        windowStart: now,
        expiresAt: new Date(now.getTime() + rule.windowSeconds * 1000),
        count: rule.perAccount * app.config.rateLimitScale,
      })
      // The download above has counted one already: fill the same window up.
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: { count: rule.perAccount * app.config.rateLimitScale },
      });
    const refused = await send("/api/v1/analytics/leads.csv", { jar: jarWith(elite.cookie) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
