/**
 * `npm run seed:scale -- --listings 100000 --users 20000 [--seed 42] [--reset]`: adds a large,
 * realistic, repeatable synthetic catalogue (scripts/scale/scale-data.ts) to the app's database —
 * DATABASE_URL, or the embedded one in DATA_DIR (stop the server first: the directory is locked).
 * Migrations, reference data and the demo catalogue come first, as on server start; the demo's
 * stored pictures are hard-linked as covers, so no image is rendered.
 *
 * Rows are added to what is there; `--reset` first deletes the accounts of a previous scale seed
 * (their listings, favourites and views cascade) and their cover files. Every account signs in
 * with SCALE_PASSWORD.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { parseConfig } from "../app/config.server.ts";
import { openDatabase, targetFromConfig, type Database } from "../app/db/client.server.ts";
import { seedReferenceData } from "../app/db/reference/reference-seed.server.ts";
import {
  account,
  bookings,
  bookingSettings,
  favorites,
  listingImages,
  listings,
  listingViews,
  user,
} from "../app/db/schema/index.ts";
import { copyStoredImage, type StoredImage } from "../app/services/media/images.server.ts";
import { createDiskStorage, type MediaStorage } from "../app/storage/media-storage.server.ts";
import { bookingUnitOf } from "../app/lib/booking-values.ts";
import type { Category, ListingType, PriceType } from "../app/lib/listing-values.ts";
import { createRandom } from "./demo/demo-data.ts";
import { scaleStays } from "./scale/scale-bookings.ts";
import { DEMO_EMAIL_DOMAIN } from "./demo/demo-data.ts";
import { seedDemoData } from "./demo/demo-seed.ts";
import {
  SCALE_EMAIL_DOMAIN,
  SCALE_PASSWORD,
  scaleListings,
  scaleUsers,
  type ScaleListing,
} from "./scale/scale-data.ts";

const { values: args } = parseArgs({
  options: {
    listings: { type: "string", default: "100000" },
    users: { type: "string", default: "20000" },
    seed: { type: "string", default: "42" },
    reset: { type: "boolean", default: false },
  },
});
const listingCount = Number(args.listings);
const userCount = Number(args.users);
const seed = Number(args.seed);
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters with ~35 listing columns. */
const BATCH = 1000;
const COVER_FOLDER = "scale";

