import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server.ts";
import {
  currencies,
  favorites,
  heroContent,
  listingImages,
  listings,
  user,
} from "../../app/db/schema/index.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { DEFAULT_HERO_CONTENT } from "../../app/db/reference/reference-data.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

type NewListing = typeof listings.$inferInsert;

/** Fails unless the query is refused by the named constraint (not by a typo in the test). */
async function expectViolation(query: PromiseLike<unknown>, constraint: string): Promise<void> {
  const error: unknown = await Promise.resolve(query).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to reject the row`).toBeInstanceOf(Error);
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    messages.push(e.message, String((e as { constraint?: unknown }).constraint ?? ""));
  }
  expect(messages.join("\n")).toContain(constraint);
}

describe(`database constraints on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  let listingId: number;

  const validListing = (overrides: Partial<NewListing> = {}): NewListing => ({
    userId: "owner",
    title: "2-Bedroom Apartment in Osu",
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    priceUsdCents: 120_000,
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "12 Oxford Street, Osu",
    description: "Bright and close to the beach.",
    status: "approved",
    ...overrides,
  });

  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedReferenceData(handle.db);
    await handle.db
      .insert(user)
      .values({ id: "owner", name: "Owner", email: "owner@example.test", role: "agent" });
    const [row] = await handle.db
      .insert(listings)
      .values(validListing())
      .returning({ id: listings.id });
    if (!row) throw new Error("the valid listing was not inserted");
    listingId = row.id;
  });

  afterAll(async () => {
    await handle.close();
  });

  it("accepts the valid baseline rows", async () => {
    const rows = await handle.db.select().from(listings).where(eq(listings.id, listingId));
    expect(rows).toHaveLength(1);
  });

  it("rejects a negative price", async () => {
    await expectViolation(
      handle.db.insert(listings).values(validListing({ priceUsdCents: -100 })),
      "listings_price_check",
    );
  });

  it("rejects an unknown category", async () => {
    await expectViolation(
      handle.db
        .insert(listings)
        .values(validListing({ category: "castles" as NewListing["category"] })),
      "listings_category_check",
    );
  });

  it("rejects an amenity outside the list", async () => {
    await expectViolation(
      handle.db.insert(listings).values(validListing({ amenities: ["WiFi", "Helipad" as "WiFi"] })),
      "listings_amenities_check",
    );
  });

  it("rejects a professional listing without a service category, and a service category elsewhere", async () => {
    await expectViolation(
      handle.db.insert(listings).values(
        validListing({
          category: "professionals",
          listingType: "service",
          propertyType: null,
          priceType: "per_hour",
        }),
      ),
      "listings_professional_service_check",
    );
    await expectViolation(
      handle.db.insert(listings).values(validListing({ serviceCategory: "lawyer" })),
      "listings_professional_service_check",
    );
  });

  it("rejects a rating above 5", async () => {
    await expectViolation(
      handle.db.insert(listings).values(validListing({ rating: "6" })),
      "listings_rating_check",
    );
  });

  it("rejects the same favourite twice", async () => {
    await handle.db.insert(favorites).values({ userId: "owner", listingId });
    await expectViolation(
      handle.db.insert(favorites).values({ userId: "owner", listingId }),
      "favorites_user_id_listing_id_pk",
    );
  });

  it("rejects a lower-case currency code and a zero rate", async () => {
    await expectViolation(
      handle.db
        .insert(currencies)
        .values({ code: "abc", name: "Test", symbol: "T", ratePerUsd: "1" }),
      "currencies_code_check",
    );
    await expectViolation(
      handle.db
        .insert(currencies)
        .values({ code: "ABC", name: "Test", symbol: "T", ratePerUsd: "0" }),
      "currencies_rate_check",
    );
  });

  it("rejects a sixth image (position 5)", async () => {
    await handle.db.insert(listingImages).values(
      [0, 1, 2, 3, 4].map((position) => ({
        listingId,
        position,
        storageKey: `listings/constraint-test-${position}`,
        width: 1280,
        height: 853,
      })),
    );
    await expectViolation(
      handle.db.insert(listingImages).values({
        listingId,
        position: 5,
        storageKey: "listings/constraint-test-5",
        width: 1280,
        height: 853,
      }),
      "listing_images_position_check",
    );
  });

  it("rejects a second hero content row", async () => {
    await expectViolation(
      handle.db.insert(heroContent).values({ id: 2, content: DEFAULT_HERO_CONTENT }),
      "hero_content_single_row_check",
    );
  });

  it("rejects an unknown role", async () => {
    await expectViolation(
      handle.db
        .insert(user)
        .values({ id: "boss", name: "Boss", email: "boss@example.test", role: "superuser" }),
      "user_role_check",
    );
  });
});
