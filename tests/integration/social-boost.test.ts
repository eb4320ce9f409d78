import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listingBoostPosts,
  listingBoosts,
  listingImages,
  listings as listingTable,
} from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { SHARE_IMAGE } from "../../app/lib/boost-values.ts";
import type { BoostView, MyBoosts } from "../../app/lib/schemas/boosts.ts";
import {
  boostQueue,
  markBoostPosted,
  myBoosts,
  requestBoost,
} from "../../app/services/boosts/boosts.server.ts";
import { deleteAccount } from "../../app/services/accounts/profile.server.ts";
import { deleteListing } from "../../app/services/listings/listing-write.server.ts";
import { storeImage } from "../../app/services/media/images.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { toastOf } from "../support/flash.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

describe(`social media boost on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let host: MadeUser;
  let free: MadeUser;
  let ended: MadeUser;
  let other: MadeUser;
  let admin: MadeUser;
  let guest: MadeUser;
  let listings: number[];

  /** A live listing of the host whose cover is a real stored image (a wide 1600×900 photo). */
  async function listingWithCover(owner: MadeUser, title: string): Promise<number> {
    const { id } = await makeListing({ owner, title, city: "Kumasi" });
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    const stored = await storeImage(getMediaStorage(), photo, "listings");
    await app.handle.db.insert(listingImages).values({ listingId: id, position: 0, ...stored });
    return id;
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    [host, free, ended, other, admin, guest] = await Promise.all([
      makeUser({ role: "agent", name: "Ama Host" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "admin" }),
      makeUser({ role: "user" }),
    ]);
    // Elite sells social media boost for 3 listings per plan period (migration 0012).
    await givePlan(host.id, "elite");
    await givePlan(ended.id, "elite", { startsAt: new Date(Date.now() - 2 * YEAR_MS) });
    listings = [];
    for (const title of ["Airport Villa", "Osu Flat", "Labone House", "Cantonments Loft"]) {
      listings.push(await listingWithCover(host, title));
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it("makes a 1200×630 JPEG share image over the cover and post texts with the public URL", async () => {
    const boost = await requestBoost({ actor: host.viewer, listingId: listings[0]! });
    expect(boost.postedAt).toBeNull();
    expect(boost.imageUrl).toMatch(/^\/media\/boosts\/[0-9a-f]{16}\.jpg$/);
    const url = `${app.config.appUrl}/listing/${listings[0]}`;
    expect(boost.listingUrl).toBe(url);
    for (const text of Object.values(boost.texts)) {
      expect(text).toContain(url);
      expect(text).toContain("Airport Villa");
    }
    expect(boost.texts.x).toContain("Kumasi, Ghana");
    expect(boost.texts.facebook).toContain("$900 per month");

    // Served like a live listing's image: to anybody, as a JPEG.
    const served = await send(boost.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", ...SHARE_IMAGE });
    // The cover's blue fills the top of the image (the band with the words is at the bottom).
    const { data } = await sharp(bytes)
      .extract({ left: 600, top: 200, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150);
    expect(data[0]).toBeLessThan(100);
  });

  it("draws the image over the brand's colour without a cover; the administrator is not counted", async () => {
    const { id } = await makeListing({ owner: admin, title: "Team Pick Without Photos" });
    const boost = await requestBoost({ actor: admin.viewer, listingId: id });
    const image = await getMediaStorage().read(boost.imageUrl.slice("/media/".length));
    expect(await sharp(image!).metadata()).toMatchObject({ format: "jpeg", ...SHARE_IMAGE });
    expect((await myBoosts(admin.viewer)).allowance).toMatchObject({ unlimited: true, used: 0 });
    // Posted at once, so it does not stand in the queue the later tests read.
    await markBoostPosted({
      actor: admin.viewer,
      boostId: boost.id,
      input: { network: "linkedin", url: "https://www.linkedin.com/posts/team-pick" },
    });
  });

  it("refuses a second boost of a listing while the first waits", async () => {
    await expect(
      requestBoost({ actor: host.viewer, listingId: listings[0]! }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "boosts.errors.pending" });
    const api = await send(`/api/v1/my-listings/${listings[0]}/boosts`, {
      method: "POST",
      jar: host.jar,
    });
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({ error: { message: t("boosts.errors.pending") } });
  });

  it("counts boosts per plan period and says how many are used when none is left", async () => {
    await requestBoost({ actor: host.viewer, listingId: listings[1]! });
    const third = await send(`/api/v1/my-listings/${listings[2]}/boosts`, {
      method: "POST",
      jar: host.jar,
    });
    expect(third.status).toBe(201);
    const before = await app.handle.db.select().from(listingBoosts);
    const fourth = await send(`/api/v1/my-listings/${listings[3]}/boosts`, {
      method: "POST",
      jar: host.jar,
    });
    expect(fourth.status).toBe(409);
    const used = t("boosts.errors.usedUp", { used: 3, count: 3 });
    expect(used).toContain("used 3 of 3");
    expect(await fourth.json()).toMatchObject({ error: { code: "CONFLICT", message: used } });
    expect(await app.handle.db.select().from(listingBoosts)).toHaveLength(before.length);

    // The page's button answers with the same sentence.
    const form = await page("/dashboard/my-listings", {
      jar: host.jar,
      method: "POST",
      form: { intent: "boost", listingId: String(listings[3]) },
    });
    expect(toastOf(form)).toMatchObject({ title: "boosts.host.failed", params: { message: used } });

    const mine = (await (await send("/api/v1/me/boosts", { jar: host.jar })).json()) as MyBoosts;
    expect(mine.allowance).toMatchObject({ perPeriod: 3, used: 3, unlimited: false });
    expect(mine.boosts).toHaveLength(3);

    // Boosts asked for before this period started are not counted against it.
    const later = await myBoosts(host.viewer, new Date(Date.now() + 20 * YEAR_MS));
    expect(later.allowance).toMatchObject({ perPeriod: null, used: 0 });
  });

  it("refuses without the perk, naming the plan that unlocks it, and changes nothing", async () => {
    const words = t("entitlements.locked.plan", {
      perk: t("entitlements.locked.perks.socialBoost"),
      plan: "Elite",
    });
    for (const who of [free, ended]) {
      const own = await listingWithCover(who, "Free Cottage");
      await expect(requestBoost({ actor: who.viewer, listingId: own })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      const api = await send(`/api/v1/my-listings/${own}/boosts`, { method: "POST", jar: who.jar });
      expect(api.status).toBe(403);
      expect(await api.json()).toMatchObject({ error: { code: "FORBIDDEN", message: words } });
      const tab = await textOf(await page("/dashboard/my-listings", { jar: who.jar }));
      expect(tab).toContain(words);
      expect(markupOf(tab)).not.toContain(t("boosts.host.boostLabel", { title: "Free Cottage" }));
    }
    const rows = await app.handle.db.select().from(listingBoosts);
    expect(rows.map((row) => row.requestedBy)).not.toContain(free.id);
    expect(rows.map((row) => row.requestedBy)).not.toContain(ended.id);
  });

  it("lets nobody else boost the host's listing or work the queue", async () => {
    const listingId = listings[3]!;
    await expect(requestBoost({ actor: other.viewer, listingId })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(
      (await send(`/api/v1/my-listings/${listingId}/boosts`, { method: "POST", jar: other.jar }))
        .status,
    ).toBe(403);
    expect(
      (await send(`/api/v1/my-listings/${listingId}/boosts`, { method: "POST", jar: admin.jar }))
        .status,
    ).toBe(403);
    expect(
      (await send(`/api/v1/my-listings/${listingId}/boosts`, { method: "POST", jar: guest.jar }))
        .status,
    ).toBe(403);
    expect((await send(`/api/v1/my-listings/${listingId}/boosts`, { method: "POST" })).status).toBe(
      401,
    );
    for (const who of [host, other, guest]) {
      expect((await send("/api/v1/admin/boosts", { jar: who.jar })).status).toBe(403);
      const [waiting] = await app.handle.db.select().from(listingBoosts);
      const mark = await send(`/api/v1/admin/boosts/${waiting!.id}/posts`, {
        jar: who.jar,
        json: { network: "facebook", url: "https://facebook.com/p/1" },
      });
      expect(mark.status).toBe(403);
    }
    expect((await send("/api/v1/admin/boosts")).status).toBe(401);
    expect(await app.handle.db.select().from(listingBoostPosts)).toHaveLength(1);
    await expect(boostQueue(host.viewer)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("shows the administrator the queue, refuses a link that is not https, and records a post", async () => {
    const queue = await boostQueue(admin.viewer);
    expect(queue.pending.map((b) => b.listingTitle)).toEqual([
      "Airport Villa",
      "Osu Flat",
      "Labone House",
    ]);
    expect(queue.pending[0]).toMatchObject({ ownerName: "Ama Host" });
    const first = queue.pending[0]!;

    const tab = await textOf(await page("/dashboard/boost-queue", { jar: admin.jar }));
    expect(tab).toContain(first.texts.facebook.split("\n")[0]);
    expect(tab).toContain(first.imageUrl);

    for (const url of ["http://facebook.com/p/1", "javascript:alert(1)", "not a link", ""]) {
      const bad = await send(`/api/v1/admin/boosts/${first.id}/posts`, {
        jar: admin.jar,
        json: { network: "facebook", url },
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: { code: "VALIDATION_FAILED", fields: { url: t("boosts.errors.url") } },
      });
    }
    const network = await send(`/api/v1/admin/boosts/${first.id}/posts`, {
      jar: admin.jar,
      json: { network: "myspace", url: "https://myspace.com/p/1" },
    });
    expect(network.status).toBe(400);
    const formBad = await page("/dashboard/boost-queue", {
      jar: admin.jar,
      method: "POST",
      form: { boostId: String(first.id), network: "x", url: "ftp://x.com/1" },
    });
    expect(formBad.status).toBe(400);
    expect(await app.handle.db.select().from(listingBoostPosts)).toHaveLength(1);
    expect(
      (
        await send("/api/v1/admin/boosts/999999/posts", {
          jar: admin.jar,
          json: { network: "x", url: "https://x.com/a/status/1" },
        })
      ).status,
    ).toBe(404);

    const posted = await send(`/api/v1/admin/boosts/${first.id}/posts`, {
      jar: admin.jar,
      json: { network: "facebook", url: "https://www.facebook.com/gatewayafrica/posts/1" },
    });
    expect(posted.status).toBe(200);
    const view = (await posted.json()) as BoostView;
    expect(view.postedAt).not.toBeNull();
    const form = await page("/dashboard/boost-queue", {
      jar: admin.jar,
      method: "POST",
      form: { boostId: String(first.id), network: "x", url: "https://x.com/gateway/status/2" },
    });
    expect(toastOf(form)).toMatchObject({ title: "boosts.queue.posted" });
    const after = await boostQueue(admin.viewer);
    expect(after.pending).toHaveLength(2);
    const villa = after.posted.find((b) => b.id === first.id);
    expect(villa?.posts.map((p) => p.network)).toEqual(["facebook", "x"]);
  });

  it("shows the host when and where the listing was boosted, and what the period has used", async () => {
    const tab = await textOf(await page("/dashboard/my-listings", { jar: host.jar }));
    expect(tab).toContain("Boosted on");
    expect(tab).toContain("https://www.facebook.com/gatewayafrica/posts/1");
    expect(tab).toContain("https://x.com/gateway/status/2");
    expect(tab).toContain(t("boosts.host.allowance", { used: 3, count: 3 }));
    const mine = await myBoosts(host.viewer);
    const villa = mine.boosts.find((b) => b.listingId === listings[0]);
    expect(villa?.posts.map((p) => p.url)).toEqual([
      "https://www.facebook.com/gatewayafrica/posts/1",
      "https://x.com/gateway/status/2",
    ]);
  });

  it("keeps boosts of a paused listing private to its owner and the administrator", async () => {
    const [boost] = await app.handle.db
      .select()
      .from(listingBoosts)
      .where(eq(listingBoosts.listingId, listings[1]!));
    await app.handle.db
      .update(listingTable)
      .set({ status: "paused" })
      .where(eq(listingTable.id, listings[1]!));
    const path = `/media/${boost!.imageKey}`;
    expect((await send(path)).status).toBe(404);
    expect((await send(path, { jar: other.jar })).status).toBe(404);
    expect((await send(path, { jar: host.jar })).status).toBe(200);
    expect((await send(path, { jar: admin.jar })).status).toBe(200);
    // The waiting boost stays in the queue, whatever became of the listing or the plan.
    expect((await boostQueue(admin.viewer)).pending.map((b) => b.listingId)).toContain(listings[1]);
  });

  it("removes the share image with its listing, and with its owner's account", async () => {
    const storage = getMediaStorage();
    const shareImageOf = async (owner: MadeUser, title: string) => {
      const listingId = await listingWithCover(owner, title);
      const { imageUrl } = await requestBoost({ actor: owner.viewer, listingId });
      const key = imageUrl.replace("/media/", "");
      expect(await storage.read(key)).not.toBeNull();
      return { listingId, key };
    };
    const leaving = await makeUser({ role: "agent" });
    await givePlan(leaving.id, "elite");
    const deleted = await shareImageOf(leaving, "Gone Villa");
    await deleteListing({ actor: leaving.viewer, listingId: deleted.listingId });
    expect(await storage.read(deleted.key)).toBeNull();

    const kept = await shareImageOf(leaving, "Leaving Loft");
    await deleteAccount({ viewer: leaving.viewer });
    expect(await storage.read(kept.key)).toBeNull();
  });
});
