import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { listings, user } from "../../app/db/schema/index.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { FEATURED_PREVIEW } from "../../app/lib/featured.ts";
import { loader as restLoader } from "../../app/routes/resources/featured-listings.ts";
import {
  countFeaturedListings,
  listFeaturedListings,
} from "../../app/services/listings/listing-summaries.server.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

const DAY = 24 * 60 * 60 * 1000;
const BASE = new Date("2026-03-01T10:00:00Z").getTime();
/** More than the old cap of 48, so "Show All" must really mean all. */
const FEATURED = 53;

describe(`featured listings on the home page on ${testEngine}`, () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
    await seedReferenceData(handle.db);
    await handle.db
      .insert(user)
      .values({ id: "owner-f", name: "Femi", email: "femi@example.com", role: "agent" });
    const row = (n: number, extra: Partial<typeof listings.$inferInsert>) => ({
      userId: "owner-f",
      title: `Listing ${n}`,
      category: "real-estate" as const,
      listingType: "sale" as const,
      countryCode: "NG",
      city: "Lagos",
      address: `${n} Example Street`,
      description: `Description ${n}.`,
      status: "approved" as const,
      createdAt: new Date(BASE + n * DAY),
      ...extra,
    });
    await handle.db
      .insert(listings)
      .values([
        ...Array.from({ length: FEATURED }, (_, i) => row(i + 1, { featured: true })),
        row(100, { featured: true, status: "pending_approval" }),
        row(101, { featured: true, status: "rejected" }),
        row(102, { featured: false }),
      ]);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
  });

  it("counts only approved featured listings", async () => {
    expect(await countFeaturedListings()).toBe(FEATURED);
  });

  it("sends the first few with the page and every other one on Show All, newest first", async () => {
    const first = await listFeaturedListings({ limit: FEATURED_PREVIEW });
    const { listings: rest } = await restLoader();
    const titles = [...first, ...rest].map((l) => l.title);
    expect(first).toHaveLength(FEATURED_PREVIEW);
    expect(titles).toEqual(Array.from({ length: FEATURED }, (_, i) => `Listing ${FEATURED - i}`));
  });
});
