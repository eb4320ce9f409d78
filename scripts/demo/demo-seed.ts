import { count, eq, inArray, like } from "drizzle-orm";
import type { Database } from "../../app/db/client.server.ts";
import { listingSearchText } from "../../app/lib/listing-search-text.ts";
import {
  copyStoredImage,
  deleteStoredImage,
  storeImage,
  type StoredImage,
} from "../../app/services/media/images.server.ts";
import type { MediaStorage } from "../../app/storage/media-storage.server.ts";
import {
  bookingSettings,
  publicProfiles,
  listingImages,
  listingLeads,
  listingViews,
  listings,
  tourDepartures,
  user,
} from "../../app/db/schema/index.ts";
import { buildDemoActivity } from "./demo-activity.ts";
import {
  DEMO_AGENCY,
  insertDemoAgency,
  storeDemoAgencyLogo,
  underDemoAgency,
} from "./demo-agency.ts";
import { deleteLogo } from "../../app/services/media/logo.server.ts";
import { buildDemoBookings } from "./demo-bookings.ts";
import { insertDemoPayouts } from "./demo-payouts.ts";
import { insertDemoPlans } from "./demo-plans.ts";
import { insertDemoReviews } from "./demo-reviews.ts";
import { motifCategory, renderArtwork, type ArtworkMotif } from "./artwork.ts";
import { buildDemoData, DEMO_EMAIL_DOMAIN, type DemoImage } from "./demo-data.ts";
import { COUNTRY_NAMES } from "../../app/db/reference/reference-data.ts";

export type DemoSeedResult =
  | { created: false }
  | { created: true; users: number; listings: number; images: number; ms: number };

export interface DemoSeedOptions {
  /** Reference date for createdAt and friends; defaults to the current time. */
  now?: Date;
}

/**
 * Loads the demo catalogue into an empty marketplace. Once any listing exists (demo or real)
 * it does nothing, so restarting the server never duplicates or resurrects demo rows.
 */
export async function seedDemoData(
  db: Database,
  storage: MediaStorage,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const [any] = await db.select({ id: listings.id }).from(listings).limit(1);
  if (any) return { created: false };
  return insertDemoData(db, storage, options.now ?? new Date());
}

export interface DemoReloadResult {
  removed: { users: number; listings: number; images: number };
  created: { users: number; listings: number; images: number; ms: number };
}

/**
 * Replaces the demo catalogue: deletes the demo users (their listings, images and favourites
 * cascade) and their image files, then seeds afresh. Listings of real users are left alone.
 */
export async function reloadDemoData(
  db: Database,
  storage: MediaStorage,
  options: DemoSeedOptions = {},
): Promise<DemoReloadResult> {
  const demoUsers = like(user.email, `%@${DEMO_EMAIL_DOMAIN}`);
  const demoUserIds = db.select({ id: user.id }).from(user).where(demoUsers);
  const images = await db
    .select({ key: listingImages.storageKey })
    .from(listingImages)
    .innerJoin(listings, eq(listings.id, listingImages.listingId))
    .where(inArray(listings.userId, demoUserIds));
  const logos = await db
    .select({ key: publicProfiles.logoKey })
    .from(publicProfiles)
    .where(inArray(publicProfiles.userId, demoUserIds));
  const [listingCount] = await db
    .select({ n: count() })
    .from(listings)
    .where(inArray(listings.userId, demoUserIds));
  const removedUsers = await db.delete(user).where(demoUsers).returning({ id: user.id });
  // Files go only after the rows are gone: a failed delete must not leave rows without images.
  await forEachLimit(images, 16, ({ key }) => deleteStoredImage(storage, key));
  await forEachLimit(logos, 16, ({ key }) => deleteLogo(storage, key));
  const created = await insertDemoData(db, storage, options.now ?? new Date());
  return {
    removed: {
      users: removedUsers.length,
      listings: listingCount?.n ?? 0,
      images: images.length,
    },
    created: {
      users: created.users,
      listings: created.listings,
      images: created.images,
      ms: created.ms,
    },
  };
}

const POOL_FOLDER = "demo-pool";
const LISTING_FOLDER = "listings";
/** Parallel renders; sharp runs them on libuv's thread pool, so two keep both cores busy. */
const RENDER_CONCURRENCY = 3;
const INSERT_CHUNK = 100;
/** Views and leads are narrow rows: a thousand per statement stays far under the parameter limit. */
const ACTIVITY_CHUNK = 1000;

