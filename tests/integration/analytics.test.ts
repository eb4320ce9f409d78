import { eq, sql } from "drizzle-orm";
import { queryRows } from "../../app/db/client.server.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  contactMessages,
  listingLeads,
  listingViews,
  listings,
  user,
} from "../../app/db/schema/index.ts";
import * as analyticsRoute from "../../app/routes/dashboard/analytics.tsx";
import * as overviewRoute from "../../app/routes/dashboard/overview.tsx";
import {
  analyticsReport,
  rangeDays,
} from "../../app/services/analytics/analytics-report.server.ts";
import { csvField } from "../../app/services/analytics/analytics-csv.server.ts";
import { recordLead } from "../../app/services/analytics/leads.server.ts";
import { platformOverview } from "../../app/services/analytics/platform-overview.server.ts";
import { viewDay, visitorHash } from "../../app/services/listings/listing-views.server.ts";
import { buildDemoActivity } from "../../scripts/demo/demo-activity.ts";
import { buildDemoData } from "../../scripts/demo/demo-data.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, jarWith, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { CookieJar, startTestApp, type TestApp } from "../support/test-app.ts";

const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY = 24 * 60 * 60 * 1000;

type PremiumPage = Extract<Awaited<ReturnType<typeof analyticsRoute.loader>>, { tier: "premium" }>;

