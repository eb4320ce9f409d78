import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { listings, user } from "../../app/db/schema/index.ts";
import { COUNTRY_NAMES } from "../../app/db/reference/reference-data.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { listingSearchText } from "../../app/lib/listing-search-text.ts";
import { USD, type DisplayCurrency } from "../../app/lib/money.ts";
import {
  browseSearchParams,
  hasActiveFilters,
  parseBrowseParams,
  PAGE_SIZE,
  type BrowseCategory,
} from "../../app/lib/schemas/browse.ts";
import { loader as categoryLoader } from "../../app/routes/site/category.tsx";
import { browseListings } from "../../app/services/listings/browse.server.ts";
import { escapeLike } from "../../app/services/listings/keyword-search.server.ts";
import { findCurrency } from "../../app/services/reference/reference.server.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

type NewListing = typeof listings.$inferInsert;
const DAY = 24 * 60 * 60 * 1000;
const BASE = new Date("2026-01-01T10:00:00Z").getTime();

/** A known catalogue: every filter has listings that match it and listings that must not. */
const FIXTURES: Record<string, Partial<NewListing> & Pick<NewListing, "title" | "category">> = {
  A: {
    title: "Sea View Apartment in Lekki",
    category: "real-estate",
    listingType: "sale",
    propertyType: "apartment",
    completionStatus: "ready",
    countryCode: "NG",
    city: "Lagos",
    priceUsdCents: 100_000_00,
    bedrooms: 2,
    bathrooms: 2,
  },
  B: {
    title: "Family House in East Legon",
    category: "real-estate",
    listingType: "sale",
    propertyType: "house",
    completionStatus: "ready",
    countryCode: "GH",
    city: "Accra",
    priceUsdCents: 250_000_00,
    bedrooms: 4,
    bathrooms: 3,
    featured: true,
  },
  C: {
    title: "Off-Plan Villa, 100% Payment Plan",
    category: "real-estate",
    listingType: "sale",
    propertyType: "villa",
    completionStatus: "off-plan",
    countryCode: "KE",
    city: "Nairobi",
    priceUsdCents: 500_000_00,
    bedrooms: 5,
    bathrooms: 5,
  },
  D: {
    title: "Studio_Flat to Rent in Yaba",
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    completionStatus: "ready",
    countryCode: "NG",
    city: "Lagos",
    priceUsdCents: 1_000_00,
    priceType: "per_month",
    bedrooms: 1,
    bathrooms: 1,
  },
  E: {
    title: "Serviced Plot for Long Lease",
    category: "real-estate",
    listingType: "lease",
    propertyType: "land",
    countryCode: "GH",
    city: "Accra",
    priceUsdCents: null,
  },
  F: {
    title: "Pending Penthouse in Lekki",
    category: "real-estate",
    listingType: "sale",
    propertyType: "apartment",
    countryCode: "NG",
    city: "Lagos",
    priceUsdCents: 900_000_00,
    bedrooms: 4,
    bathrooms: 4,
    status: "pending_approval",
    featured: true,
  },
  G: {
    title: "Rejected Duplex in Lekki",
    category: "real-estate",
    listingType: "sale",
    propertyType: "house",
    countryCode: "NG",
    city: "Lagos",
    priceUsdCents: 300_000_00,
    bedrooms: 5,
    bathrooms: 5,
    status: "rejected",
  },
  H: {
    title: "Beach Hotel Double Room",
    category: "hospitality",
    listingType: "booking",
    propertyType: "hotel",
    countryCode: "KE",
    city: "Mombasa",
    priceUsdCents: 120_00,
    priceType: "per_night",
    bedrooms: 1,
    bathrooms: 1,
  },
  I: {
    title: "Female Single Room near Legon Campus",
    category: "student-housing",
    listingType: "rent",
    countryCode: "GH",
    city: "Accra",
    priceUsdCents: 150_00,
    priceType: "per_month",
    roomType: "single-room",
    genderPreference: "female-only",
    bedrooms: 1,
    bathrooms: 1,
  },
  J: {
    title: "Mixed Shared Room in Akoka",
    category: "student-housing",
    listingType: "rent",
    countryCode: "NG",
    city: "Lagos",
    priceUsdCents: 90_00,
    priceType: "per_month",
    roomType: "shared-room",
    genderPreference: "mixed",
    bedrooms: 1,
    bathrooms: 1,
  },
  K: {
    title: "Property and Immigration Lawyer",
    category: "professionals",
    listingType: "service",
    serviceCategory: "lawyer",
    serviceHighlights: ["free-consultation", "multilingual"],
    countryCode: "NG",
    city: "Lagos",
    priceUsdCents: 150_00,
    priceType: "consultation_fee",
    rating: "4.9",
  },
  L: {
    title: "Architect Studio for Homes",
    category: "professionals",
    listingType: "service",
    serviceCategory: "architect",
    countryCode: "KE",
    city: "Nairobi",
    priceUsdCents: 2_000_00,
    priceType: "per_project",
    rating: "4.2",
  },
  M: {
    title: "Serengeti Migration Safari",
    category: "travel-agencies",
    listingType: "booking",
    tourTypes: ["safari", "adventure"],
    countryCode: "TZ",
    city: "Arusha",
    priceUsdCents: 2_400_00,
    priceType: "per_person",
    rating: "4.7",
  },
  N: {
    title: "Zanzibar Beach Escape",
    category: "travel-agencies",
    listingType: "booking",
    tourTypes: ["beach"],
    countryCode: "TZ",
    city: "Zanzibar City",
    priceUsdCents: 900_00,
    priceType: "per_person",
    rating: "4.8",
  },
  O: {
    title: "Airport Pickup and City Transfer",
    category: "concierge",
    listingType: "service",
    countryCode: "GH",
    city: "Accra",
    priceUsdCents: 40_00,
    priceType: "fixed",
  },
};