async function insertDemoData(
  db: Database,
  storage: MediaStorage,
  now: Date,
): Promise<Extract<DemoSeedResult, { created: true }>> {
  const started = performance.now();
  const data = buildDemoData(now);

  // Rendering artwork is the slow part: render each scene variant once, then give every listing
  // its own hard-linked copies, so deleting one listing's images never affects another's.
  const pool = await renderPool(
    storage,
    data.listings.flatMap((l) => l.images),
  );
  const copied: StoredImage[] = [];
  let listingImageSets: StoredImage[][];
  try {
    listingImageSets = await mapLimit(data.listings, 8, async (listing) => {
      const set: StoredImage[] = [];
      for (const image of listing.images) {
        const copy = await copyStoredImage(storage, poolImage(pool, image), LISTING_FOLDER);
        copied.push(copy);
        set.push(copy);
      }
      return set;
    });
  } catch (error) {
    await forEachLimit(copied, 16, (img) => deleteStoredImage(storage, img.storageKey));
    throw error;
  } finally {
    // The pool was only a source for the copies; its files are referenced by no row.
    await forEachLimit([...pool.values()], 16, (img) => deleteStoredImage(storage, img.storageKey));
  }

  const logoKey = await storeDemoAgencyLogo(storage);
  let guests = 0;
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(user)
        .values(
          data.users.map((u) => ({
            id: u.id,
            name: u.name,
            email: u.email,
            role: u.role,
            emailVerified: u.emailVerified,
            phone: u.phone,
            createdAt: u.createdAt,
            updatedAt: u.updatedAt,
          })),
        )
        .onConflictDoNothing();
      const agencyId = await insertDemoAgency(tx, { users: data.users, logoKey, now });

      const rows = data.listings.map(({ images: _images, ...listing }) => ({
        ...listing,
        agencyId: underDemoAgency(listing) ? agencyId : null,
        searchText: listingSearchText({
          ...listing,
          countryName: COUNTRY_NAMES.get(listing.countryCode) ?? "",
        }),
      }));
      const ids: number[] = [];
      for (const chunk of chunks(rows, INSERT_CHUNK)) {
        const inserted = await tx.insert(listings).values(chunk).returning({ id: listings.id });
        // Identity values are drawn in VALUES order, so sorted ids line up with the chunk.
        ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
      }

      const imageRows = listingImageSets.flatMap((set, i) =>
        set.map((image, position) => ({
          listingId: ids[i] ?? fail(`no id for listing ${i}`),
          position,
          storageKey: image.storageKey,
          width: image.width,
          height: image.height,
          // No perceptual hash: the demo's artwork is shared between owners' listings on
          // purpose, and the duplicate-photo signal would flag every demo listing saved again.
          createdAt: data.listings[i]?.createdAt ?? now,
        })),
      );
      for (const chunk of chunks(imageRows, INSERT_CHUNK * 4)) {
        await tx.insert(listingImages).values(chunk);
      }

      const activity = buildDemoActivity(data.listings, now);
      const idOf = (index: number) => ids[index] ?? fail(`no id for listing ${index}`);
      const viewRows = activity.views.map(({ index, ...view }) => ({
        listingId: idOf(index),
        ...view,
      }));
      for (const chunk of chunks(viewRows, ACTIVITY_CHUNK)) {
        await tx.insert(listingViews).values(chunk);
      }
      const leadRows = activity.leads.map(({ index, ...lead }) => ({
        listingId: idOf(index),
        ...lead,
      }));
      for (const chunk of chunks(leadRows, ACTIVITY_CHUNK)) {
        await tx.insert(listingLeads).values(chunk);
      }

      const booking = buildDemoBookings(data.listings, now);
      const settingsRows = booking.settings.map(({ index, ...settings }) => ({
        listingId: idOf(index),
        ...settings,
      }));
      for (const chunk of chunks(settingsRows, INSERT_CHUNK)) {
        await tx.insert(bookingSettings).values(chunk);
      }
      const departureRows = booking.departures.map(({ index, ...departure }) => ({
        listingId: idOf(index),
        ...departure,
      }));
      for (const chunk of chunks(departureRows, INSERT_CHUNK)) {
        await tx.insert(tourDepartures).values(chunk);
      }

      const activeListings = new Map<string, number>();
      for (const listing of data.listings) {
        if (listing.status === "approved" || listing.status === "pending_approval") {
          activeListings.set(listing.userId, (activeListings.get(listing.userId) ?? 0) + 1);
        }
      }
      await insertDemoPlans(tx, {
        publishers: data.users.filter((u) => u.role === "agent" || u.role === "professional"),
        activeListings,
        teamOwners: new Set([DEMO_AGENCY.ownerId]),
        now,
      });

      // Guests' completed stays and clients' completed jobs, their reviews, and the averages.
      ({ guests } = await insertDemoReviews(tx, {
        listings: data.listings,
        ids,
        settings: booking.settings,
        now,
      }));
      // The demo sign-in host's and agent's stays paid online, released and paid out.
      await insertDemoPayouts(tx, now);
    });
  } catch (error) {
    await forEachLimit(copied, 16, (img) => deleteStoredImage(storage, img.storageKey));
    await deleteLogo(storage, logoKey);
    throw error;
  }

  return {
    created: true,
    users: data.users.length + guests,
    listings: data.listings.length,
    images: copied.length,
    ms: Math.round(performance.now() - started),
  };
}

const poolKey = (image: DemoImage): string => `${image.motif}:${image.variant}`;

function poolImage(pool: Map<string, StoredImage>, image: DemoImage): StoredImage {
  return pool.get(poolKey(image)) ?? fail(`artwork ${poolKey(image)} was not rendered`);
}

async function renderPool(
  storage: MediaStorage,
  images: readonly DemoImage[],
): Promise<Map<string, StoredImage>> {
  const unique = new Map<string, DemoImage>();
  for (const image of images) unique.set(poolKey(image), image);
  const pool = new Map<string, StoredImage>();
  await forEachLimit([...unique.entries()], RENDER_CONCURRENCY, async ([key, image]) => {
    pool.set(key, await renderPoolImage(storage, image.motif, image.variant));
  });
  return pool;
}

async function renderPoolImage(
  storage: MediaStorage,
  motif: ArtworkMotif,
  variant: number,
): Promise<StoredImage> {
  const png = await renderArtwork(motifCategory(motif), variant + 1, { motif });
  return storeImage(storage, png, POOL_FOLDER);
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  await mapLimit(items, limit, fn);
}

function fail(message: string): never {
  throw new Error(message);
}
