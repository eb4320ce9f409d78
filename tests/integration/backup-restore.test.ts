import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, setAuth } from "../../app/auth/auth.server.ts";
import { parseConfig, setConfig } from "../../app/config.server.ts";
import {
  openDatabase,
  setDatabase,
  targetFromConfig,
  type DatabaseHandle,
} from "../../app/db/client.server.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import {
  favorites,
  listingImages,
  listings,
  user,
  verificationDocuments,
} from "../../app/db/schema/index.ts";
import { createOutboxMailer } from "../../app/email/mailer.server.ts";
import {
  IMAGE_VARIANTS,
  storeImage,
  variantKey,
  type ImageVariant,
} from "../../app/services/media/images.server.ts";
import { createDiskStorage, setMediaStorage } from "../../app/storage/media-storage.server.ts";
import {
  DOCUMENTS_FOLDER,
  readDocument,
} from "../../app/services/verification/document-store.server.ts";
import { submitIdentity } from "../../app/services/verification/submissions.server.ts";
import { createBackup } from "../../scripts/backup/create-backup.ts";
import { readManifest } from "../../scripts/backup/manifest.ts";
import { RestoreRefusedError, restoreBackup } from "../../scripts/backup/restore-backup.ts";
import { emptyTestTarget, testEngine } from "../support/database.ts";
import { makeListing, makeUser } from "../support/factories.ts";

/**
 * A marketplace with users, listings, images and favourites is backed up with the code behind
 * `npm run backup`, restored with the code behind `npm run restore` into an empty target (a second
 * PGlite directory, or a second PostgreSQL database) and opened again as the app opens it.
 */

const temp = (name: string) => mkdtempSync(path.join(tmpdir(), `gateway-${name}-`));
const sourceDir = temp("backup-source");
const restoreDir = temp("backup-restored");
const outDir = temp("backups");
const sourceUrl = process.env.DATABASE_URL;
/** The restore target on PostgreSQL: a second database beside the test database. */
const restoreUrl = sourceUrl ? `${sourceUrl.replace(/\/+$/, "")}_restore` : undefined;

interface Seeded {
  userIds: string[];
  listingIds: number[];
  imageKeys: string[];
  favourites: number;
  /** The plain bytes of an identity document's front, stored encrypted. */
  documentFront: Buffer;
}

async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  target.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: seed * 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
}

/** Users, listings with two images each and favourites, written as the app writes them. */
async function seedSource(): Promise<Seeded> {
  const config = parseConfig({
    DATA_DIR: sourceDir,
    DATABASE_URL: sourceUrl,
    AUTH_SECRET: "backup-test-secret-backup-test-secret-0123",
  });
  setConfig(config);
  const handle: DatabaseHandle = await openDatabase(
    await emptyTestTarget(path.join(sourceDir, "pglite")),
  );
  try {
    setDatabase(handle);
    await seedReferenceData(handle.db);
    const storage = createDiskStorage(path.join(sourceDir, "media"));
    setMediaStorage(storage);
    setAuth(
      createAuth({
        config,
        db: handle.db,
        mailer: createOutboxMailer(path.join(sourceDir, "outbox")),
      }),
    );
    const front = await photo(6);
    const seeded: Seeded = {
      userIds: [],
      listingIds: [],
      imageKeys: [],
      favourites: 0,
      documentFront: front,
    };
    const buyer = await makeUser({ role: "user" });
    seeded.userIds.push(buyer.id);
    for (let n = 0; n < 3; n++) {
      const agent = await makeUser({ role: "agent" });
      seeded.userIds.push(agent.id);
      const listing = await makeListing({ owner: agent, title: `Backed-up flat ${n}` });
      seeded.listingIds.push(listing.id);
      for (let position = 0; position < 2; position++) {
        const stored = await storeImage(storage, await photo(n * 2 + position), "listings");
        await handle.db
          .insert(listingImages)
          .values({ listingId: listing.id, position, ...stored });
        seeded.imageKeys.push(stored.storageKey);
      }
      await handle.db.insert(favorites).values({ userId: buyer.id, listingId: listing.id });
      seeded.favourites += 1;
    }
    // Identity documents, encrypted under the key generated in DATA_DIR (no key configured).
    await submitIdentity(buyer.viewer, {
      input: {
        documentKind: "passport",
        declaredName: "Backed Up Person",
        documentNumber: "A1234567",
        countryCode: "KE",
      },
      files: { front, selfie: await photo(5) },
    });
    return seeded;
  } finally {
    setAuth(undefined);
    setDatabase(undefined);
    await handle.close();
  }
}

