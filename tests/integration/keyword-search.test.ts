import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { listings, user } from "../../app/db/schema/index.ts";
import { COUNTRY_NAMES } from "../../app/db/reference/reference-data.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { listingSearchText } from "../../app/lib/listing-search-text.ts";
import { USD } from "../../app/lib/money.ts";
import {
  browseSearchParams,
  parseBrowseParams,
  type BrowseCategory,
} from "../../app/lib/schemas/browse.ts";
import { loader as searchLoader } from "../../app/routes/resources/search.ts";
import { loader as categoryLoader } from "../../app/routes/site/category.tsx";
import { browseListings } from "../../app/services/listings/browse.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

type NewListing = typeof listings.$inferInsert;
type Fixture = Partial<NewListing> &
  Pick<NewListing, "title" | "category" | "listingType" | "countryCode" | "city" | "description">;

const DAY = 24 * 60 * 60 * 1000;
const BASE = new Date("2026-02-01T10:00:00Z").getTime();

/** Listings in insertion order: later ones are newer, so "featured, then newest" is known. */
const FIXTURES: Record<string, Fixture> = {
  kilimani: {
    title: "Modern Apartment in Kilimani",
    category: "real-estate",
    listingType: "sale",
    propertyType: "apartment",
    countryCode: "KE",
    city: "Nairobi",
    description: "Two bedrooms close to Yaya Centre.",
    bedrooms: 2,
    bathrooms: 2,
  },
  mombasa: {
    title: "Apartment by the Sea in Nyali",
    category: "real-estate",
    listingType: "sale",
    propertyType: "apartment",
    countryCode: "KE",
    city: "Mombasa",
    description: "Ocean breeze all year.",
    bedrooms: 2,
    bathrooms: 1,
  },
  karen: {
    title: "Garden Villa in Karen",
    category: "real-estate",
    listingType: "sale",
    propertyType: "villa",
    countryCode: "KE",
    city: "Nairobi",
    description: "Four bedrooms on an acre.",
    bedrooms: 4,
    bathrooms: 2,
  },
  yaba: {
    title: "2 Bedroom Flat in Yaba",
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    countryCode: "NG",
    city: "Lagos",
    description: "Walk to the university.",
    bedrooms: 2,
    bathrooms: 2,
  },
  poolTitle: {
    title: "Pool House in Runda",
    category: "real-estate",
    listingType: "sale",
    propertyType: "house",
    countryCode: "KE",
    city: "Nairobi",
    description: "A quiet street.",
    bedrooms: 5,
    bathrooms: 4,
  },
  goree: {
    title: "Gorée Island Heritage Walk",
    category: "travel-agencies",
    listingType: "booking",
    countryCode: "SN",
    city: "Dakar",
    description: "The House of Slaves and the island's museums.",
  },
  // Newer than the listings above and featured: first in every order but relevance.
  poolDescription: {
    title: "Family Home in Lavington",
    category: "real-estate",
    listingType: "sale",
    propertyType: "house",
    countryCode: "KE",
    city: "Nairobi",
    description: "A heated pool and a large garden.",
    bedrooms: 3,
    featured: true,
  },
  loft: {
    title: "Serviced Loft near Westlands",
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    countryCode: "KE",
    city: "Nairobi",
    description: "Furnished, with fibre internet.",
    bedrooms: 1,
    bathrooms: 1,
  },
  pending: {
    title: "Nairobi Apartment Awaiting Review",
    category: "real-estate",
    listingType: "sale",
    propertyType: "apartment",
    countryCode: "KE",
    city: "Nairobi",
    description: "Not public yet.",
    bedrooms: 2,
    status: "pending_approval",
  },
};