describe(`lead events and analytics on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let agentA: MadeUser;
  let agentB: MadeUser;
  let admin: MadeUser;
  let regular: MadeUser;
  /** Agent A's WhatsApp listing, with a title a spreadsheet would run as a formula. */
  let whatsappId: number;
  let noPhoneId: number;
  let pendingId: number;
  let otherId: number;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    agentA = await makeUser({ role: "agent" });
    agentB = await makeUser({ role: "agent" });
    admin = await makeUser({ role: "admin" });
    regular = await makeUser({ role: "user" });
    // Agent A's ranges, layouts and details below are premium analytics (the basic tier's own tests
    // are in analytics-tiers.test.ts).
    await givePlan(agentA.id, "premium");
    whatsappId = (
      await makeListing({
        owner: agentA,
        title: '=HYPERLINK("http://evil.example","Villa, "sea" view")',
        contactMethod: "whatsapp",
        contactPhone: "+233 24 123 4567",
      })
    ).id;
    noPhoneId = (await makeListing({ owner: agentA, contactMethod: "whatsapp" })).id;
    pendingId = (await makeListing({ owner: agentA, status: "pending_approval" })).id;
    otherId = (await makeListing({ owner: agentB, title: "Agent B's flat" })).id;
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.handle.db.delete(listingLeads);
    await app.handle.db.delete(listingViews);
  });

  const leadRows = () => app.handle.db.select().from(listingLeads);

  function report(
    listingId: number | string,
    kind: unknown,
    init: { jar?: CookieJar; ua?: string } = {},
  ) {
    return send(`/api/v1/listings/${listingId}/leads`, {
      json: { kind },
      jar: init.jar,
      headers: { "User-Agent": init.ua ?? BROWSER_UA },
    });
  }

  describe("recording", () => {
    it("counts a visitor's lead once per listing, kind and day, and gives a new visitor a cookie", async () => {
      const jar = new CookieJar();
      const first = await report(whatsappId, "call", { jar });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ counted: true });
      expect(first.headers.get("set-cookie")).toMatch(/^visitor=.*HttpOnly/i);
      expect(first.headers.get("cache-control")).toBe("no-store");
      const again = await report(whatsappId, "call", { jar });
      expect(await again.json()).toEqual({ counted: false });
      expect(again.headers.get("set-cookie")).toBeNull();
      // Another kind, or another visitor, is another lead.
      expect(await (await report(whatsappId, "share", { jar })).json()).toEqual({ counted: true });
      expect(await (await report(whatsappId, "call")).json()).toEqual({ counted: true });
      const rows = await leadRows();
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.visitorHash) && r.day === viewDay())).toBe(
        true,
      );
    });

    it("counts the same visitor again the next day", async () => {
      const visitor = visitorHash("k3J9x2Lq8PzW4nV7bT1cY6mR5sD0fH2a");
      const db = app.handle.db;
      const on = (day: string) =>
        recordLead(db, { listingId: whatsappId, kind: "email", visitor, day });
      expect(await on("2026-03-01")).toBe(true);
      expect(await on("2026-03-01")).toBe(false);
      expect(await on("2026-03-02")).toBe(true);
      expect(await leadRows()).toHaveLength(2);
    });

    it("answers a bot without counting it or giving it a cookie", async () => {
      const response = await report(whatsappId, "whatsapp", { ua: BOT_UA });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ counted: false });
      expect(response.headers.get("set-cookie")).toBeNull();
      const contact = await send(`/listing/${whatsappId}/contact`, {
        headers: { "User-Agent": BOT_UA },
      });
      expect(contact.status).toBe(302);
      expect(await leadRows()).toEqual([]);
    });

    it("refuses unknown kinds, unknown or unpublished listings and bodies that are not JSON", async () => {
      for (const kind of ["favorite", "fax", "", null, 3]) {
        const response = await report(whatsappId, kind);
        expect(response.status, String(kind)).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          "VALIDATION_FAILED",
        );
      }
      for (const id of [pendingId, 99_999_999, "abc", "1e3", 0]) {
        expect((await report(id, "call")).status, String(id)).toBe(404);
        expect((await send(`/listing/${id}/contact`)).status, String(id)).toBe(404);
      }
      const text = await send(`/api/v1/listings/${whatsappId}/leads`, {
        method: "POST",
        body: "kind=call",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(text.status).toBe(415);
      expect(await leadRows()).toEqual([]);
    });

    it("records the contact click before redirecting to the listing's own WhatsApp chat", async () => {
      const jar = new CookieJar();
      const response = await send(`/listing/${whatsappId}/contact?to=https://evil.example`, {
        jar,
        headers: { "User-Agent": BROWSER_UA },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("https://wa.me/233241234567");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      await send(`/listing/${whatsappId}/contact`, { jar, headers: { "User-Agent": BROWSER_UA } });
      const rows = await leadRows();
      expect(rows.map((r) => [r.listingId, r.kind])).toEqual([[whatsappId, "whatsapp"]]);
    });

    it("sends a listing without a phone number back with the reason, recording nothing", async () => {
      const response = await send(`/listing/${noPhoneId}/contact`, {
        headers: { "User-Agent": BROWSER_UA },
      });
      expect(location(response)).toBe(`/listing/${noPhoneId}`);
      expect(toastOf(response)?.title).toBe("detail.contact.missingTitle");
      expect(await leadRows()).toEqual([]);
    });

    it("counts a signed-in person's new favourite as a lead, once", async () => {
      const put = () =>
        send(`/api/v1/me/favorites/${otherId}`, { method: "PUT", jar: jarWith(regular.cookie) });
      expect((await put()).status).toBe(200);
      expect((await put()).status).toBe(200);
      const rows = await leadRows();
      expect(rows.map((r) => [r.listingId, r.kind])).toEqual([[otherId, "favorite"]]);
    });
  });

  describe("figures", () => {
    const today = new Date();
    const daysAgo = (n: number) => viewDay(new Date(today.getTime() - n * DAY));

    /** Agent A: 3 views and 2 leads today, 1 view 10 days ago, 1 view 40 days ago; B: 2 views today. */
    beforeEach(async () => {
      const views = [
        [whatsappId, "v1", 0],
        [whatsappId, "v2", 0],
        [noPhoneId, "v1", 0],
        [whatsappId, "v1", 10],
        [whatsappId, "v1", 40],
        [otherId, "v1", 0],
        [otherId, "v2", 0],
      ] as const;
      await app.handle.db
        .insert(listingViews)
        .values(views.map(([listingId, v, n]) => ({ listingId, visitorHash: v, day: daysAgo(n) })));
      await app.handle.db.insert(listingLeads).values([
        { listingId: whatsappId, kind: "whatsapp", visitorHash: "v1", day: daysAgo(0) },
        { listingId: whatsappId, kind: "share", visitorHash: "v2", day: daysAgo(0) },
        { listingId: otherId, kind: "call", visitorHash: "v1", day: daysAgo(3) },
      ]);
    });

    it("gives an agent their own listings only, over the chosen range", async () => {
      const week = await analyticsReport(agentA.viewer, { days: 7 });
      expect(week.platform).toBe(false);
      expect(week.daily).toHaveLength(7);
      expect(week.daily.at(-1)?.day).toBe(viewDay());
      expect(week.totals).toEqual({
        views: 3,
        leads: 2,
        call: 0,
        whatsapp: 1,
        email: 0,
        share: 1,
        favorite: 0,
        callback: 0,
      });
      expect(week.listings.map((l) => [l.id, l.views, l.leads])).toEqual([
        [whatsappId, 2, 2],
        [noPhoneId, 1, 0],
      ]);
      expect((await analyticsReport(agentA.viewer, { days: 30 })).totals.views).toBe(4);
      expect((await analyticsReport(agentA.viewer, { days: 90 })).totals.views).toBe(5);
      const b = await analyticsReport(agentB.viewer, { days: 7 });
      expect(b.totals).toMatchObject({ views: 2, leads: 1, call: 1 });
      expect(b.listings.map((l) => l.id)).toEqual([otherId]);
    });

    it("gives the admin the whole platform, and the page reads the range from the URL", async () => {
      const platform = await analyticsReport(admin.viewer, { days: 7 });
      expect(platform.platform).toBe(true);
      expect(platform.totals).toMatchObject({ views: 5, leads: 3 });
      const page = (await app.loader(
        analyticsRoute,
        "/dashboard/analytics?days=90",
        jarWith(admin.cookie),
      )) as PremiumPage;
      expect(page.report.days).toBe(90);
      expect(page.report.totals.views).toBe(7);
      const forgiving = (await app.loader(
        analyticsRoute,
        "/dashboard/analytics?days=12",
        jarWith(agentA.cookie),
      )) as PremiumPage;
      expect(forgiving.report.days).toBe(30);
      expect(rangeDays(7, new Date("2026-03-02T23:00:00Z"))).toEqual([
        "2026-02-24",
        "2026-02-25",
        "2026-02-26",
        "2026-02-27",
        "2026-02-28",
        "2026-03-01",
        "2026-03-02",
      ]);
    });

    it("refuses a regular user and a visitor", async () => {
      await expect(analyticsReport(regular.viewer, { days: 7 })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      const page = await app.loader(
        analyticsRoute,
        "/dashboard/analytics",
        jarWith(regular.cookie),
      );
      expect(location(page)).toBe("/dashboard/overview");
      expect(toastOf(page)?.title).toBe("auth.toasts.accessDenied");
      expect(
        (await send("/api/v1/analytics/report.csv", { jar: jarWith(regular.cookie) })).status,
      ).toBe(403);
      expect((await send("/api/v1/analytics/report.csv")).status).toBe(401);
    });

    it("downloads the same figures as CSV, safe to open in a spreadsheet", async () => {
      const response = await send("/api/v1/analytics/report.csv?days=7", {
        jar: jarWith(agentA.cookie),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="gateway-africa-analytics-listings-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv"$/,
      );
      expect(response.headers.get("cache-control")).toBe("no-store");
      const lines = (await response.text()).split("\r\n");
      const [noPhone] = await app.handle.db
        .select({ title: listings.title })
        .from(listings)
        .where(eq(listings.id, noPhoneId));
      expect(lines).toEqual([
        "Listing ID,Listing,Views,Leads,Calls,WhatsApp,E-mails,Shares,Favorites,WhatsApp call-backs",
        `${whatsappId},"'=HYPERLINK(""http://evil.example"",""Villa, ""sea"" view"")",2,2,0,1,0,1,0,0`,
        `${noPhoneId},${noPhone!.title},1,0,0,0,0,0,0,0`,
        "Total,,3,2,0,1,0,1,0,0",
        "",
      ]);
      const daily = await send("/api/v1/analytics/report.csv?days=30&by=day", {
        jar: jarWith(agentA.cookie),
      });
      const dayLines = (await daily.text()).trimEnd().split("\r\n");
      expect(dayLines[0]).toBe(
        "Date,Views,Leads,Calls,WhatsApp,E-mails,Shares,Favorites,WhatsApp call-backs",
      );
      expect(dayLines).toHaveLength(32);
      expect(dayLines.at(-2)).toBe(`${viewDay()},3,2,0,1,0,1,0,0`);
      expect(dayLines.at(-1)).toBe("Total,4,2,0,1,0,1,0,0");
      for (const query of ["days=12", "days=abc", "by=week"]) {
        const bad = await send(`/api/v1/analytics/report.csv?${query}`, {
          jar: jarWith(agentA.cookie),
        });
        expect(bad.status, query).toBe(400);
      }
      expect(["=1+1", "+1", "-1", "@SUM(A1)", "plain", 12].map(csvField)).toEqual([
        "'=1+1",
        "'+1",
        "'-1",
        "'@SUM(A1)",
        "plain",
        "12",
      ]);
    });
  });

  describe("the admin overview", () => {
    it("counts listings by status and category, this week's arrivals and unread messages", async () => {
      await app.handle.db.insert(contactMessages).values([
        { name: "A", email: "a@example.com", subject: "Hi", message: "Unread" },
        { name: "B", email: "b@example.com", subject: "Hi", message: "Read", readAt: new Date() },
      ]);
      await app.handle.db
        .update(user)
        .set({ createdAt: new Date(Date.now() - 30 * DAY) })
        .where(eq(user.id, agentB.id));
      await app.handle.db
        .update(listings)
        .set({ createdAt: new Date(Date.now() - 30 * DAY) })
        .where(eq(listings.id, otherId));
      const [counts] = await queryRows<{ users: number; listings: number }>(
        app.handle.db,
        sql`select (select count(*)::int from "user") as users,
          (select count(*)::int from listings) as listings`,
      );
      const figures = await platformOverview(admin.viewer);
      expect(figures.byStatus).toEqual({
        pending_approval: 1,
        approved: 3,
        rejected: 0,
        paused: 0,
      });
      expect(figures.byCategory["real-estate"]).toBe(4);
      expect(figures.byCategory.hospitality).toBe(0);
      expect(figures.newListingsThisWeek).toBe(Number(counts!.listings) - 1);
      expect(figures.newUsersThisWeek).toBe(Number(counts!.users) - 1);
      expect(figures.unreadMessages).toBe(1);
      await expect(platformOverview(agentA.viewer)).rejects.toMatchObject({ code: "FORBIDDEN" });

      const page = (await app.loader(
        overviewRoute,
        "/dashboard/overview",
        jarWith(admin.cookie),
      )) as Awaited<ReturnType<typeof overviewRoute.loader>>;
      expect(page.platform).toEqual(figures);
      const agentPage = (await app.loader(
        overviewRoute,
        "/dashboard/overview",
        jarWith(agentA.cookie),
      )) as Awaited<ReturnType<typeof overviewRoute.loader>>;
      expect(agentPage.platform).toBeNull();
      expect(agentPage.leads).toBe(0);
    });
  });
});

describe("the demo catalogue's activity", () => {
  it("gives live listings views and leads over the last 90 days, the same on every run", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const data = buildDemoData(now);
    const activity = buildDemoActivity(data.listings, now);
    expect(buildDemoActivity(data.listings, now)).toEqual(activity);
    expect(activity.views.length).toBeGreaterThan(1000);
    expect(activity.leads.length).toBeGreaterThan(100);
    const first = viewDay(new Date(now.getTime() - 89 * DAY));
    for (const row of [...activity.views, ...activity.leads]) {
      const listing = data.listings[row.index]!;
      expect(listing.status).toBe("approved");
      expect(row.day >= first && row.day <= viewDay(now)).toBe(true);
      expect(row.day >= viewDay(listing.createdAt)).toBe(true);
    }
    const kinds = new Set(activity.leads.map((l) => l.kind));
    expect([...kinds].sort()).toEqual(["call", "email", "favorite", "share", "whatsapp"]);
  });
});
