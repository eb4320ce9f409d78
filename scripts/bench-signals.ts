/**
 * `node scripts/bench-signals.ts [--samples 200]`: the per-new-listing time of the two scam
 * signals that read the whole catalogue — the duplicate-photo lookup and the price median — on
 * the PostgreSQL database of DATABASE_URL filled by `npm run seed:scale` (100,000 listings). The
 * goal is under 50 ms each (docs/decisions/017-scam-signals.md).
 *
 * The scale seed gives each listing one cover copied from the demo, without a hash. This script
 * gives every listing five photos with hashes (random 64-bit values: unrelated photos differ in
 * about half their bits, as real ones do), times the signals for a sample of listings taken as
 * if each had just been saved, and removes the photos it added.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { parseConfig } from "../app/config.server.ts";
import { openDatabase, queryRows, targetFromConfig } from "../app/db/client.server.ts";
import {
  checkedListing,
  duplicatePhotosSignal,
  lowPriceSignal,
  newAccountSignals,
} from "../app/services/signals/listing-signals.server.ts";

const { values: args } = parseArgs({ options: { samples: { type: "string", default: "200" } } });
const samples = Number(args.samples);
const BENCH_KEYS = "bench-signals/";

const config = parseConfig(process.env);
const target = targetFromConfig(config);
if (target.engine !== "postgres") throw new Error("Set DATABASE_URL: the goal is PostgreSQL's.");
const handle = await openDatabase(target, { requestTimeouts: false });
const db = handle.db;

const randomHash = sql.raw(`substr(md5(random()::text || clock_timestamp()::text), 1, 16)`);

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
}

try {
  const [counted] = await queryRows<{ listings: number; images: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM listings)::int AS listings, (SELECT count(*) FROM listing_images)::int AS images`,
  );
  console.info(`Catalogue: ${counted!.listings} listings, ${counted!.images} images before`);
  let started = performance.now();
  await db.execute(sql`UPDATE listing_images SET phash = ${randomHash} WHERE phash IS NULL`);
  await db.execute(sql`
    INSERT INTO listing_images (listing_id, position, storage_key, width, height, phash)
    SELECT l.id, p, ${BENCH_KEYS} || l.id || '-' || p, 1280, 960, ${randomHash}
    FROM listings l CROSS JOIN generate_series(1, 4) AS p
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE listing_images`);
  await db.execute(sql`ANALYZE listings`);
  const [after] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM listing_images`,
  );
  console.info(
    `Hashed photos: ${after!.n} (${((performance.now() - started) / 1000).toFixed(1)} s to add)`,
  );

  const picked = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM listings WHERE price_usd_cents IS NOT NULL ORDER BY md5(id::text) LIMIT ${samples}`,
    )
  ).map((row) => row.id);
  const times = { photos: [] as number[], median: [] as number[], newAccount: [] as number[] };
  let flagged = { photos: 0, median: 0 };
  // One round unmeasured: the first queries plan and warm the connection.
  for (const round of ["warm-up", "measured"]) {
    for (const id of picked) {
      const listing = (await checkedListing(db, id))!;
      // As if the account were new, so the percentile query runs too.
      const fresh = { ...listing, ownerSince: new Date() };
      started = performance.now();
      const photos = await duplicatePhotosSignal(db, listing);
      const photoMs = performance.now() - started;
      started = performance.now();
      const price = await lowPriceSignal(db, listing);
      const medianMs = performance.now() - started;
      started = performance.now();
      await newAccountSignals(db, fresh);
      const newAccountMs = performance.now() - started;
      if (round === "measured") {
        times.photos.push(photoMs);
        times.median.push(medianMs);
        times.newAccount.push(newAccountMs);
        flagged = {
          photos: flagged.photos + (photos ? 1 : 0),
          median: flagged.median + (price ? 1 : 0),
        };
      }
    }
  }
  console.info(`Per new listing, ${picked.length} listings (goal: under 50 ms each):`);
  console.info(`  duplicate-photo lookup (5 photos)  ${stats(times.photos)}`);
  console.info(`  price median                        ${stats(times.median)}`);
  console.info(`  new account (day's count, p95)      ${stats(times.newAccount)}`);
  console.info(
    `  flagged: ${flagged.photos} for photos (random hashes: none expected), ${flagged.median} for price`,
  );
} finally {
  await db.execute(sql`DELETE FROM listing_images WHERE storage_key LIKE ${`${BENCH_KEYS}%`}`);
  await handle.close();
}
