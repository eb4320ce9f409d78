/**
 * Browse benchmark: the demo data plus N generated listings (default 50,000), then the category
 * page's queries timed through the same service the pages use. Prints median and p95 per case.
 * Usage: node scripts/bench-browse.ts [N]
 * Runs on an in-memory PGlite; with BENCH_DATABASE_URL=postgres://… on that (empty, throw-away)
 * PostgreSQL database instead.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getTableColumns, sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "../app/db/client.server.ts";
import { listings } from "../app/db/schema/index.ts";
import { seedReferenceData } from "../app/db/reference/reference-seed.server.ts";
import { seedDemoData } from "./demo/demo-seed.ts";
import { parseBrowseParams } from "../app/lib/schemas/browse.ts";
import { USD } from "../app/lib/money.ts";
import { browseListings } from "../app/services/listings/browse.server.ts";
import { createDiskStorage } from "../app/storage/media-storage.server.ts";

const extra = Number(process.argv[2] ?? 50_000);
const url = process.env.BENCH_DATABASE_URL;
const handle = await openDatabase(
  url ? { engine: "postgres", url } : { engine: "pglite", dir: "memory" },
);
setDatabase(handle);
const mediaDir = mkdtempSync(path.join(tmpdir(), "bench-media-"));

try {
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, createDiskStorage(mediaDir));
  const [{ count: demo } = { count: 0 }] = (
    (await handle.db.execute(sql`select count(*)::int as count from listings`)) as {
      rows: { count: number }[];
    }
  ).rows;
  const copies = Math.ceil(extra / demo);
  // The database computes generated columns (the identity, the full-text vector).
  const columns = Object.values(getTableColumns(listings))
    .filter((c) => !c.generated && !c.generatedIdentity && c.name !== "title")
    .map((c) => c.name);
  const list = sql.raw(columns.map((c) => `"${c}"`).join(", "));
  const started = performance.now();
  await handle.db.execute(sql`
    insert into listings (title, ${list})
    select l.title || ' ' || g, ${sql.raw(columns.map((c) => `l."${c}"`).join(", "))}
    from listings l cross join generate_series(1, ${copies}) g
    limit ${extra}`);
  await handle.db.execute(sql`analyze listings`);
  console.info(
    `${handle.engine}: ${demo} demo + ${extra} generated listings (inserted in ${Math.round(performance.now() - started)} ms)`,
  );

  const cases: [string, string, Record<string, string>][] = [
    ["category page", "real-estate", {}],
    ["page 20 by price", "real-estate", { sort: "price-low", page: "20" }],
    [
      "keyword + location + bedrooms + sort",
      "real-estate",
      { q: "apartment", location: "nigeria", bedrooms: "2", sort: "price-high" },
    ],
    ["selective keyword", "professionals", { q: "surveyor" }],
    ["broad keyword, all sections", "all", { q: "a" }],
    ["two words, by relevance", "real-estate", { q: "Nairobi apartment" }],
    ["number and word", "all", { q: "2 bedroom" }],
    ["typo", "all", { q: "Nairobbi apartmnt" }],
    ["word found nowhere", "all", { q: "xylophone" }],
  ];
  for (const [name, category, query] of cases) {
    const params = parseBrowseParams(
      { ...query, category },
      category === "all" ? undefined : (category as never),
    );
    await browseListings(params, USD);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      await browseListings(params, USD);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    console.info(`${name.padEnd(38)} median ${median.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms`);
  }
} finally {
  await handle.close();
  rmSync(mediaDir, { recursive: true, force: true });
}
