import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { listings, user } from "../../app/db/schema/index.ts";
import { captureBrowseSql, inlineParams } from "../../scripts/bench/capture-sql.ts";
import { FILTERED_BROWSE } from "../../scripts/scale/filtered-browse.ts";
import { scaleListings, scaleUsers } from "../../scripts/scale/scale-data.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

/** Enough rows that the planner weighs indexes as it does at scale, few enough to load quickly. */
const LISTINGS = 10_000;

/** The browse and search shapes the pages and GET /api/v1/listings issue. */
const SHAPES: Record<string, Record<string, string>> = {
  "a section, featured first": { category: "real-estate" },
  "a section, newest": { category: "real-estate", sort: "newest" },
  "a section by price, low to high": { category: "hospitality", sort: "price-low" },
  "a section by price, high to low": { category: "hospitality", sort: "price-high" },
  "services by rating": { category: "professionals", sort: "rating" },
  "all sections": { category: "all" },
  "all sections by price": { category: "all", sort: "price-high" },
  "a deep page": { category: "student-housing", page: "40" },
  "a country": { category: "real-estate", location: "Kenya" },
  "a city": { category: "all", location: "nairobi" },
  "a price range": { category: "real-estate", minPrice: "100000", maxPrice: "300000" },
  bedrooms: { category: "real-estate", bedrooms: "3" },
  "a keyword, by relevance": { category: "all", q: "nairobi apartment" },
  "a typo": { category: "all", q: "nairobbi" },
  "keyword, country, price and bedrooms, by price": { category: "real-estate", ...FILTERED_BROWSE },
  "verified hosts only": { category: "real-estate", verified: "1" },
  "verified hosts only, all sections by price": {
    category: "all",
    verified: "1",
    sort: "price-low",
  },
  "verified hosts only, a keyword": { category: "all", verified: "1", q: "nairobi apartment" },
};

describe.skipIf(testEngine !== "postgres")("browse query plans at scale (PostgreSQL)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedReferenceData(handle.db);
    const now = new Date();
    const users = scaleUsers(600, 7, now);
    await handle.db.insert(user).values(users);
    // A few verified hosts (issue 28), as the filter and the ranking meet them: one in twenty.
    await handle.db
      .update(user)
      .set({ identityVerifiedUntil: new Date(now.getTime() + 365 * 86_400_000) })
      .where(sql`${user.id} in (select id from "user" order by id limit 30)`);
    const owners = {
      listers: users.filter((u) => u.role === "agent").map((u) => u.id),
      professionals: users.filter((u) => u.role === "professional").map((u) => u.id),
    };
    let batch = [];
    for (const listing of scaleListings(LISTINGS, 7, now, owners)) {
      batch.push(listing);
      if (batch.length === 1000) {
        await handle.db.insert(listings).values(batch);
        batch = [];
      }
    }
    // Statistics and the visibility map, as autovacuum keeps them on a live database.
    await handle.db.execute(sql`vacuum analyze`);
  }, 60_000);
  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
  });

  it.each(Object.entries(SHAPES))("reads listings through an index: %s", async (_, shape) => {
    const statements = await captureBrowseSql(handle, shape);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        handle.db,
        sql.raw(`explain ${inlineParams(statement)}`),
      );
      const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
      expect(text, text).not.toMatch(/Seq Scan on listings/);
    }
  });
});
