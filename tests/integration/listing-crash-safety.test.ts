import { existsSync } from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingImages, listings, listingUploads } from "../../app/db/schema/index.ts";
import { emptyListingValues } from "../../app/lib/schemas/listing.ts";
import {
  IMAGE_VARIANTS,
  storeImage,
  variantKey,
  type ImageVariant,
} from "../../app/services/media/images.server.ts";
import { storeListingUpload } from "../../app/services/listings/listing-uploads.server.ts";
import { createListing } from "../../app/services/listings/listing-write.server.ts";
import {
  ORPHAN_GRACE_MS,
  sweepOrphanedListingImages,
} from "../../app/services/listings/orphan-images.server.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const VARIANTS = Object.keys(IMAGE_VARIANTS) as ImageVariant[];

function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: seed * 40, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();
}

describe(`a listing write that fails, and files left without a row, on ${testEngine}`, () => {
  let app: TestApp;
  let admin: MadeUser;
  let mediaDir: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await makeUser({ role: "admin" });
    mediaDir = path.join(app.dataDir, "media");
  });
  afterAll(async () => {
    await app.close();
  });

  const filesOf = (key: string) =>
    VARIANTS.map((variant) => existsSync(path.join(mediaDir, variantKey(key, variant))));
  const listingFiles = async () =>
    (await getMediaStorage().list("listings")).map((entry) => entry.key);

  it("leaves no listing row and no listing file when the transaction fails half-way", async () => {
    const upload = await storeListingUpload({ actor: admin.viewer, data: await photo(1) });
    const db = app.handle.db;
    // The listing's row is inserted and the upload taken; then its image rows fail.
    await db.execute(sql`
      create function refuse_listing_images() returns trigger language plpgsql as $$
      begin raise exception 'disk full (simulated)'; end $$`);
    await db.execute(sql`
      create trigger refuse_listing_images before insert on listing_images
      for each row execute function refuse_listing_images()`);
    try {
      await expect(
        createListing({
          actor: admin.viewer,
          input: {
            ...emptyListingValues("real-estate"),
            title: "Half-written house",
            listingType: "sale",
            price: "90000",
            priceType: "total",
            countryCode: "GH",
            city: "Accra",
            address: "1 Ring Road",
            description: "This listing never makes it to the database.",
            propertyType: "house",
            bedrooms: "3",
            bathrooms: "2",
            images: [upload.key],
          },
        }),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_listing_images on listing_images`);
      await db.execute(sql`drop function refuse_listing_images()`);
    }
    const [listingCount] = await db.select({ n: count() }).from(listings);
    expect(listingCount!.n).toBe(0);
    expect((await db.select().from(listingImages)).length).toBe(0);
    // The copies made for the listing are gone; the upload is still the person's, files and row.
    expect(await listingFiles()).toEqual([]);
    expect(filesOf(upload.key)).toEqual([true, true, true]);
    const pending = await db
      .select()
      .from(listingUploads)
      .where(eq(listingUploads.storageKey, upload.key));
    expect(pending).toHaveLength(1);
  });

  it("sweeps an old image no row names, and keeps named ones and young ones", async () => {
    const storage = getMediaStorage();
    // What a kill between writing the files and committing their row leaves behind.
    const orphan = await storeImage(storage, await photo(2), "listings");
    const strayUpload = await storeImage(storage, await photo(3), "uploads/0123456789abcdef");
    const pending = await storeListingUpload({ actor: admin.viewer, data: await photo(4) });

    // Right now, everything is within its grace period.
    expect(await sweepOrphanedListingImages()).toBe(0);
    expect(filesOf(orphan.storageKey)).toEqual([true, true, true]);

    // Later: both orphans are old enough; the pending upload is named by its row.
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await sweepOrphanedListingImages({ now: later, graceMs: ORPHAN_GRACE_MS })).toBe(2);
    expect(filesOf(orphan.storageKey)).toEqual([false, false, false]);
    expect(filesOf(strayUpload.storageKey)).toEqual([false, false, false]);
    expect(filesOf(pending.key)).toEqual([true, true, true]);

    // A file younger than the grace period survives even without a row.
    const fresh = await storeImage(storage, await photo(5), "listings");
    expect(await sweepOrphanedListingImages({ now: new Date(Date.now() + 1000) })).toBe(0);
    expect(filesOf(fresh.storageKey)).toEqual([true, true, true]);
  });
});
