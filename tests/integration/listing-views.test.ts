import { RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { listingViews, listings, user } from "../../app/db/schema/index.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { loader as listingLoader } from "../../app/routes/site/listing.tsx";
import {
  countListingView,
  isAutomatedRequest,
  recordListingView,
  viewDay,
  visitorHash,
} from "../../app/services/listings/listing-views.server.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const VISITOR = "k3J9x2Lq8PzW4nV7bT1cY6mR5sD0fH2a";

describe(`the view counter on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  let listingId: number;
  let pendingId: number;

  const views = async (id = listingId) => {
    const [row] = await handle.db
      .select({ views: listings.views })
      .from(listings)
      .where(eq(listings.id, id));
    return row?.views;
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
    await seedReferenceData(handle.db);
    await handle.db
      .insert(user)
      .values({ id: "agent-1", name: "Kofi Agyeman", email: "kofi@example.com", role: "agent" });
    const base = {
      userId: "agent-1",
      category: "real-estate" as const,
      listingType: "sale" as const,
      countryCode: "GH",
      city: "Accra",
      address: "1 Oxford Street, Osu",
      description: "A listing.",
      searchText: "a listing",
    };
    const [approved] = await handle.db
      .insert(listings)
      .values({ ...base, title: "Counted Apartment", status: "approved" })
      .returning({ id: listings.id });
    const [pending] = await handle.db
      .insert(listings)
      .values({ ...base, title: "Pending Apartment", status: "pending_approval" })
      .returning({ id: listings.id });
    listingId = approved!.id;
    pendingId = pending!.id;
  });

  beforeEach(async () => {
    await handle.db.delete(listingViews);
    await handle.db.update(listings).set({ views: 0 });
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
  });

  it("counts the same visitor once per day", async () => {
    expect(await recordListingView({ listingId, visitorId: VISITOR, day: "2026-03-01" })).toBe(
      true,
    );
    expect(await recordListingView({ listingId, visitorId: VISITOR, day: "2026-03-01" })).toBe(
      false,
    );
    expect(await recordListingView({ listingId, visitorId: VISITOR, day: "2026-03-01" })).toBe(
      false,
    );
    expect(await views()).toBe(1);
  });

  it("counts the same visitor again the next day, and other visitors the same day", async () => {
    await recordListingView({ listingId, visitorId: VISITOR, day: "2026-03-01" });
    await recordListingView({ listingId, visitorId: VISITOR, day: "2026-03-02" });
    await recordListingView({ listingId, visitorId: `${VISITOR}-other`, day: "2026-03-02" });
    expect(await views()).toBe(3);
  });

  it("counts once when the same visitor's requests race", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        recordListingView({ listingId, visitorId: VISITOR, day: "2026-03-03" }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await views()).toBe(1);
  });

  it("stores a hash of the visitor id, never the id itself", async () => {
    await recordListingView({ listingId, visitorId: VISITOR, day: "2026-03-01" });
    const rows = await handle.db.select().from(listingViews);
    expect(rows).toEqual([{ listingId, visitorHash: visitorHash(VISITOR), day: "2026-03-01" }]);
    expect(rows[0]?.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(viewDay(new Date("2026-03-01T23:59:59Z"))).toBe("2026-03-01");
  });

  it("gives a new visitor a long-lived httpOnly cookie and recognises it afterwards", async () => {
    const first = await countListingView(
      new Request("http://localhost/listing/1", { headers: { "User-Agent": BROWSER_UA } }),
      listingId,
    );
    expect(first.counted).toBe(true);
    expect(first.setCookie).toMatch(/^visitor=/);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Lax/i);
    expect(first.setCookie).toMatch(/Max-Age=31536000/);
    const cookie = first.setCookie!.split(";")[0]!;
    const again = await countListingView(
      new Request("http://localhost/listing/1", {
        headers: { "User-Agent": BROWSER_UA, Cookie: cookie },
      }),
      listingId,
    );
    expect(again).toEqual({ counted: false, setCookie: null });
    expect(await views()).toBe(1);
  });

  it("replaces a tampered cookie with a fresh visitor id", async () => {
    const result = await countListingView(
      new Request("http://localhost/listing/1", {
        headers: { "User-Agent": BROWSER_UA, Cookie: "visitor=not-base64!!" },
      }),
      listingId,
    );
    expect(result.counted).toBe(true);
    expect(result.setCookie).toMatch(/^visitor=/);
  });

  it("does not count bots, link previews or prefetches", async () => {
    const bot = new Request("http://localhost/listing/1", {
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      },
    });
    const preview = new Request("http://localhost/listing/1", {
      headers: { "User-Agent": "WhatsApp/2.23.20.0" },
    });
    const prefetch = new Request("http://localhost/listing/1", {
      headers: { "User-Agent": BROWSER_UA, "Sec-Purpose": "prefetch" },
    });
    for (const request of [bot, preview, prefetch]) {
      expect(isAutomatedRequest(request)).toBe(true);
      expect(await countListingView(request, listingId)).toEqual({
        counted: false,
        setCookie: null,
      });
    }
    expect(await views()).toBe(0);
  });

  it("counts through the detail page's loader, once per visitor and day", async () => {
    const call = (cookie?: string) =>
      listingLoader({
        request: new Request(`http://localhost/listing/${listingId}`, {
          headers: { "User-Agent": BROWSER_UA, ...(cookie ? { Cookie: cookie } : {}) },
        }),
        params: { listingId: String(listingId) },
        context: new RouterContextProvider(),
      } as never) as unknown as Promise<{ init?: ResponseInit }>;
    const first = await call();
    const setCookie = new Headers(first.init?.headers).get("Set-Cookie");
    expect(setCookie).toMatch(/^visitor=/);
    const cookie = setCookie!.split(";")[0]!;
    const second = await call(cookie);
    expect(new Headers(second.init?.headers).get("Set-Cookie")).toBeNull();
    await call(cookie);
    expect(await views()).toBe(1);
  });

  it("never counts a listing that is not public", async () => {
    await expect(
      listingLoader({
        request: new Request(`http://localhost/listing/${pendingId}`, {
          headers: { "User-Agent": BROWSER_UA },
        }),
        params: { listingId: String(pendingId) },
        context: new RouterContextProvider(),
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await views(pendingId)).toBe(0);
    expect(await handle.db.select().from(listingViews)).toEqual([]);
  });
});
