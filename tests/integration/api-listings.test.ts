import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { listings } from "../../app/db/schema/index.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { seedDemoData } from "../../scripts/demo/demo-seed.ts";
import { FILTER_NAMES, PAGE_SIZE } from "../../app/lib/schemas/browse.ts";
import { createDiskStorage, setMediaStorage } from "../../app/storage/media-storage.server.ts";
import { apiErrorSchema } from "../../app/lib/schemas/api-error.ts";
import { apiListingDetailSchema, apiListingPageSchema } from "../../app/lib/schemas/listing-api.ts";
import { countrySchema, currencySchema, healthSchema } from "../../app/lib/schemas/reference.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

/** The schemas the OpenAPI document's answers are generated from. */
const RESPONSE_SCHEMAS = {
  Error: apiErrorSchema,
  ListingPage: apiListingPageSchema,
  ListingDetail: apiListingDetailSchema,
  Currency: currencySchema,
  Country: countrySchema,
  Health: healthSchema,
};

interface ApiSummary {
  id: number;
  title: string;
  category: string;
  city: string;
  countryName: string;
  priceUsdCents: number | null;
  bedrooms: number | null;
  url: string;
  cover: { thumb: string; card: string; gallery: string } | null;
}
interface ApiPage {
  listings: ApiSummary[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  query: Record<string, unknown>;
}

interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const getJson = async <T>(url: string): Promise<{ status: number; body: T; res: Response }> => {
  const res = await apiV1.request(url);
  return { status: res.status, body: (await res.json()) as T, res };
};

describe(`GET /api/v1/listings on ${testEngine} (demo catalogue)`, () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  let approvedCount: number;
  let hiddenIds: number[];

  beforeAll(async () => {
    handle = await openTestDatabase();
    mediaDir = await mkdtemp(path.join(os.tmpdir(), "gateway-api-listings-"));
    setDatabase(handle);
    setMediaStorage(createDiskStorage(mediaDir));
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db, createDiskStorage(mediaDir), {
      now: new Date("2026-03-01T12:00:00Z"),
    });
    const [row] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(eq(listings.status, "approved"));
    approvedCount = Number(row?.n);
    hiddenIds = (
      await handle.db
        .select({ id: listings.id })
        .from(listings)
        .where(ne(listings.status, "approved"))
    ).map((r) => r.id);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("sends one page of approved listings with the totals", async () => {
    const { status, body, res } = await getJson<ApiPage>("/listings");
    expect(status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(body.total).toBe(approvedCount);
    expect(body.pageSize).toBe(PAGE_SIZE);
    expect(body.listings).toHaveLength(PAGE_SIZE);
    expect(body.pageCount).toBe(Math.ceil(approvedCount / PAGE_SIZE));
    expect(hiddenIds.length).toBeGreaterThan(0);
    const first = body.listings[0]!;
    expect(first.url).toMatch(new RegExp(`/listing/${first.id}$`));
    expect(first.cover?.gallery).toMatch(
      /^https?:\/\/.+\/media\/listings\/[0-9a-f]+-gallery\.webp$/,
    );
  });

  it("never lists a pending or rejected listing on any page", async () => {
    const { body } = await getJson<ApiPage>("/listings");
    const seen: number[] = [];
    for (let page = 1; page <= body.pageCount; page++) {
      const { body: pageBody } = await getJson<ApiPage>(`/listings?page=${page}&sort=newest`);
      seen.push(...pageBody.listings.map((l) => l.id));
    }
    expect(seen).toHaveLength(approvedCount);
    expect(new Set(seen).size).toBe(approvedCount);
    for (const id of hiddenIds) expect(seen).not.toContain(id);
  });

  it("applies the same filters, sort and category as the pages", async () => {
    const { body } = await getJson<ApiPage>(
      "/listings?category=real-estate&location=nigeria&bedrooms=3&sort=price-low",
    );
    expect(body.total).toBeGreaterThan(0);
    for (const l of body.listings) {
      expect(l.category).toBe("real-estate");
      expect(l.countryName).toBe("Nigeria");
      expect(l.bedrooms).toBeGreaterThanOrEqual(3);
    }
    const prices = body.listings.map((l) => l.priceUsdCents ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.query).toMatchObject({
      category: "real-estate",
      location: "nigeria",
      bedrooms: 3,
      sort: "price-low",
      currency: "USD",
    });
  });

  it("searches professionals by keyword", async () => {
    const { body } = await getJson<ApiPage>("/listings?category=professionals&q=lawyer");
    expect(body.total).toBeGreaterThan(0);
    for (const l of body.listings) expect(l.category).toBe("professionals");
  });

  it("reads min and max prices in the currency given", async () => {
    const { body } = await getJson<ApiPage>(
      "/listings?category=real-estate&minPrice=1480000000&currency=ngn",
    );
    expect(body.query.currency).toBe("NGN");
    expect(body.total).toBeGreaterThan(0);
    for (const l of body.listings) expect(l.priceUsdCents).toBeGreaterThanOrEqual(1_000_000_00);
    const unknown = await getJson<ApiError>("/listings?minPrice=100&currency=XXX");
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error.fields ?? {})).toEqual(["currency"]);
  });

  it("refuses bad values with a 400 naming each one, and never a 500", async () => {
    for (const [query, names] of [
      [
        "minPrice=abc&maxPrice=-3&bedrooms=lots&page=-1&sort=cheapest&category=castles",
        ["category", "minPrice", "maxPrice", "bedrooms", "sort", "page"],
      ],
      ["page=99999999&q=%25%25%25", ["page"]],
      ["category=real-estate&tourType=moon&propertyType=&location=", ["tourType"]],
      ["bathrooms=0&genderPreference=anyone", ["bathrooms", "genderPreference"]],
    ] as const) {
      const { status, body } = await getJson<ApiError>(`/listings?${query}`);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: "Some query parameters have values this search does not accept.",
      });
      expect(Object.keys(body.error.fields ?? {}).sort()).toEqual([...names].sort());
    }
    // Accepted as given: empty fields, a long keyword (cut to its first 100 characters), a
    // filter that does not apply to the section, a lower-case currency.
    for (const query of [
      "propertyType=&location=",
      "q=" + "x".repeat(3000),
      "category=professionals&bedrooms=3",
      "minPrice=10.50&currency=ngn",
    ]) {
      expect((await getJson<ApiPage>(`/listings?${query}`)).status).toBe(200);
    }
  });

  it("pages through results without overlap", async () => {
    const one = await getJson<ApiPage>("/listings?category=real-estate");
    const two = await getJson<ApiPage>("/listings?category=real-estate&page=2");
    expect(two.body.page).toBe(2);
    const ids = new Set(one.body.listings.map((l) => l.id));
    for (const l of two.body.listings) expect(ids.has(l.id)).toBe(false);
  });
});

