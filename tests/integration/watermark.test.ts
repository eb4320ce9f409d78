import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingImages, planSubscriptions } from "../../app/db/schema/index.ts";
import { storeImage, variantKey, watermarkedKey } from "../../app/services/media/images.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * How far the lower right corner (where the mark is drawn) and the upper left corner (where it is
 * not) of `served` are from the clean file's, as the mean absolute difference per channel.
 */
async function cornerDifference(served: Buffer, clean: Buffer) {
  const raw = (image: Buffer) =>
    sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [a, b] = await Promise.all([raw(served), raw(clean)]);
  expect(a.info.width).toBe(b.info.width);
  expect(a.info.height).toBe(b.info.height);
  const { width, height, channels } = a.info;
  const mean = (x0: number, y0: number, w: number, h: number) => {
    let sum = 0;
    for (let y = y0; y < y0 + h; y += 1) {
      for (let x = x0; x < x0 + w; x += 1) {
        for (let c = 0; c < channels; c += 1) {
          const i = (y * width + x) * channels + c;
          sum += Math.abs(a.data[i]! - b.data[i]!);
        }
      }
    }
    return sum / (w * h * channels);
  };
  const w = Math.round(width * 0.4);
  const h = Math.round(width * 0.06);
  return { lowerRight: mean(width - w, height - h, w, h), upperLeft: mean(0, 0, w, h) };
}

describe(`listing images and the watermark on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let host: MadeUser;
  let storageKey: string;
  const url = (variant: string) => `/media/${storageKey}-${variant}.webp`;
  const clean = (variant: "thumb" | "card" | "gallery") =>
    getMediaStorage().read(variantKey(storageKey, variant));

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    host = await makeUser({ role: "agent" });
    const listing = await makeListing({ owner: host });
    const photo = await readFile(
      path.join(import.meta.dirname, "../../public/images/hero/slide-1.webp"),
    );
    const stored = await storeImage(getMediaStorage(), photo, "listings");
    storageKey = stored.storageKey;
    await app.handle.db.insert(listingImages).values({
      listingId: listing.id,
      position: 0,
      storageKey,
      width: stored.width,
      height: stored.height,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("serves a free account's card and gallery images with the mark, keeping the clean file", async () => {
    for (const variant of ["card", "gallery"] as const) {
      const response = await send(url(variant));
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
      expect(response.headers.get("ETag")).toBe('"watermarked"');
      const served = Buffer.from(await response.arrayBuffer());
      const original = (await clean(variant))!;
      expect(served.equals(original)).toBe(false);
      const difference = await cornerDifference(served, original);
      // The mark changes the corner it is drawn in; elsewhere only re-encoding noise remains.
      expect(difference.lowerRight).toBeGreaterThan(8);
      expect(difference.upperLeft).toBeLessThan(3);
      // Drawn once, kept beside the clean file, which is untouched.
      const kept = await getMediaStorage().read(watermarkedKey(storageKey, variant));
      expect(kept?.equals(served)).toBe(true);
    }
    // The thumbnail is too small for a readable mark and stays clean and immutable.
    const thumb = await send(url("thumb"));
    expect(thumb.headers.get("Cache-Control")).toContain("immutable");
    expect(Buffer.from(await thumb.arrayBuffer()).equals((await clean("thumb"))!)).toBe(true);
    // The marked copy has no address of its own.
    expect((await send(`/media/${watermarkedKey(storageKey, "card")}`)).status).toBe(404);
  });

  it("answers a browser's copy of the same variant with a 304", async () => {
    const again = await send(url("gallery"), { headers: { "If-None-Match": '"watermarked"' } });
    expect(again.status).toBe(304);
  });

  it("serves the clean file once a plan removes the mark, and the mark again when it ends", async () => {
    // Standard sells watermark removal (the spec's card).
    const plan = await givePlan(host.id, "standard");
    const upgraded = await send(url("gallery"), {
      headers: { "If-None-Match": '"watermarked"' },
    });
    expect(upgraded.status).toBe(200);
    expect(upgraded.headers.get("ETag")).toBe('"clean"');
    expect(Buffer.from(await upgraded.arrayBuffer()).equals((await clean("gallery"))!)).toBe(true);

    await app.handle.db
      .update(planSubscriptions)
      .set({ startsAt: new Date(Date.now() - 2000), endsAt: new Date(Date.now() - 1000) })
      .where(eq(planSubscriptions.id, plan.subscriptionId));
    const ended = await send(url("gallery"), { headers: { "If-None-Match": '"clean"' } });
    expect(ended.status).toBe(200);
    expect(ended.headers.get("ETag")).toBe('"watermarked"');
    const marked = Buffer.from(await ended.arrayBuffer());
    expect(marked.equals((await clean("gallery"))!)).toBe(false);
    expect(
      marked.equals((await getMediaStorage().read(watermarkedKey(storageKey, "gallery")))!),
    ).toBe(true);
    // Nothing was deleted on the way: both files of every variant are still stored.
    for (const variant of ["card", "gallery"] as const) {
      expect(await clean(variant)).not.toBeNull();
      expect(await getMediaStorage().read(watermarkedKey(storageKey, variant))).not.toBeNull();
    }
    const [row] = await app.handle.db
      .select()
      .from(listingImages)
      .where(eq(listingImages.storageKey, storageKey));
    expect(row).toBeDefined();
  });
});