let seeded: Seeded;
let backupDir: string;

beforeAll(async () => {
  seeded = await seedSource();
  if (restoreUrl) await recreateDatabase(restoreUrl);
  backupDir = (await createBackup({ dataDir: sourceDir, databaseUrl: sourceUrl }, { outDir })).dir;
}, 180_000);

afterAll(() => {
  for (const dir of [sourceDir, restoreDir, outDir]) rmSync(dir, { recursive: true, force: true });
});

describe(`backup and restore (${testEngine})`, () => {
  it("writes a manifest with the engine, the migration and the counts", () => {
    const manifest = readManifest(backupDir);
    expect(manifest.engine).toBe(testEngine);
    expect(manifest.migration.applied).toBeGreaterThan(0);
    expect(manifest.migration.latest).toMatch(/^\d{4}_/);
    expect(manifest.counts).toMatchObject({
      users: seeded.userIds.length,
      listings: seeded.listingIds.length,
      listingImages: seeded.imageKeys.length,
      favorites: seeded.favourites,
      mediaFiles: seeded.imageKeys.length * Object.keys(IMAGE_VARIANTS).length,
    });
    // The two encrypted identity documents, and the generated key that opens them.
    expect(manifest.documents?.files).toBe(2);
    expect(manifest.documentKey).toBe(true);
  });

  it("refuses a backup of the other engine with a clear message", async () => {
    const otherEngine = restoreUrl
      ? { dataDir: temp("wrong-engine") }
      : { dataDir: temp("wrong-engine"), databaseUrl: "postgres://postgres@127.0.0.1:1/none" };
    try {
      await expect(restoreBackup(backupDir, otherEngine)).rejects.toThrow(
        /This backup is of (PostgreSQL|the embedded database \(PGlite\)), but the target is/,
      );
    } finally {
      rmSync(otherEngine.dataDir, { recursive: true, force: true });
    }
  });

  it("restores into an empty target where the app finds every user, listing and image", async () => {
    const target = { dataDir: restoreDir, databaseUrl: restoreUrl };
    const result = await restoreBackup(backupDir, target);
    expect(result.counts.listings).toBe(seeded.listingIds.length);

    const handle = await openDatabase(targetFromConfig(target));
    try {
      const users = await handle.db
        .select({ id: user.id })
        .from(user)
        .where(inArray(user.id, seeded.userIds));
      expect(users.map((u) => u.id).sort()).toEqual([...seeded.userIds].sort());
      const restoredListings = await handle.db
        .select({ id: listings.id, title: listings.title })
        .from(listings);
      expect(restoredListings.map((l) => l.id).sort()).toEqual([...seeded.listingIds].sort());
      const images = await handle.db.select({ key: listingImages.storageKey }).from(listingImages);
      expect(images.map((i) => i.key).sort()).toEqual([...seeded.imageKeys].sort());
      const favourites = await handle.db.select().from(favorites);
      expect(favourites).toHaveLength(seeded.favourites);
      // The identity documents come back encrypted, and open with the restored key.
      const documents = await handle.db.select().from(verificationDocuments);
      expect(documents.map((d) => d.slot).sort()).toEqual(["front", "selfie"]);
      const front = documents.find((d) => d.slot === "front")!;
      const onDisk = await readFile(
        path.join(restoreDir, DOCUMENTS_FOLDER, `${front.fileKey}.bin`),
      );
      expect(onDisk.includes(seeded.documentFront.subarray(0, 64))).toBe(false);
      const opened = await readDocument(front.fileKey, {
        dataDir: restoreDir,
        verificationDocumentKey: undefined,
        nodeEnv: "test",
      });
      expect(opened?.equals(seeded.documentFront)).toBe(true);
    } finally {
      await handle.close();
    }

    for (const key of seeded.imageKeys) {
      for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
        const file = variantKey(key, variant);
        const original = await readFile(path.join(sourceDir, "media", file));
        const restored = await readFile(path.join(restoreDir, "media", file));
        expect(restored.equals(original), file).toBe(true);
      }
    }
  });

  it("refuses to overwrite a target that holds data unless forced", async () => {
    const target = { dataDir: restoreDir, databaseUrl: restoreUrl };
    await expect(restoreBackup(backupDir, target)).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(restoreBackup(backupDir, target)).rejects.toThrow(/--force/);
    const forced = await restoreBackup(backupDir, target, { force: true });
    expect(forced.mediaFiles).toBe(seeded.imageKeys.length * Object.keys(IMAGE_VARIANTS).length);
  });
});