describe(`keyword search on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  const names = new Map<number, string>();
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;

  /** The fixture names of the first page, in order. */
  const search = async (query: Record<string, string>, category?: BrowseCategory) =>
    (await browseListings(parseBrowseParams(query, category), USD)).listings.map((l) =>
      nameOf(l.id),
    );
  const found = async (q: string, category?: BrowseCategory) =>
    (await search({ q }, category)).sort();

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
    await seedReferenceData(handle.db);
    await handle.db.insert(user).values({
      id: "owner-1",
      name: "Wanjiru Kamau",
      email: "wanjiru@example.com",
      role: "agent",
    });
    let day = 0;
    for (const [name, fixture] of Object.entries(FIXTURES)) {
      day += 1;
      const row: NewListing = {
        userId: "owner-1",
        address: `${day} Example Road`,
        status: "approved",
        createdAt: new Date(BASE + day * DAY),
        ...fixture,
      };
      row.searchText = listingSearchText({
        ...row,
        countryName: COUNTRY_NAMES.get(row.countryCode) ?? "",
        listingType: row.listingType,
      });
      const [inserted] = await handle.db
        .insert(listings)
        .values(row)
        .returning({ id: listings.id });
      names.set(inserted!.id, name);
    }
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
  });

  it("finds listings containing every word, in any order", async () => {
    const expected = ["kilimani", "loft"];
    expect(await found("Nairobi apartment")).toEqual(expected);
    expect(await found("apartment Nairobi")).toEqual(expected);
    expect(await found("  APARTMENT,  nairobi ")).toEqual(expected);
    expect(await found("Nairobi apartment", "real-estate")).toEqual(expected);
    // The hero's Buy toggle narrows to sales.
    expect(await search({ q: "Nairobi apartment", listingType: "sale" }, "real-estate")).toEqual([
      "kilimani",
    ]);
  });

  it("matches words spread over the title, description, city, country and section", async () => {
    expect(await found("Kilimani Kenya")).toEqual(["kilimani"]);
    expect(await found("yaya nairobi")).toEqual(["kilimani"]);
    expect(await found("westlands furnished")).toEqual(["loft"]);
    expect(await found("villa karen")).toEqual(["karen"]);
    expect(await found("heritage travel senegal")).toEqual(["goree"]);
    // "Loft" says nothing of an apartment; its property type does.
    expect(await found("apartment westlands")).toEqual(["loft"]);
  });

  it('finds "2 bedroom" listings by their number of bedrooms', async () => {
    const twoBedrooms = ["kilimani", "mombasa", "yaba"];
    expect(await found("2 bedroom")).toEqual(twoBedrooms);
    expect(await found("2 bedrooms")).toEqual(twoBedrooms);
    expect(await found("2 bed")).toEqual(twoBedrooms);
    // Karen has 2 bathrooms but 4 bedrooms.
    expect(await found("4 bedroom")).toEqual(["karen"]);
    expect(await found("2 bedroom nairobi")).toEqual(["kilimani"]);
    expect(await found("7 bedroom")).toEqual([]);
  });

  it("forgives a typo, and accents left out", async () => {
    const nairobi = ["karen", "kilimani", "loft", "poolDescription", "poolTitle"];
    expect(await found("Nairobbi")).toEqual(nairobi);
    expect(await found("Nairobbi apartment")).toEqual(["kilimani", "loft"]);
    expect(await found("apartmnt")).toEqual(["kilimani", "loft", "mombasa", "yaba"]);
    expect(await found("2 bedrom")).toEqual(["kilimani", "mombasa", "yaba"]);
    expect(await found("Goree")).toEqual(["goree"]);
    expect(await found("gorée island")).toEqual(["goree"]);
  });

  it("learns the words of new and edited listings for typo correction", async () => {
    expect(await found("penthose")).toEqual([]);
    const [row] = await handle.db
      .select()
      .from(listings)
      .where(eq(listings.title, FIXTURES.karen!.title));
    const title = "Garden Penthouse in Karen";
    await handle.db
      .update(listings)
      .set({
        title,
        searchText: listingSearchText({ ...row!, title, countryName: "Kenya" }),
      })
      .where(eq(listings.id, row!.id));
    expect(await found("penthose")).toEqual(["karen"]);
    // Counting a view changes nothing searchable.
    await handle.db.update(listings).set({ views: 5 }).where(eq(listings.id, row!.id));
    expect(await found("penthouse karen")).toEqual(["karen"]);
  });

  it("never fails on odd input", async () => {
    for (const q of ["½", "中文", "ـ", "'", ":*", "!&|()<->", "a", "x".repeat(100), "2", "0 0"]) {
      const result = await browseListings(parseBrowseParams({ q }), USD);
      expect(result.total, q).toBeGreaterThanOrEqual(0);
    }
  });

  it("does not let the typo fallback match everything", async () => {
    expect(await found("xylophone")).toEqual([]);
    expect(await found("Nairobi xylophone")).toEqual([]);
    expect(await found("submarine villa")).toEqual([]);
    // "house" exists, so it is not taken for a typo of anything else.
    expect(await found("house")).toEqual(["goree", "poolDescription", "poolTitle"]);
  });

  it("never finds listings that are not approved", async () => {
    expect(await found("awaiting review")).toEqual([]);
    expect(await found("Nairobi apartment")).not.toContain("pending");
  });

  it("ranks the best matches first, by default when there is a keyword", async () => {
    expect(parseBrowseParams({ q: "pool" }).sort).toBe("relevance");
    // Title before description, though the description's listing is featured and newer.
    expect(await search({ q: "pool" })).toEqual(["poolTitle", "poolDescription"]);
    expect(await search({ q: "pool", sort: "featured" })).toEqual(["poolDescription", "poolTitle"]);
    // Both words in the title and city before one found only through the property type.
    expect(await search({ q: "nairobi apartment" })).toEqual(["kilimani", "loft"]);
    expect(await search({ q: "nairobbi apartment" })).toEqual(["kilimani", "loft"]);
  });

  it("offers relevance only with a keyword and keeps links short", () => {
    expect(parseBrowseParams({}).sort).toBe("featured");
    expect(parseBrowseParams({ sort: "relevance" }).sort).toBe("featured");
    expect(parseBrowseParams({ q: "pool", sort: "price-low" }).sort).toBe("price-low");
    expect(parseBrowseParams({ q: "pool", sort: "nonsense" }).sort).toBe("relevance");
    expect(browseSearchParams(parseBrowseParams({ q: "pool" })).toString()).toBe("q=pool");
    expect(browseSearchParams(parseBrowseParams({ q: "pool", sort: "featured" })).toString()).toBe(
      "q=pool&sort=featured",
    );
  });

  it("serves the hero search and the category page", async () => {
    const redirect = (await searchLoader({
      request: new Request("http://localhost/search?tab=properties&q=Nairobi+apartment&deal=rent"),
    } as never)) as Response;
    const location = redirect.headers.get("Location")!;
    expect(location).toBe("/real-estate?q=Nairobi+apartment&listingType=rent");
    const page = (await categoryLoader({
      request: new Request(`http://localhost${location}`),
      url: new URL(`http://localhost${location}`),
      params: {},
      context: {} as never,
    } as never)) as unknown as {
      params: { sort: string };
      results: { total: number; listings: { id: number }[] };
    };
    expect(page.params.sort).toBe("relevance");
    expect(page.results.listings.map((l) => nameOf(l.id))).toEqual(["loft"]);
  });

  it("serves GET /api/v1/listings, with relevance documented", async () => {
    const res = await apiV1.request("/listings?q=apartment%20nairobbi");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      total: number;
      listings: { id: number }[];
      query: { sort: string };
    };
    expect(body.total).toBe(2);
    expect(body.listings.map((l) => nameOf(l.id))).toEqual(["kilimani", "loft"]);
    expect(body.query.sort).toBe("relevance");
    expect((await apiV1.request("/listings?q=pool&sort=relevance")).status).toBe(200);

    const doc = (await (await apiV1.request("/openapi.json")).json()) as {
      paths: Record<
        string,
        { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }
      >;
    };
    const sort = doc.paths["/listings"]!.get.parameters.find((p) => p.name === "sort");
    expect(sort?.schema.enum).toContain("relevance");
  });
});
