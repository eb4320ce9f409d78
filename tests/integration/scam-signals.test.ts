import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, listingImages, listingSignals, user } from "../../app/db/schema/index.ts";
import { emptyListingValues, type ListingFormValues } from "../../app/lib/schemas/listing.ts";
import type { SignalDetail } from "../../app/lib/schemas/signals.ts";
import { storeListingUpload } from "../../app/services/listings/listing-uploads.server.ts";
import { createListing, updateListing } from "../../app/services/listings/listing-write.server.ts";
import {
  listManagedListings,
  listModerationQueue,
} from "../../app/services/listings/moderation.server.ts";
import {
  dismissListingSignal,
  openSignalsOf,
} from "../../app/services/signals/signal-review.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { scene } from "../support/photos.ts";
import { refusalOf } from "../support/refusal.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Scam signals (app/services/signals): each one flags a listing when it is saved, with its
 * reason, and blocks nothing; a normal listing raises none; only the administrator reads and
 * dismisses them, each dismissal audited.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`scam signals on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let admin: MadeUser;
  /** A publisher of a month's standing: only the signals about the listing concern them. */
  let seasoned: MadeUser;
  let neighbour: MadeUser;
  let newcomer: MadeUser;

  function values(overrides: Partial<ListingFormValues> = {}): ListingFormValues {
    return {
      ...emptyListingValues("real-estate"),
      title: "Two-bedroom flat",
      listingType: "rent",
      price: "1000",
      priceType: "per_month",
      countryCode: "GH",
      city: "Tamale",
      address: "4 Market Road",
      description: "Two bedrooms, a kitchen and a yard.",
      propertyType: "apartment",
      bedrooms: "2",
      bathrooms: "1",
      areaM2: "70",
      ...overrides,
    };
  }

  async function ageAccount(person: MadeUser, days: number) {
    await app.handle.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(user.id, person.id));
  }

  async function signalsOf(listingId: number): Promise<SignalDetail[]> {
    const open = await openSignalsOf(admin.viewer, [listingId]);
    return (open.get(listingId) ?? []).map((signal) => signal.detail);
  }

  async function upload(person: MadeUser, photo: Buffer): Promise<string> {
    return (await storeListingUpload({ actor: person.viewer, data: photo })).key;
  }

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
    seasoned = await makeUser({ role: "agent", name: "Seasoned Agent" });
    neighbour = await makeUser({ role: "agent", name: "Neighbour Agent" });
    newcomer = await makeUser({ role: "agent", name: "New Agent" });
    for (const publisher of [seasoned, neighbour, newcomer])
      await givePlan(publisher.id, "premium");
    await ageAccount(seasoned, 30);
    await ageAccount(neighbour, 400);
    // Five approved flats in Tamale at $900 to $1,100 a month, and one by the year (not comparable).
    for (const dollars of [900, 950, 1000, 1050, 1100]) {
      await makeListing({
        owner: neighbour,
        city: "Tamale",
        priceUsdCents: dollars * 100,
        priceType: "per_month",
      });
    }
    await makeListing({
      owner: neighbour,
      city: "Tamale",
      priceUsdCents: 1_200_000,
      priceType: "per_year",
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it("flags a price far below the city's median of like listings, and not a normal one", async () => {
    const cheap = await createListing({
      actor: seasoned.viewer,
      input: values({ title: "Too good to be true", price: "300" }),
    });
    // Flagged for review, not blocked: the listing is saved and waits for review as any other.
    expect(cheap.status).toBe("pending_approval");
    expect(await signalsOf(cheap.id)).toEqual([
      { kind: "low_price", priceUsdCents: 30_000, medianUsdCents: 100_000, comparables: 5 },
    ]);

    const normal = await createListing({ actor: seasoned.viewer, input: values({ price: "880" }) });
    expect(await signalsOf(normal.id)).toEqual([]);
    // Another city has too few listings to compare.
    const elsewhere = await createListing({
      actor: seasoned.viewer,
      input: values({ city: "Bolgatanga", price: "300" }),
    });
    expect(await signalsOf(elsewhere.id)).toEqual([]);
    // A yearly price is compared with yearly prices only: there are too few of them.
    const yearly = await createListing({
      actor: seasoned.viewer,
      input: values({ city: "TAMALE", price: "3000", priceType: "per_year" }),
    });
    expect(await signalsOf(yearly.id)).toEqual([]);
    // The city is matched whatever its case.
    const shouted = await createListing({
      actor: seasoned.viewer,
      input: values({ city: "TAMALE", price: "250" }),
    });
    expect((await signalsOf(shouted.id)).map((signal) => signal.kind)).toEqual(["low_price"]);

    // Raised to a normal price, the open signal goes.
    await updateListing({
      actor: seasoned.viewer,
      listingId: cheap.id,
      input: values({ title: "Too good to be true", price: "950" }),
    });
    expect(await signalsOf(cheap.id)).toEqual([]);
  });

  it("flags a photo already on another owner's listing, re-encoded and resized, and not an unrelated one", async () => {
    const photo = await scene(7);
    const theirs = await createListing({
      actor: neighbour.viewer,
      input: values({ title: "The original", images: [await upload(neighbour, photo)] }),
    });
    expect(await signalsOf(theirs.id)).toEqual([]);
    const [stored] = await app.handle.db
      .select({ phash: listingImages.phash })
      .from(listingImages)
      .where(eq(listingImages.listingId, theirs.id));
    expect(stored?.phash).toMatch(/^[0-9a-f]{16}$/);

    const copy = await sharp(photo).resize(400).webp({ quality: 45 }).toBuffer();
    const unrelated = await scene(8);
    const copied = await createListing({
      actor: seasoned.viewer,
      input: values({
        title: "Copied photos",
        images: [await upload(seasoned, unrelated), await upload(seasoned, copy)],
      }),
    });
    expect(await signalsOf(copied.id)).toEqual([
      { kind: "duplicate_photos", listingIds: [theirs.id] },
    ]);

    const own = await createListing({
      actor: seasoned.viewer,
      input: values({ title: "Own photo", images: [await upload(seasoned, await scene(9))] }),
    });
    expect(await signalsOf(own.id)).toEqual([]);
    // The owner's own photo used again on another of their listings is no one else's.
    const again = await createListing({
      actor: seasoned.viewer,
      input: values({
        title: "Own photo again",
        images: [
          await upload(
            seasoned,
            await sharp(await scene(9))
              .jpeg({ quality: 50 })
              .toBuffer(),
          ),
        ],
      }),
    });
    expect(await signalsOf(again.id)).toEqual([]);
  });

  it("flags a new account publishing many listings within a day, or a high-value one", async () => {
    for (let n = 0; n < 5; n++) await makeListing({ owner: newcomer, city: "Ho" });
    const sixth = await createListing({
      actor: newcomer.viewer,
      input: values({ city: "Ho", price: "900" }),
    });
    expect(await signalsOf(sixth.id)).toEqual([{ kind: "new_account_many", listingsInDay: 6 }]);

    const fresh = await makeUser({ role: "agent" });
    await givePlan(fresh.id, "premium");
    const dear = await createListing({
      actor: fresh.viewer,
      input: values({ city: "Ho", price: "250000" }),
    });
    const [signal] = await signalsOf(dear.id);
    expect(signal).toMatchObject({ kind: "new_account_high_value", priceUsdCents: 25_000_000 });
    // The same price from an account of a month's standing is not a new account's.
    const established = await createListing({
      actor: seasoned.viewer,
      input: values({ city: "Ho", price: "250000" }),
    });
    expect(await signalsOf(established.id)).toEqual([]);
  });

  it("flags a description asking to be paid off the site, as the payment rule of messages does", async () => {
    const listing = await createListing({
      actor: seasoned.viewer,
      input: values({
        title: "Flat near the stadium",
        description: "Lovely flat. Send the deposit by Western Union to secure it before viewing.",
      }),
    });
    expect(await signalsOf(listing.id)).toEqual([
      { kind: "payment_rule", reasons: ["money_transfer"] },
    ]);
    // A Western Union office nearby is no request for money.
    const fine = await createListing({
      actor: seasoned.viewer,
      input: values({ description: "Quiet street; a Western Union office is on the corner." }),
    });
    expect(await signalsOf(fine.id)).toEqual([]);
  });

  it("shows flagged listings to the administrator only, filtered, and dismisses a signal with an audit entry", async () => {
    const listing = await createListing({
      actor: seasoned.viewer,
      input: values({
        title: "Pay me directly",
        description: "Pay me directly to avoid the platform fees.",
      }),
    });
    const [open] = (await openSignalsOf(admin.viewer, [listing.id])).get(listing.id)!;
    expect(open!.detail.kind).toBe("payment_rule");

    // Where listings are moderated: the queue and Manage Listings carry the signals.
    const queue = await listModerationQueue(admin.viewer);
    expect(queue.find((row) => row.id === listing.id)?.signals).toEqual([open]);
    const flagged = await listManagedListings({ actor: admin.viewer, filter: "flagged" });
    expect(flagged.rows.map((row) => row.id)).toContain(listing.id);
    expect(flagged.rows.every((row) => row.signals.length > 0)).toBe(true);
    const all = await listManagedListings({ actor: admin.viewer });
    expect(all.total).toBeGreaterThan(flagged.total);

    // Nobody else reads or dismisses them.
    for (const actor of [seasoned.viewer, newcomer.viewer]) {
      expect((await refusalOf(openSignalsOf(actor, [listing.id]))).code).toBe("FORBIDDEN");
      expect((await refusalOf(dismissListingSignal({ actor, signalId: open!.id }))).code).toBe(
        "FORBIDDEN",
      );
    }
    expect((await refusalOf(dismissListingSignal({ actor: null, signalId: open!.id }))).code).toBe(
      "UNAUTHENTICATED",
    );
    const refused = await send(`/api/v1/admin/listing-signals/${open!.id}/dismiss`, {
      method: "POST",
      jar: seasoned.jar,
    });
    expect(refused.status).toBe(403);
    const listed = await send("/api/v1/admin/listings?filter=flagged", { jar: seasoned.jar });
    expect(listed.status).toBe(403);

    // The administrator dismisses it through the API: audited, and the listing is no longer flagged.
    const answer = await send(`/api/v1/admin/listing-signals/${open!.id}/dismiss`, {
      method: "POST",
      jar: admin.jar,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: open!.id, listingId: listing.id });
    expect(await signalsOf(listing.id)).toEqual([]);
    const [row] = await app.handle.db
      .select()
      .from(listingSignals)
      .where(eq(listingSignals.id, open!.id));
    expect(row).toMatchObject({ dismissedBy: admin.id });
    const [entry] = await app.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "listing.unflag"), eq(auditLog.targetId, String(listing.id))));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: "listing",
      detail: { signal: open!.id, kind: "payment_rule" },
    });
    const afterwards = await send("/api/v1/admin/listings?filter=flagged", { jar: admin.jar });
    expect(afterwards.status).toBe(200);
    const page = (await afterwards.json()) as { rows: { id: number }[]; filter: string };
    expect(page.filter).toBe("flagged");
    expect(page.rows.map((r) => r.id)).not.toContain(listing.id);

    // Dismissed once: again is "not found", and saving the listing again does not re-flag that kind.
    const twice = await send(`/api/v1/admin/listing-signals/${open!.id}/dismiss`, {
      method: "POST",
      jar: admin.jar,
    });
    expect(twice.status).toBe(404);
    await updateListing({
      actor: seasoned.viewer,
      listingId: listing.id,
      input: values({
        title: "Pay me directly",
        description: "Pay me directly to avoid the platform fees. Two bedrooms.",
      }),
    });
    expect(await signalsOf(listing.id)).toEqual([]);
  });
});