const EXTRA_CONCIERGE = 50;

describe(`browse and search on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  const ids = new Map<string, number>();
  const names = new Map<number, string>();
  let ngn: DisplayCurrency;

  const browse = async (
    query: Record<string, string>,
    category?: BrowseCategory,
    currency: DisplayCurrency = USD,
  ) => browseListings(parseBrowseParams(query, category), currency);

  /** The fixture letters of a result page, in order. */
  const letters = async (
    query: Record<string, string>,
    category?: BrowseCategory,
    currency?: DisplayCurrency,
  ) => (await browse(query, category, currency)).listings.map((l) => names.get(l.id) ?? "?");

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
    await seedReferenceData(handle.db);
    await handle.db.insert(user).values({
      id: "owner-1",
      name: "Ada Obi",
      email: "ada@example.com",
      role: "agent",
      phone: "+234 803 000 0000",
    });
    let day = 0;
    for (const [letter, fixture] of Object.entries(FIXTURES)) {
      day += 1;
      const row: NewListing = {
        userId: "owner-1",
        listingType: "sale",
        countryCode: "NG",
        city: "Lagos",
        address: `${day} Example Street`,
        description: `Description of listing ${letter}.`,
        status: "approved",
        createdAt: new Date(BASE + day * DAY),
        ...fixture,
      };
      row.searchText = listingSearchText({
        title: row.title,
        city: row.city,
        countryName: COUNTRY_NAMES.get(row.countryCode) ?? "",
        description: row.description,
        specialty: row.specialty,
        serviceCategory: row.serviceCategory,
        serviceHighlights: row.serviceHighlights,
        category: row.category,
        listingType: row.listingType,
        propertyType: row.propertyType,
        completionStatus: row.completionStatus,
        roomType: row.roomType,
        bedrooms: row.bedrooms,
        bathrooms: row.bathrooms,
      });
      const [inserted] = await handle.db
        .insert(listings)
        .values(row)
        .returning({ id: listings.id });
      ids.set(letter, inserted!.id);
      names.set(inserted!.id, letter);
    }
    // Older than every fixture, so they sort after O in "featured" and "newest".
    await handle.db.insert(listings).values(
      Array.from({ length: EXTRA_CONCIERGE }, (_, i) => ({
        userId: "owner-1",
        title: `Concierge Package ${i + 1}`,
        category: "concierge" as const,
        listingType: "service" as const,
        countryCode: "GH",
        city: "Kumasi",
        address: "1 Prempeh II Street",
        description: "A concierge package.",
        status: "approved" as const,
        priceUsdCents: 10_00 + i,
        createdAt: new Date(BASE - (i + 1) * DAY),
        searchText: `concierge package ${i + 1} kumasi ghana`,
      })),
    );
    ngn = await findCurrency("NGN");
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
  });

  it("browses a category: only its approved listings, featured first then newest", async () => {
    expect(await letters({}, "real-estate")).toEqual(["B", "E", "D", "C", "A"]);
    expect(await letters({}, "hospitality")).toEqual(["H"]);
    expect(await letters({}, "student-housing")).toEqual(["J", "I"]);
    expect(await letters({}, "travel-agencies")).toEqual(["N", "M"]);
  });

  it("browses all sections from the category parameter, defaulting to all", async () => {
    const all = await browse({});
    expect(all.total).toBe(Object.keys(FIXTURES).length - 2 + EXTRA_CONCIERGE);
    expect((await browse({ category: "professionals" })).total).toBe(2);
    expect((await browse({ category: "no-such-section" })).total).toBe(all.total);
  });

  it("never returns pending or rejected listings", async () => {
    const hidden = [ids.get("F"), ids.get("G")];
    const queries: Record<string, string>[] = [
      {},
      { q: "lekki" },
      { q: "penthouse" },
      { location: "nigeria", sort: "price-high" },
      { bedrooms: "4", minPrice: "250000" },
    ];
    for (const query of queries) {
      for (const category of ["real-estate", "all"] as const) {
        const result = await browse(query, category);
        for (const listing of result.listings) expect(hidden).not.toContain(listing.id);
      }
    }
    expect((await browse({ q: "penthouse" }, "real-estate")).total).toBe(0);
  });

  describe("keyword", () => {
    it("matches words of the title, place and description, whatever their case", async () => {
      expect(await letters({ q: "lekki" }, "real-estate")).toEqual(["A"]);
      expect(await letters({ q: "LEKKI" }, "real-estate")).toEqual(["A"]);
      expect(await letters({ q: "east legon" }, "real-estate")).toEqual(["B"]);
      expect(await letters({ q: "kenya" }, "real-estate")).toEqual(["C"]);
      expect(await letters({ q: "listing d" }, "real-estate")).toEqual(["D"]);
    });

    it("matches service categories and highlights of professionals", async () => {
      expect(await letters({ q: "free consultation" }, "professionals")).toEqual(["K"]);
      expect(await letters({ q: "lawyers (property" }, "professionals")).toEqual(["K"]);
      expect(await letters({ q: "architects" }, "professionals")).toEqual(["L"]);
    });

    it("treats % and _ as themselves, not as wildcards", async () => {
      expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
      expect(await letters({ q: "100%" })).toEqual(["C"]);
      // Without a letter or digit, the search is for the characters as written.
      expect(await letters({ q: "%" })).toEqual(["C"]);
      expect(await letters({ q: "_" })).toEqual(["D"]);
      // Otherwise punctuation separates words, as in "Studio_Flat".
      expect((await letters({ q: "studio_" })).sort()).toEqual(["D", "L"]);
    });
  });

  describe("location", () => {
    it("matches a substring of the country name, case-insensitively", async () => {
      expect(await letters({ location: "nigeria" }, "real-estate")).toEqual(["D", "A"]);
      expect(await letters({ location: "NIGERIA" }, "real-estate")).toEqual(["D", "A"]);
      expect(await letters({ location: "niger" }, "real-estate")).toEqual(["D", "A"]);
    });

    it("also matches the city", async () => {
      expect(await letters({ location: "accra" }, "real-estate")).toEqual(["B", "E"]);
      expect(await letters({ location: "zanzibar" }, "travel-agencies")).toEqual(["N"]);
    });
  });

  describe("price", () => {
    it("keeps listings within min and max (US dollars)", async () => {
      expect(await letters({ minPrice: "250000" }, "real-estate")).toEqual(["B", "C"]);
      expect(await letters({ maxPrice: "100000" }, "real-estate")).toEqual(["D", "A"]);
      expect(await letters({ minPrice: "100000", maxPrice: "250000" }, "real-estate")).toEqual([
        "B",
        "A",
      ]);
      expect(await letters({ minPrice: "0" }, "real-estate")).toEqual(["B", "D", "C", "A"]);
    });

    it("reads amounts in the display currency", async () => {
      expect(ngn.code).toBe("NGN");
      // ₦148,000,000 at 1,480 per dollar is $100,000.
      expect(await letters({ minPrice: "148000000" }, "real-estate", ngn)).toEqual(["B", "C", "A"]);
      expect(await letters({ maxPrice: "1480000" }, "real-estate", ngn)).toEqual(["D"]);
    });

    it("is offered only where the spec shows a price range", async () => {
      expect(parseBrowseParams({ minPrice: "5" }, "professionals").minPrice).toBeUndefined();
      expect((await browse({ minPrice: "100000" }, "professionals")).total).toBe(2);
    });
  });

  it("filters bedrooms and bathrooms as 'N or more'", async () => {
    expect(await letters({ bedrooms: "4" }, "real-estate")).toEqual(["B", "C"]);
    expect(await letters({ bathrooms: "3" }, "real-estate")).toEqual(["B", "C"]);
    expect(await letters({ bedrooms: "2", bathrooms: "5" }, "real-estate")).toEqual(["C"]);
    expect(await letters({ bedrooms: "1" }, "student-housing")).toEqual(["J", "I"]);
  });

  it("filters property type, completion status and listing type", async () => {
    expect(await letters({ propertyType: "apartment" }, "real-estate")).toEqual(["D", "A"]);
    expect(await letters({ propertyType: "hotel" }, "hospitality")).toEqual(["H"]);
    expect(await letters({ propertyType: "villa" }, "hospitality")).toEqual([]);
    expect(await letters({ completion: "off-plan" }, "real-estate")).toEqual(["C"]);
    expect(await letters({ completion: "ready" }, "real-estate")).toEqual(["B", "D", "A"]);
    expect(await letters({ listingType: "rent" }, "real-estate")).toEqual(["D"]);
    expect(await letters({ listingType: "lease" }, "real-estate")).toEqual(["E"]);
  });

  it("ignores the property type for professionals and travel agencies", async () => {
    expect(await letters({ propertyType: "apartment" }, "professionals")).toEqual(["L", "K"]);
    expect(await letters({ propertyType: "apartment" }, "travel-agencies")).toEqual(["N", "M"]);
  });

  it("filters the service category for professionals only", async () => {
    expect(await letters({ serviceCategory: "lawyer" }, "professionals")).toEqual(["K"]);
    expect(await letters({ serviceCategory: "architect" }, "professionals")).toEqual(["L"]);
    expect((await browse({ serviceCategory: "lawyer" }, "real-estate")).total).toBe(5);
  });

  it("filters tour types (the package includes it) for travel agencies only", async () => {
    expect(await letters({ tourType: "safari" }, "travel-agencies")).toEqual(["M"]);
    expect(await letters({ tourType: "adventure" }, "travel-agencies")).toEqual(["M"]);
    expect(await letters({ tourType: "beach" }, "travel-agencies")).toEqual(["N"]);
    expect(await letters({ tourType: "city" }, "travel-agencies")).toEqual([]);
  });

  it("filters room type and gender preference for student housing only", async () => {
    expect(await letters({ roomType: "single-room" }, "student-housing")).toEqual(["I"]);
    expect(await letters({ genderPreference: "mixed" }, "student-housing")).toEqual(["J"]);
    expect(
      await letters({ roomType: "single-room", genderPreference: "mixed" }, "student-housing"),
    ).toEqual([]);
    expect((await browse({ roomType: "single-room" }, "hospitality")).total).toBe(1);
  });

  it("combines filters", async () => {
    expect(
      await letters(
        { q: "apartment", location: "nigeria", bedrooms: "2", maxPrice: "200000" },
        "real-estate",
      ),
    ).toEqual(["A"]);
    expect(
      await letters(
        { propertyType: "apartment", listingType: "rent", location: "lagos" },
        "real-estate",
      ),
    ).toEqual(["D"]);
    expect(await letters({ q: "room", location: "ghana" }, "student-housing")).toEqual(["I"]);
    expect(await letters({ q: "lekki", location: "kenya" }, "real-estate")).toEqual([]);
  });

  describe("sort", () => {
    it("orders by price both ways with missing prices last", async () => {
      expect(await letters({ sort: "price-low" }, "real-estate")).toEqual([
        "D",
        "A",
        "B",
        "C",
        "E",
      ]);
      expect(await letters({ sort: "price-high" }, "real-estate")).toEqual([
        "C",
        "B",
        "A",
        "D",
        "E",
      ]);
    });

    it("orders by newest (highest id first)", async () => {
      expect(await letters({ sort: "newest" }, "real-estate")).toEqual(["E", "D", "C", "B", "A"]);
    });

    it("orders by rating in the services sections only", async () => {
      expect(await letters({ sort: "rating" }, "professionals")).toEqual(["K", "L"]);
      expect(await letters({ sort: "rating" }, "travel-agencies")).toEqual(["N", "M"]);
      expect(parseBrowseParams({ sort: "rating" }, "real-estate").sort).toBe("featured");
      expect(await letters({ sort: "rating" }, "real-estate")).toEqual(["B", "E", "D", "C", "A"]);
    });
  });

  describe("pagination", () => {
    it("sends one page of 24 at a time, without overlaps or gaps", async () => {
      const seen = new Set<number>();
      const first = await browse({}, "concierge");
      expect(first.total).toBe(EXTRA_CONCIERGE + 1);
      expect(first.pageCount).toBe(3);
      expect(first.listings).toHaveLength(PAGE_SIZE);
      expect(names.get(first.listings[0]!.id)).toBe("O");
      for (const page of [1, 2, 3]) {
        const result = await browse({ page: String(page) }, "concierge");
        expect(result.page).toBe(page);
        for (const listing of result.listings) {
          expect(seen.has(listing.id)).toBe(false);
          seen.add(listing.id);
        }
      }
      expect(seen.size).toBe(EXTRA_CONCIERGE + 1);
    });

    it("keeps the order stable across pages for every sort", async () => {
      for (const sort of ["price-low", "price-high", "newest", "rating"]) {
        const pages = await Promise.all(
          [1, 2, 3].map((page) => browse({ sort, page: String(page) }, "concierge")),
        );
        const all = pages.flatMap((p) => p.listings.map((l) => l.id));
        expect(new Set(all).size).toBe(EXTRA_CONCIERGE + 1);
      }
    });

    it("shows the last page for a page past the end and page 1 for nonsense", async () => {
      const past = await browse({ page: "99" }, "concierge");
      expect(past.page).toBe(3);
      expect(past.listings).toHaveLength(EXTRA_CONCIERGE + 1 - 2 * PAGE_SIZE);
      expect((await browse({ page: "abc" }, "concierge")).page).toBe(1);
      expect((await browse({ page: "-2" }, "concierge")).page).toBe(1);
      const none = await browse({ q: "no such thing" }, "concierge");
      expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, listings: [] });
    });
  });

  describe("bad values", () => {
    it("drops what does not parse and uses the defaults", () => {
      const params = parseBrowseParams({
        category: "castles",
        q: "   ",
        minPrice: "abc",
        maxPrice: "-5",
        bedrooms: "two",
        bathrooms: "-1",
        propertyType: "igloo",
        tourType: "moon",
        sort: "cheapest",
        page: "0",
      });
      expect(params).toEqual({ category: "all", sort: "featured", page: 1 });
      expect(hasActiveFilters(params)).toBe(false);
    });

    it("treats empty form fields as absent, not as zero", () => {
      const params = parseBrowseParams(
        new URLSearchParams("q=&location=&minPrice=&maxPrice=&bedrooms=&sort=&page="),
        "real-estate",
      );
      expect(params).toEqual({ category: "real-estate", sort: "featured", page: 1 });
    });

    it("takes the first of repeated parameters", () => {
      const params = parseBrowseParams(new URLSearchParams("bedrooms=2&bedrooms=5"), "real-estate");
      expect(params.bedrooms).toBe(2);
    });

    it("returns results rather than failing", async () => {
      const result = await browse(
        { minPrice: "abc", maxPrice: "-5", sort: "x", page: "y" },
        "real-estate",
      );
      expect(result.total).toBe(5);
    });

    it("never makes the page loader fail", async () => {
      const urls = [
        "/real-estate?minPrice=abc&maxPrice=-1&bedrooms=x&page=-3&sort=nope",
        "/real-estate?q=%25%5F%5C&location=%27%3B%20drop%20table%20listings",
        "/listings?category=unknown",
        "/listings?category=professionals&sort=rating&serviceCategory=lawyer",
        "/student-housing?page=999999999999&minPrice=1e400",
        `/hospitality?q=${"x".repeat(5000)}`,
      ];
      for (const url of urls) {
        // A client navigation asks for /….data; the loader reads the page's `url`.
        const request = new Request(`http://localhost${url.replace("?", ".data?")}`);
        const result = (await categoryLoader({
          request,
          url: new URL(`http://localhost${url}`),
          params: {},
          context: {} as never,
          pattern: url.split("?")[0],
        } as never)) as unknown as { params: { category: string }; results: { total: number } };
        expect(result).toHaveProperty("results");
        const expected = url.startsWith("/listings")
          ? url.includes("professionals")
            ? "professionals"
            : "all"
          : url.slice(1).split("?")[0];
        expect(result.params.category).toBe(expected);
      }
    });
  });

  it("writes short, shareable query strings", () => {
    const params = parseBrowseParams(
      { q: "lekki", bedrooms: "2", sort: "price-low", page: "2" },
      "real-estate",
    );
    expect(browseSearchParams(params).toString()).toBe("q=lekki&bedrooms=2&sort=price-low&page=2");
    expect(
      browseSearchParams(parseBrowseParams({ category: "hospitality" }), {
        includeCategory: true,
      }).toString(),
    ).toBe("category=hospitality");
  });
});