describe(`GET /api/v1/listings/{id} and the OpenAPI document on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  let approvedId: number;
  let pendingId: number;
  let rejectedId: number;

  beforeAll(async () => {
    handle = await openTestDatabase();
    mediaDir = await mkdtemp(path.join(os.tmpdir(), "gateway-api-listing-"));
    setDatabase(handle);
    setMediaStorage(createDiskStorage(mediaDir));
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db, createDiskStorage(mediaDir), {
      now: new Date("2026-03-01T12:00:00Z"),
    });
    const pick = async (status: "approved" | "pending_approval" | "rejected") => {
      const [row] = await handle.db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.status, status)))
        .limit(1);
      return row!.id;
    };
    approvedId = await pick("approved");
    pendingId = await pick("pending_approval");
    rejectedId = await pick("rejected");
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("answers an approved listing with its images, contact and agent", async () => {
    const { status, body } = await getJson<{
      listing: {
        id: number;
        status: string;
        description: string;
        images: { gallery: string }[];
        agent: { name: string; contactAvailable: boolean; avatarUrl: string };
      };
    }>(`/listings/${approvedId}`);
    expect(status).toBe(200);
    expect(body.listing).toMatchObject({ id: approvedId, status: "approved" });
    expect(body.listing.description.length).toBeGreaterThan(20);
    expect(body.listing.images.length).toBeGreaterThan(0);
    expect(body.listing.images[0]?.gallery).toMatch(/-gallery\.webp$/);
    // The address and number are given on a click (POST …/contact, a lead), never in the listing.
    expect(body.listing.agent.contactAvailable).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/@demo\.gateway-africa\.test/);
    expect(body.listing.agent.avatarUrl).toMatch(/^https?:\/\/.+\/avatars\/initials\.svg\?name=/);
    expect(body.listing).not.toHaveProperty("userId");
  });

  it("answers 404 LISTING_NOT_FOUND for unknown, malformed, pending and rejected ids", async () => {
    for (const id of [pendingId, rejectedId, 9_999_999, "abc", "0", "-1", "1.5", "1e2"]) {
      const { status, body } = await getJson<{ error: { code: string; message: string } }>(
        `/listings/${id}`,
      );
      expect(status).toBe(404);
      expect(body.error.code).toBe("LISTING_NOT_FOUND");
      expect(body.error.message).toBe("This listing could not be found. It may have been removed.");
    }
  });

  it("answers exactly what the OpenAPI document describes: no field missing, none extra", async () => {
    const answers: [keyof typeof RESPONSE_SCHEMAS, unknown][] = [
      ["ListingPage", (await getJson("/listings?category=real-estate")).body],
      ["ListingPage", (await getJson("/listings?category=professionals&sort=rating")).body],
      [
        "ListingDetail",
        (await getJson<{ listing: unknown }>(`/listings/${approvedId}`)).body.listing,
      ],
      ["Error", (await getJson(`/listings/${pendingId}`)).body],
      ["Error", (await getJson("/listings?minPrice=abc")).body],
      ["Health", (await getJson("/health")).body],
    ];
    const { currencies } = (await getJson<{ currencies: unknown[] }>("/currencies")).body;
    const { countries } = (await getJson<{ countries: unknown[] }>("/countries")).body;
    answers.push(["Currency", currencies[1]], ["Country", countries[0]]);
    for (const [id, body] of answers) {
      // Parsing drops unknown keys, so equality also means nothing undocumented was sent.
      expect(RESPONSE_SCHEMAS[id].parse(body), id).toEqual(body);
    }
  });

  it("publishes an OpenAPI 3.1 document generated from the schemas", async () => {
    const { status, body } = await getJson<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
      components: { schemas: Record<string, unknown> };
    }>("/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    // Every endpoint the API serves is documented, with each of its methods.
    const served = apiV1.routes
      .filter((r) => r.method !== "ALL" && r.path !== "/openapi.json")
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    const documented = Object.entries(body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect([...new Set(served)].sort()).toEqual(documented.sort());
    const names = body.paths["/listings"]!.get!.parameters!.map((p) => p.name);
    for (const name of [...FILTER_NAMES, "category", "sort", "page", "currency"]) {
      expect(names).toContain(name);
    }
    expect(Object.keys(body.components.schemas)).toEqual(
      expect.arrayContaining(["Error", "ListingSummary", "ListingDetail", "Currency", "Country"]),
    );
    expect(JSON.stringify(body)).not.toContain('"$schema"');
  });
});
