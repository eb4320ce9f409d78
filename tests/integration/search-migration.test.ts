import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openDatabase,
  queryRows,
  setDatabase,
  type Database,
  type DatabaseHandle,
  type DatabaseTarget,
} from "../../app/db/client.server.ts";
import { countries, currencies, listings } from "../../app/db/schema/index.ts";
import { COUNTRIES, COUNTRY_NAMES, CURRENCIES } from "../../app/db/reference/reference-data.ts";
import { values } from "../../app/i18n/en/values.ts";
import { listingSearchText } from "../../app/lib/listing-search-text.ts";
import { USD } from "../../app/lib/money.ts";
import { parseBrowseParams } from "../../app/lib/schemas/browse.ts";
import { browseListings } from "../../app/services/listings/browse.server.ts";
import { emptyTestTarget, testEngine } from "../support/database.ts";

/** The last migration before the keyword search's. */
const BEFORE = "0002_listing_uploads";

type NewListing = typeof listings.$inferInsert;

/** Listings as they were stored before: one per section, accents, highlights, no bedrooms. */
const ROWS: (Pick<
  NewListing,
  "title" | "category" | "listingType" | "countryCode" | "city" | "description"
> &
  Partial<NewListing>)[] = [
  {
    title: "Duplex in Cocody",
    category: "real-estate",
    listingType: "sale",
    propertyType: "house",
    completionStatus: "off-plan",
    countryCode: "CI",
    city: "Abidjan",
    description: "Près du Plateau, quartier calme.",
    bedrooms: 2,
    bathrooms: 3,
  },
  {
    title: "Beau Vallon Beach Hotel",
    category: "hospitality",
    listingType: "booking",
    propertyType: "hotel",
    countryCode: "SC",
    city: "Mahé",
    description: "Sea views.",
  },
  {
    title: "Shared Room near Campus",
    category: "student-housing",
    listingType: "rent",
    roomType: "shared-room",
    countryCode: "GH",
    city: "Accra",
    description: "Five minutes from Legon.",
    bedrooms: 1,
  },
  {
    title: "Conveyancing Lawyer",
    category: "professionals",
    listingType: "service",
    serviceCategory: "lawyer",
    specialty: "Property Law",
    serviceHighlights: ["free-consultation", "24-7-support"],
    countryCode: "NG",
    city: "Lagos",
    description: "Title searches.",
  },
  {
    title: "Gorée Island Day Trip",
    category: "travel-agencies",
    listingType: "booking",
    tourTypes: ["cultural"],
    countryCode: "SN",
    city: "Dakar",
    description: "Ferry included.",
  },
  {
    title: "Airport Pickup",
    category: "concierge",
    listingType: "service",
    countryCode: "MA",
    city: "Marrakech",
    description: "Any hour.",
  },
];

/** How the listings service wrote search_text before the keyword search (lower-cased only). */
function oldSearchText(row: (typeof ROWS)[number]): string {
  const parts = [row.title, row.city, COUNTRY_NAMES.get(row.countryCode)!, row.description];
  if (row.specialty) parts.push(row.specialty);
  if (row.serviceCategory) {
    parts.push(values.serviceCategory[row.serviceCategory], row.serviceCategory);
  }
  for (const h of row.serviceHighlights ?? []) {
    parts.push(values.serviceHighlight[h], h, h.replaceAll("-", " "));
  }
  return parts.join(" ").toLowerCase();
}

/**
 * A listing written with only the columns it sets: the listings table of today has columns this
 * older schema does not, which Drizzle's insert would name (with their defaults).
 */
async function insertOldListing(db: Database, row: Partial<NewListing>): Promise<void> {
  const columns = getTableColumns(listings);
  const set = (Object.entries(row) as [keyof typeof columns, unknown][]).filter(
    ([, value]) => value !== undefined,
  );
  await db.execute(
    sql`insert into ${listings} (${sql.join(
      set.map(([key]) => sql.identifier(columns[key].name)),
      sql`, `,
    )}) values (${sql.join(
      set.map(([key, value]) => sql.param(value, columns[key])),
      sql`, `,
    )})`,
  );
}

/** The migrations folder as it was before the keyword search. */
async function migrationsBefore(dir: string): Promise<string> {
  const journal = JSON.parse(await readFile("drizzle/meta/_journal.json", "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await mkdir(path.join(dir, "meta"), { recursive: true });
  await writeFile(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    await copyFile(path.join("drizzle", `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  return dir;
}

describe(`the keyword search migration on ${testEngine}`, () => {
  let tmp: string;
  let target: DatabaseTarget;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), "gateway-search-migration-"));
    target = await emptyTestTarget(path.join(tmp, "pglite"));
    const old = await openDatabase(target, {
      migrationsFolder: await migrationsBefore(path.join(tmp, "migrations")),
    });
    try {
      // Only what the old listings refer to: later migrations add columns to other reference
      // tables (platform settings), which this old database does not have yet.
      await old.db.insert(currencies).values(CURRENCIES.map((c) => ({ ...c })));
      await old.db
        .insert(countries)
        .values(COUNTRIES.map((c) => ({ ...c, slug: c.name.toLowerCase() })));
      // Raw SQL: the user table of today has columns this older schema does not.
      await old.db.execute(
        sql`insert into "user" (id, name, email) values ('owner-1', 'Owner', 'o@example.com')`,
      );
      for (const [i, row] of ROWS.entries()) {
        await insertOldListing(old.db, {
          ...row,
          userId: "owner-1",
          address: `${i + 1} Example Street`,
          status: "approved",
          searchText: oldSearchText(row),
        });
      }
    } finally {
      await old.close();
    }
    // Opening with every migration applies the keyword search's to the stored listings.
    handle = await openDatabase(target);
    setDatabase(handle);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it("rewrites the stored search texts as the listings service now writes them", async () => {
    const stored = await handle.db
      .select({ searchText: listings.searchText })
      .from(listings)
      .orderBy(asc(listings.id));
    expect(stored.map((r) => r.searchText)).toEqual(
      ROWS.map((row) =>
        listingSearchText({ ...row, countryName: COUNTRY_NAMES.get(row.countryCode)! }),
      ),
    );
  });

  it("indexes every stored listing for the full-text search", async () => {
    const [row] = await queryRows<{ empty: number }>(
      handle.db,
      sql`select count(*)::int as empty from listings where search_vector = ''::tsvector`,
    );
    expect(row?.empty).toBe(0);
    const find = async (q: string) =>
      (await browseListings(parseBrowseParams({ q }), USD)).listings.map((l) => l.title);
    expect(await find("2 bedroom abidjan")).toEqual(["Duplex in Cocody"]);
    expect(await find("mahe hotel")).toEqual(["Beau Vallon Beach Hotel"]);
    expect(await find("goree")).toEqual(["Gorée Island Day Trip"]);
    expect(await find("hotels stays")).toEqual(["Beau Vallon Beach Hotel"]);
    // Their words are known to the typo correction.
    expect(await find("marrakesh")).toEqual(["Airport Pickup"]);
  });
});
