import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, listingViews, listings } from "../../app/db/schema/index.ts";
import { viewDay } from "../../app/services/listings/listing-views.server.ts";
import type { ListingStatus } from "../../app/lib/listing-values.ts";
import { DASHBOARD_PAGE_SIZE } from "../../app/lib/schemas/dashboard.ts";
import * as analyticsRoute from "../../app/routes/dashboard/analytics.tsx";
import * as myListingsRoute from "../../app/routes/dashboard/my-listings.tsx";
import { apiV1 } from "../../server/api/v1/index.ts";
import { testEngine } from "../support/database.ts";
import { location, toastOf } from "../support/flash.ts";
import { givePlan, makeUser, type MadeUser } from "../support/factories.ts";
import { startTestApp, type CookieJar, type TestApp } from "../support/test-app.ts";

type Page = Awaited<ReturnType<typeof myListingsRoute.loader>>;

const DAY = 24 * 60 * 60 * 1000;
const BASE = new Date("2026-01-01T10:00:00Z").getTime();
/** More than the 100 rows My Listings used to stop at. */
const AGENT_LISTINGS = 130;
const OTHER_LISTINGS = 70;
const SAVED = 105;

describe(`My Listings pages on ${testEngine}`, () => {
  let app: TestApp;
  let agent: MadeUser;
  let otherAgent: MadeUser;
  let admin: MadeUser;
  let regular: MadeUser;
  /** The agent's listing ids, newest first (the order My Listings shows). */
  let agentIds: number[];
  let otherIds: number[];
  /** The regular user's saved listings, newest saved first. */
  let savedIds: number[];
  let hiddenSavedId: number;

  /** Listings made straight in the database, one day apart, the last one newest. */
  async function insertListings(
    owner: string,
    count: number,
    start: number,
    status: (i: number) => ListingStatus = () => "approved",
  ): Promise<number[]> {
    const rows = await app.handle.db
      .insert(listings)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: owner,
          title: `Listing ${owner.slice(0, 4)} ${i + 1}`,
          category: "real-estate" as const,
          listingType: "rent" as const,
          countryCode: "GH",
          city: "Accra",
          address: `${i + 1} Ring Road`,
          description: "A listing for paging.",
          status: status(i),
          createdAt: new Date(BASE + (start + i) * DAY),
        })),
      )
      .returning({ id: listings.id });
    return rows.map((r) => r.id).reverse();
  }

  async function myListings(jar: CookieJar, search = ""): Promise<Page> {
    return (await app.loader(myListingsRoute, `/dashboard/my-listings${search}`, jar)) as Page;
  }

  /** Every page in turn, as someone clicking Next would see them. */
  async function allPages(jar: CookieJar): Promise<{ pages: Page[]; ids: number[] }> {
    const first = await myListings(jar);
    const pages = [first];
    for (let page = 2; page <= first.pageCount; page += 1) {
      pages.push(await myListings(jar, `?page=${page}`));
    }
    return { pages, ids: pages.flatMap((p) => p.rows.map((r) => r.id)) };
  }

  beforeAll(async () => {
    app = await startTestApp();
    agent = await makeUser({ role: "agent", name: "Kofi Many" });
    otherAgent = await makeUser({ role: "agent", name: "Esi Few" });
    regular = await makeUser({ role: "user", name: "Amara Saver" });
    admin = await makeUser({ role: "admin" });

    // Every status among the agent's own: My Listings shows them all to their owner.
    const statuses: ListingStatus[] = ["approved", "pending_approval", "rejected"];
    agentIds = await insertListings(agent.viewer.id, AGENT_LISTINGS, 0, (i) => statuses[i % 3]!);
    otherIds = await insertListings(otherAgent.viewer.id, OTHER_LISTINGS, AGENT_LISTINGS);

    // Saved at the same moment (one insert): the order must still be the same on every page.
    const approvedOfAgent = agentIds.filter((_, i) => (AGENT_LISTINGS - 1 - i) % 3 === 0);
    const toSave = [...approvedOfAgent, ...otherIds].slice(0, SAVED);
    expect(toSave).toHaveLength(SAVED);
    await app.handle.db
      .insert(favorites)
      .values(toSave.map((listingId) => ({ userId: regular.viewer.id, listingId })));
    savedIds = [...toSave].sort((a, b) => b - a);
    // A saved listing taken down since: not shown, not counted.
    hiddenSavedId = agentIds.find((_, i) => (AGENT_LISTINGS - 1 - i) % 3 === 1)!;
    await app.handle.db
      .insert(favorites)
      .values({ userId: regular.viewer.id, listingId: hiddenSavedId });
  });

  afterAll(async () => {
    await app.close();
  });

  it("shows an agent every one of their listings, a page at a time, newest first", async () => {
    const { pages, ids } = await allPages(agent.jar);
    expect(pages[0]).toMatchObject({
      role: "agent",
      total: AGENT_LISTINGS,
      page: 1,
      pageCount: Math.ceil(AGENT_LISTINGS / DASHBOARD_PAGE_SIZE),
    });
    expect(pages[0]!.rows).toHaveLength(DASHBOARD_PAGE_SIZE);
    expect(pages.at(-1)!.rows).toHaveLength(AGENT_LISTINGS % DASHBOARD_PAGE_SIZE);
    expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
    // No listing twice, none left out, no one else's.
    expect(ids).toEqual(agentIds);
    expect(new Set(pages.flatMap((p) => p.rows.map((r) => r.status)))).toEqual(
      new Set(["approved", "pending_approval", "rejected"]),
    );
  });

  it("shows the admin every listing on the platform", async () => {
    const { pages, ids } = await allPages(admin.jar);
    expect(pages[0]).toMatchObject({ role: "admin", total: AGENT_LISTINGS + OTHER_LISTINGS });
    expect(ids).toEqual([...otherIds, ...agentIds]);
  });

  it("shows a regular user all their public saved listings, in a stable order", async () => {
    const { pages, ids } = await allPages(regular.jar);
    expect(pages[0]).toMatchObject({ role: "user", total: SAVED });
    expect(pages).toHaveLength(Math.ceil(SAVED / DASHBOARD_PAGE_SIZE));
    expect(ids).toEqual(savedIds);
    expect(ids).not.toContain(hiddenSavedId);
  });

  it("answers a page past the end with the last page and nonsense with the first", async () => {
    const last = Math.ceil(AGENT_LISTINGS / DASHBOARD_PAGE_SIZE);
    expect(await myListings(agent.jar, "?page=999")).toMatchObject({ page: last });
    expect((await myListings(agent.jar, "?page=999")).rows.at(-1)?.id).toBe(agentIds.at(-1));
    for (const nonsense of ["?page=abc", "?page=-3", "?page=0", "?page=1.5"]) {
      const page = await myListings(agent.jar, nonsense);
      expect(page.page).toBe(1);
      expect(page.rows[0]?.id).toBe(agentIds[0]);
    }
    const empty = await myListings(
      (await makeUser({ role: "agent", name: "Nana New" })).jar,
      "?page=4",
    );
    expect(empty).toMatchObject({ total: 0, page: 1, pageCount: 1, rows: [] });
  });

  it("comes back to the same page after a delete, and only to My Listings", async () => {
    const onPage2 = (await myListings(agent.jar, "?page=2")).rows[0]!.id;
    const deleted = await app.action(
      myListingsRoute,
      "/dashboard/my-listings",
      { intent: "delete", listingId: String(onPage2), returnTo: "/dashboard/my-listings?page=2" },
      agent.jar,
    );
    expect(location(deleted)).toBe("/dashboard/my-listings?page=2");
    expect(toastOf(deleted)).toMatchObject({ title: "publish.myListings.deleted" });
    expect(
      await app.handle.db.select().from(listings).where(eq(listings.id, onPage2)),
    ).toHaveLength(0);
    agentIds = agentIds.filter((id) => id !== onPage2);
    expect((await myListings(agent.jar)).total).toBe(AGENT_LISTINGS - 1);

    const elsewhere = await app.action(
      myListingsRoute,
      "/dashboard/my-listings",
      { intent: "delete", listingId: String(agentIds[0]), returnTo: "/dashboard/users" },
      agent.jar,
    );
    expect(location(elsewhere)).toBe("/dashboard/my-listings");
    agentIds = agentIds.slice(1);
    const refused = await app.action(
      myListingsRoute,
      "/dashboard/my-listings",
      {
        intent: "delete",
        listingId: String(otherIds[0]),
        returnTo: "/dashboard/my-listings?page=3",
      },
      agent.jar,
    );
    expect(location(refused)).toBe("/dashboard/my-listings?page=3");
    expect(toastOf(refused)).toMatchObject({ title: "publish.myListings.deleteFailed" });
  });

  it("pages GET /api/v1/my-listings the same way", async () => {
    const headers = { cookie: agent.jar.header() };
    const page2 = (await (await apiV1.request("/my-listings?page=2", { headers })).json()) as {
      listings: { id: number }[];
      page: number;
      pageCount: number;
      total: number;
    };
    const dashboard = await myListings(agent.jar, "?page=2");
    expect(page2).toMatchObject({
      page: 2,
      pageSize: DASHBOARD_PAGE_SIZE,
      pageCount: dashboard.pageCount,
      total: dashboard.total,
    });
    expect(page2.listings.map((l) => l.id)).toEqual(dashboard.rows.map((r) => r.id));
    const nonsense = (await (await apiV1.request("/my-listings?page=x", { headers })).json()) as {
      page: number;
    };
    expect(nonsense.page).toBe(1);
    expect((await apiV1.request("/my-listings")).status).toBe(401);
  });

  it("counts and ranks Analytics in the database, over every listing", async () => {
    // The oldest listings get the most views today: ranked by activity, whatever their age.
    const ranked = [...agentIds].reverse().slice(0, 6);
    const today = viewDay();
    const rows = ranked.flatMap((id, rank) =>
      Array.from({ length: 12 - rank }, (_, v) => ({
        listingId: id,
        visitorHash: `paging-${rank}-${v}`,
        day: today,
      })),
    );
    rows.push({ listingId: otherIds[0]!, visitorHash: "paging-other", day: today });
    await app.handle.db.insert(listingViews).values(rows);
    // The figures per listing are premium analytics.
    await givePlan(agent.viewer.id, "premium");
    const page = (await app.loader(analyticsRoute, "/dashboard/analytics", agent.jar)) as Extract<
      Awaited<ReturnType<typeof analyticsRoute.loader>>,
      { tier: "premium" }
    >;
    // The page shows the ten most active; the other agent's listing is not among the agent's.
    expect(page.report.listings.map((r) => r.id)).toEqual(ranked);
    expect(page.report.totals.views).toBe(rows.length - 1);
    await app.handle.db.delete(listingViews);
  });
});
