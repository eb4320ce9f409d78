import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, user } from "../../app/db/schema/index.ts";
import { CATEGORIES, type PropertyType } from "../../app/lib/listing-values.ts";
import { USD } from "../../app/lib/money.ts";
import {
  filtersFor,
  parseBrowseParams,
  type BrowseCategory,
} from "../../app/lib/schemas/browse.ts";
import { CATEGORY_RULES, emptyListingValues } from "../../app/lib/schemas/listing.ts";
import { loader as categoryLoader } from "../../app/routes/site/category.tsx";
import { browseListings } from "../../app/services/listings/browse.server.ts";
import { createListing } from "../../app/services/listings/listing-write.server.ts";
import { testEngine } from "../support/database.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

type CategoryPage = Awaited<ReturnType<typeof categoryLoader>>;

const admin = { id: "admin-1", role: "admin" as const };
const agent = { id: "agent-1", role: "agent" as const };

describe(`section filters and counts on ${testEngine}`, () => {
  let app: TestApp;

  /** A stay published through the listing form's own rules, as its owner would. */
  async function publishStay(
    actor: typeof admin | typeof agent,
    propertyType: PropertyType,
    title = `A ${propertyType} to stay in`,
  ) {
    return createListing({
      actor,
      input: {
        ...emptyListingValues("hospitality"),
        title,
        price: "80",
        countryCode: "KE",
        city: "Mombasa",
        address: "2 Nyali Road",
        description: "A place to stay by the sea.",
        propertyType,
      },
    });
  }

  async function publishHome(title: string) {
    return createListing({
      actor: admin,
      input: {
        ...emptyListingValues("real-estate"),
        title,
        price: "90000",
        countryCode: "GH",
        city: "Accra",
        address: "3 Oxford Street",
        description: "A home for sale.",
        propertyType: "house",
      },
    });
  }

  /** The category page's loader, as a browser asks for it (a client navigation's .data URL). */
  async function categoryPage(url: string): Promise<CategoryPage> {
    return (await categoryLoader({
      request: new Request(`http://localhost${url.replace(/(\?|$)/, ".data$1")}`),
      url: new URL(`http://localhost${url}`),
      params: {},
      context: {} as never,
      pattern: url.split("?")[0],
    } as never)) as CategoryPage;
  }

  beforeAll(async () => {
    app = await startTestApp();
    await app.handle.db.insert(user).values([
      { id: admin.id, name: "Admin", email: "admin-1@example.com", role: "admin" },
      { id: agent.id, name: "Agent", email: "agent-1@example.com", role: "agent" },
    ]);
  });

  afterAll(async () => {
    await app.close();
  });

  it("offers in each section's type filter exactly the types its listing form offers", () => {
    for (const category of CATEGORIES) {
      expect(filtersFor(category).propertyTypes, category).toEqual(
        CATEGORY_RULES[category].propertyTypes,
      );
    }
    // The spec's choices (§9) stay among them.
    expect(filtersFor("real-estate").propertyTypes).toEqual(
      expect.arrayContaining(["apartment", "house", "land", "commercial"]),
    );
  });

  it("finds a stay of every type the form allows by its type filter", async () => {
    const types = CATEGORY_RULES.hospitality.propertyTypes;
    expect(types).toEqual(expect.arrayContaining(["hotel", "apartment", "villa"]));
    const ids = new Map<PropertyType, number>();
    for (const type of types) ids.set(type, (await publishStay(admin, type)).id);
    // A house for sale that is also an apartment-type listing must not show up among stays.
    await publishHome("An apartment block for sale");

    const offered = filtersFor("hospitality").propertyTypes;
    for (const type of types) {
      expect(offered, `the hospitality filter offers ${type}`).toContain(type);
      const found = await browseListings(
        parseBrowseParams({ propertyType: type }, "hospitality"),
        USD,
      );
      expect(
        found.listings.map((l) => l.id),
        `${type} stays`,
      ).toEqual([ids.get(type)]);
      // The page's filter keeps the choice (the select shows it) and finds the same stay.
      const page = await categoryPage(`/hospitality?propertyType=${type}`);
      expect(page.params.propertyType).toBe(type);
      expect(page.results.listings.map((l) => l.id)).toEqual([ids.get(type)]);
    }
  });

  it("counts the section's approved listings in the header badge, whatever the filters", async () => {
    const approved = async (category: BrowseCategory) =>
      (await browseListings(parseBrowseParams({}, category), USD)).total;
    const stays = await approved("hospitality");
    const homes = await approved("real-estate");
    expect(stays).toBeGreaterThan(1);

    const filtered = [
      "/hospitality",
      "/hospitality?propertyType=villa",
      "/hospitality?q=no-such-stay",
      "/hospitality?minPrice=1000000&sort=price-high",
      "/hospitality?page=9",
    ];
    for (const url of filtered) {
      expect((await categoryPage(url)).available, url).toBe(stays);
    }
    expect((await categoryPage("/real-estate?propertyType=villa")).available).toBe(homes);
    expect((await categoryPage("/listings?q=sea")).available).toBe(await approved("all"));
    expect((await categoryPage("/professionals?serviceCategory=lawyer")).available).toBe(0);

    // A stay waiting for review is not counted; one just approved is, at once.
    const pending = await publishStay(agent, "lodge", "A lodge waiting for review");
    expect(pending.status).toBe("pending_approval");
    expect((await categoryPage("/hospitality?propertyType=lodge")).available).toBe(stays);
    await app.handle.db
      .update(listings)
      .set({ status: "approved" })
      .where(eq(listings.id, pending.id));
    for (const url of filtered) {
      expect((await categoryPage(url)).available, url).toBe(stays + 1);
    }
    expect((await categoryPage("/listings?location=kenya")).available).toBe(await approved("all"));
  });
});