const config = parseConfig(process.env);
const target = targetFromConfig(config);
const handle = await openDatabase(target, { requestTimeouts: false });
const db = handle.db;
const storage = createDiskStorage(path.join(config.dataDir, "media"));
/** Runs one table's inserts and prints its row count and time. */
async function timed(table: string, work: () => Promise<number>): Promise<void> {
  const started = performance.now();
  const rows = await work();
  console.info(
    `${table.padEnd(16)} ${String(rows).padStart(8)} rows  ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

/** Cover pictures of the demo catalogue by section: the sources of the generated covers. */
async function demoCovers(database: Database): Promise<Map<string, StoredImage[]>> {
  const rows = await database
    .select({
      category: listings.category,
      storageKey: listingImages.storageKey,
      width: listingImages.width,
      height: listingImages.height,
    })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(eq(listingImages.position, 0), like(user.email, `%@${DEMO_EMAIL_DOMAIN}`)));
  const byCategory = new Map<string, StoredImage[]>();
  for (const { category, ...image } of rows) {
    byCategory.set(category, [...(byCategory.get(category) ?? []), image]);
  }
  return byCategory;
}

async function insertCovers(
  database: Database,
  media: MediaStorage,
  inserted: { id: number; category: string }[],
  covers: Map<string, StoredImage[]>,
): Promise<number> {
  const rnd = createRandom(seed ^ 0xc0e3);
  const sources = inserted.map((l) => ({ id: l.id, from: rnd.pick(covers.get(l.category) ?? []) }));
  let count = 0;
  for (const batch of chunks(sources, BATCH)) {
    const copies = await mapLimit(batch, 32, (s) => copyStoredImage(media, s.from, COVER_FOLDER));
    await database.insert(listingImages).values(
      copies.map((image, i) => ({
        listingId: batch[i]!.id,
        position: 0,
        storageKey: image.storageKey,
        width: image.width,
        height: image.height,
      })),
    );
    count += copies.length;
  }
  return count;
}

const started = performance.now();
try {
  await timed("reference+demo", async () => {
    await seedReferenceData(db);
    const demo = await seedDemoData(db, storage);
    return demo.created ? demo.listings : 0;
  });
  if (args.reset) {
    await timed("reset", async () => {
      const removed = await db
        .delete(user)
        .where(like(user.email, `%@${SCALE_EMAIL_DOMAIN}`))
        .returning({ id: user.id });
      await rm(path.join(config.dataDir, "media", COVER_FOLDER), { recursive: true, force: true });
      return removed.length;
    });
  }

  const now = new Date();
  const users = scaleUsers(userCount, seed, now);
  await timed("user", async () => {
    for (const batch of chunks(users, BATCH)) await db.insert(user).values(batch);
    return users.length;
  });
  await timed("account", async () => {
    // One hash for all: every account has the same password, and scrypt per row would take minutes.
    const password = await hashPassword(SCALE_PASSWORD);
    for (const batch of chunks(users, BATCH)) {
      await db.insert(account).values(
        batch.map((u) => ({
          id: `${u.id}-credential`,
          accountId: u.id,
          providerId: "credential",
          userId: u.id,
          password,
        })),
      );
    }
    return users.length;
  });

  const owners = {
    listers: users.filter((u) => u.role === "agent").map((u) => u.id),
    professionals: users.filter((u) => u.role === "professional").map((u) => u.id),
  };
  const inserted: {
    id: number;
    category: Category;
    listingType: ListingType;
    priceType: PriceType | null;
    priceUsdCents: number | null;
    userId: string;
  }[] = [];
  await timed("listings", async () => {
    for (const batch of chunks<ScaleListing>(
      scaleListings(listingCount, seed, now, owners),
      BATCH,
    )) {
      const rows = await db.insert(listings).values(batch).returning({
        id: listings.id,
        category: listings.category,
        listingType: listings.listingType,
        priceType: listings.priceType,
        priceUsdCents: listings.priceUsdCents,
        userId: listings.userId,
      });
      inserted.push(...rows);
    }
    return inserted.length;
  });
  const covers = await demoCovers(db);
  await timed("listing_images", () => insertCovers(db, storage, inserted, covers));

  const rnd = createRandom(seed ^ 0xfa7);
  await timed("favorites", async () => {
    const rows = users
      .filter((u) => u.role === "user")
      .flatMap((u) =>
        // Drawn one by one: a sample of the whole list would shuffle 100,000 ids per user.
        Array.from({ length: rnd.int(0, 6) }, () => ({
          userId: u.id,
          listingId: rnd.pick(inserted).id,
        })),
      );
    for (const batch of chunks(rows, BATCH * 5))
      await db.insert(favorites).values(batch).onConflictDoNothing();
    return rows.length;
  });
  await timed("listing_views", async () => {
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    const rows = inserted
      .filter(() => rnd.chance(0.5))
      .flatMap((l) =>
        Array.from({ length: rnd.int(1, 3) }, (_, v) => ({
          listingId: l.id,
          visitorHash: `scale${seed}v${v}${rnd.int(0, 1e9).toString(36)}`,
          day: day(rnd.int(0, 29)),
        })),
      );
    for (const batch of chunks(rows, BATCH * 5))
      await db.insert(listingViews).values(batch).onConflictDoNothing();
    return rows.length;
  });
  // Stays by the night take bookings (instantly), with some past and coming stays.
  const nightly = inserted.filter(
    (l) => bookingUnitOf(l) === "night" && l.priceType === "per_night" && l.priceUsdCents,
  );
  await timed("booking_settings", async () => {
    for (const batch of chunks(nightly, BATCH)) {
      await db.insert(bookingSettings).values(
        batch.map((l) => ({
          listingId: l.id,
          mode: "instant" as const,
          maxGuests: 4,
          icalToken: `scale-${seed}-${l.id}-${rnd.int(0, 1e9).toString(36)}`,
        })),
      );
    }
    return nightly.length;
  });
  await timed("bookings", async () => {
    const guests = users.filter((u) => u.role === "user").map((u) => u.id);
    const rows = scaleStays(
      nightly.map((l) => ({ id: l.id, userId: l.userId, priceUsdCents: l.priceUsdCents ?? 0 })),
      guests,
      rnd,
      now,
    );
    for (const batch of chunks(rows, BATCH)) await db.insert(bookings).values(batch);
    return rows.length;
  });
  // Statistics for the planner and the visibility map for index-only counts, as autovacuum
  // would leave them some minutes later.
  await timed("vacuum analyze", async () => {
    await db.execute(sql`vacuum analyze`);
    return 0;
  });
  console.info(
    `Database: ${target.engine === "postgres" ? "PostgreSQL" : `PGlite (${target.dir})`}, seed ${seed}; ` +
      `total ${((performance.now() - started) / 1000).toFixed(1)} s. Accounts sign in with "${SCALE_PASSWORD}".`,
  );
} finally {
  await handle.close();
}
