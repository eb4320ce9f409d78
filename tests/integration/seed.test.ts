import { access, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, isNotNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "../../app/db/client.server.ts";
import { ledgerHealth } from "../../app/services/payments/ledger-health.server.ts";
import { accountBalances } from "../../app/services/payments/ledger.server.ts";
import {
  agencies,
  agencyMembers,
  bookings,
  countries,
  currencies,
  heroContent,
  jobs,
  listingImages,
  listings,
  payouts,
  platformSettings,
  publicProfiles,
  reviews,
  user,
} from "../../app/db/schema/index.ts";
import { isoDay } from "../../app/lib/booking-values.ts";
import { REVIEW_JOURNEY } from "../../scripts/demo/demo-reviews.ts";
import { DEMO_AGENCY } from "../../scripts/demo/demo-agency.ts";
import { brandColorReadable } from "../../app/lib/contrast.ts";
import { logoOf } from "../../app/services/media/logo.server.ts";
import { entitlementsOfPlan, currentPlan } from "../../app/services/premium/entitlements.server.ts";
import { grants } from "../../app/lib/entitlements.ts";
import { DEMO_PEOPLE } from "../../app/lib/demo-people.ts";
import type { ArtworkMotif } from "../../scripts/demo/artwork.ts";
import { buildDemoData, DEMO_EMAIL_DOMAIN } from "../../scripts/demo/demo-data.ts";
import {
  COUNTRIES,
  CURRENCIES,
  DEFAULT_HERO_CONTENT,
  DEFAULT_PLATFORM_SETTINGS,
} from "../../app/db/reference/reference-data.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { reloadDemoData, seedDemoData } from "../../scripts/demo/demo-seed.ts";
import { foldForSearch } from "../../app/lib/listing-search-text.ts";
import { CATEGORIES, SERVICE_CATEGORIES } from "../../app/lib/listing-values.ts";
import {
  IMAGE_VARIANTS,
  variantKey,
  type ImageVariant,
} from "../../app/services/media/images.server.ts";
import { createDiskStorage, type MediaStorage } from "../../app/storage/media-storage.server.ts";
import { openTestDatabase, testEngine } from "../support/database.ts";

const NOW = new Date("2026-03-01T12:00:00Z");

const SPEC_RATES: Record<string, number> = {
  USD: 1,
  GBP: 0.79,
  NGN: 1480,
  KES: 130,
  ZAR: 18.5,
  GHS: 14.8,
  EGP: 47.5,
};

/** International dialling codes (ITU-T E.164) of the 54 African countries. */
const DIALLING_CODES: Record<string, string> = {
  DZ: "213",
  AO: "244",
  BJ: "229",
  BW: "267",
  BF: "226",
  BI: "257",
  CV: "238",
  CM: "237",
  CF: "236",
  TD: "235",
  KM: "269",
  CG: "242",
  CD: "243",
  CI: "225",
  DJ: "253",
  EG: "20",
  GQ: "240",
  ER: "291",
  SZ: "268",
  ET: "251",
  GA: "241",
  GM: "220",
  GH: "233",
  GN: "224",
  GW: "245",
  KE: "254",
  LS: "266",
  LR: "231",
  LY: "218",
  MG: "261",
  MW: "265",
  ML: "223",
  MR: "222",
  MU: "230",
  MA: "212",
  MZ: "258",
  NA: "264",
  NE: "227",
  NG: "234",
  RW: "250",
  ST: "239",
  SN: "221",
  SC: "248",
  SL: "232",
  SO: "252",
  ZA: "27",
  SS: "211",
  SD: "249",
  TZ: "255",
  TG: "228",
  TN: "216",
  UG: "256",
  ZM: "260",
  ZW: "263",
};

/** Scenes that show a building or a plot from outside: one of them is the property itself. */
const PROPERTY_SCENES = new Set<ArtworkMotif>([
  "skyline",
  "houses",
  "villa",
  "land",
  "hotel-pool",
  "beach-resort",
  "lodge",
  "campus",
  "dorm",
]);

describe("the demo catalogue", () => {
  const demo = buildDemoData(NOW);

  it("gives every listing call and WhatsApp numbers of the listing's own country", () => {
    expect(Object.keys(DIALLING_CODES).sort()).toEqual(COUNTRIES.map((c) => c.code).sort());
    const withPhone = demo.listings.filter((l) => l.contactPhone !== null);
    expect(withPhone.length).toBeGreaterThan(50);
    const wrong = withPhone
      .filter((l) => !l.contactPhone?.startsWith(`+${DIALLING_CODES[l.countryCode]} `))
      .map((l) => `${l.title} (${l.countryCode}): ${l.contactPhone}`);
    expect(wrong).toEqual([]);
    for (const l of withPhone) expect(l.contactPhone, l.title).toMatch(/^\+\d{2,3}( \d+)+$/);
  });

  it("keeps one lister's numbers consistent: one number per lister and country", () => {
    const numbers = new Map<string, Set<string>>();
    for (const l of demo.listings) {
      if (!l.contactPhone) continue;
      const key = `${l.userId}:${l.countryCode}`;
      numbers.set(key, (numbers.get(key) ?? new Set()).add(l.contactPhone));
    }
    for (const [key, set] of numbers) expect([...set], key).toHaveLength(1);
  });

  it("shows one property in each property listing's photos", () => {
    const properties = demo.listings.filter((l) =>
      ["real-estate", "hospitality", "student-housing"].includes(l.category),
    );
    expect(properties.length).toBeGreaterThan(100);
    const mixed = properties
      .filter((l) => l.images.filter((image) => PROPERTY_SCENES.has(image.motif)).length > 1)
      .map((l) => `${l.title}: ${l.images.map((image) => image.motif).join(", ")}`);
    expect(mixed).toEqual([]);
    for (const l of demo.listings) {
      const shown = l.images.map((image) => `${image.motif}:${image.variant}`);
      expect(new Set(shown).size, l.title).toBe(shown.length);
    }
  });
});

describe(`reference and demo data on ${testEngine}`, () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  let storage: MediaStorage;

  const tableCount = async (
    table:
      typeof listings | typeof user | typeof listingImages | typeof currencies | typeof countries,
  ): Promise<number> => {
    const [row] = await handle.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };

  const counts = async (): Promise<{
    currencies: number;
    countries: number;
    users: number;
    listings: number;
    images: number;
  }> => ({
    currencies: await tableCount(currencies),
    countries: await tableCount(countries),
    users: await tableCount(user),
    listings: await tableCount(listings),
    images: await tableCount(listingImages),
  });

  const fileExists = (key: string): Promise<boolean> =>
    access(path.join(mediaDir, key)).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    handle = await openTestDatabase();
    mediaDir = await mkdtemp(path.join(os.tmpdir(), "gateway-seed-"));
    storage = createDiskStorage(mediaDir);
  });

  afterAll(async () => {
    await handle.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  describe("the built-in lists", () => {
    it("have 54 countries and 44 currencies, USD, GBP and 42 African ones", () => {
      expect(COUNTRIES).toHaveLength(54);
      expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(54);
      expect(CURRENCIES).toHaveLength(44);
      const codes = new Set(CURRENCIES.map((c) => c.code));
      expect(codes.size).toBe(44);
      const african = CURRENCIES.filter((c) => c.code !== "USD" && c.code !== "GBP");
      expect(african).toHaveLength(42);
      const africanCountries = new Set(COUNTRIES.map((c) => c.code));
      for (const currency of african) expect(africanCountries).toContain(currency.countryCode);
      for (const country of COUNTRIES) expect(codes).toContain(country.currencyCode);
    });
  });

  describe("seedReferenceData", () => {
    beforeAll(async () => {
      await seedReferenceData(handle.db);
    });

    it("loads 54 countries and 44 currencies", async () => {
      expect(await tableCount(countries)).toBe(54);
      expect(await tableCount(currencies)).toBe(44);
      const [ghana] = await handle.db.select().from(countries).where(eq(countries.code, "GH"));
      expect(ghana).toMatchObject({ name: "Ghana", slug: "ghana", currencyCode: "GHS" });
    });

    it("stores the spec's rates exactly", async () => {
      const rows = await handle.db
        .select({ code: currencies.code, rate: currencies.ratePerUsd })
        .from(currencies);
      const rates = Object.fromEntries(rows.map((r) => [r.code, r.rate]));
      for (const [code, rate] of Object.entries(SPEC_RATES)) {
        expect(Number(rates[code]), code).toBe(rate);
      }
      const [xof] = await handle.db.select().from(currencies).where(eq(currencies.code, "XOF"));
      expect(xof?.decimals).toBe(0);
    });

    it("creates the hero content and platform settings", async () => {
      const [hero] = await handle.db.select().from(heroContent);
      expect(hero?.id).toBe(1);
      expect(hero?.content.subtitle).toBe("Gateway to Africa's Best");
      expect(hero?.content.slides).toHaveLength(5);
      expect(hero?.content.slides[0]?.imageUrl).toBe("/images/hero/slide-1.webp");
      const [settings] = await handle.db.select().from(platformSettings);
      expect(settings).toMatchObject({ id: 1, ...DEFAULT_PLATFORM_SETTINGS });
    });

    it("is idempotent and keeps admin edits", async () => {
      const before = await counts();
      await handle.db
        .update(currencies)
        .set({ ratePerUsd: "1500" })
        .where(eq(currencies.code, "NGN"));
      await handle.db.delete(currencies).where(eq(currencies.code, "GBP"));
      await handle.db
        .update(heroContent)
        .set({ content: { ...DEFAULT_HERO_CONTENT, title: "Edited by the admin" } });
      await handle.db.update(platformSettings).set({ siteName: "Gateway Africa Beta" });

      await seedReferenceData(handle.db);

      const [ngn] = await handle.db.select().from(currencies).where(eq(currencies.code, "NGN"));
      expect(Number(ngn?.ratePerUsd)).toBe(1500);
      const gbp = await handle.db.select().from(currencies).where(eq(currencies.code, "GBP"));
      expect(gbp).toHaveLength(0);
      const [hero] = await handle.db.select().from(heroContent);
      expect(hero?.content.title).toBe("Edited by the admin");
      const [settings] = await handle.db.select().from(platformSettings);
      expect(settings?.siteName).toBe("Gateway Africa Beta");
      expect(await tableCount(countries)).toBe(before.countries);

      // Put things back for the rest of the file.
      const gbpSeed = CURRENCIES.find((c) => c.code === "GBP");
      if (gbpSeed) await handle.db.insert(currencies).values({ ...gbpSeed });
      await handle.db
        .update(currencies)
        .set({ ratePerUsd: "1480" })
        .where(eq(currencies.code, "NGN"));
      expect(await counts()).toEqual(before);
    });
  });

  describe("seedDemoData", () => {
    let ms = 0;

    beforeAll(async () => {
      const result = await seedDemoData(handle.db, storage, { now: NOW });
      expect(result.created).toBe(true);
      if (result.created) ms = result.ms;
    }, 120_000);

    it("finishes in reasonable time", () => {
      console.info(`Demo seed on ${testEngine}: ${ms} ms`);
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThan(60_000);
    });

    it("creates verified demo agents and professionals, and guests who book and hire them", async () => {
      const demo = await handle.db
        .select()
        .from(user)
        .where(like(user.email, `%@${DEMO_EMAIL_DOMAIN}`));
      const listers = demo.filter((u) => u.role !== "user");
      expect(listers.length).toBeGreaterThanOrEqual(16);
      expect(new Set(listers.map((u) => u.role))).toEqual(new Set(["agent", "professional"]));
      for (const u of demo) expect(u.emailVerified).toBe(true);
      for (const u of listers) expect(u.phone).toMatch(/^\+\d{2,3}( \d+)+$/);
      expect(demo.filter((u) => u.role === "user").length).toBeGreaterThanOrEqual(10);
    });

    it("gives each demo sign-in person a history to see: stays, conversations, jobs, reviews, payments, payouts", async () => {
      const rows = await queryRows<{
        id: string;
        role: string | null;
        stays: number;
        hosted: number;
        conversations: number;
        jobs: number;
        reviewed: number;
        reviewsOf: number;
        payments: number;
      }>(
        handle.db,
        sql`select u.id, u.role,
              (select count(*) from bookings b where b.guest_id = u.id)::int as stays,
              (select count(*) from bookings b where b.host_id = u.id)::int as hosted,
              (select count(*) from conversations c
                where c.guest_id = u.id or c.host_id = u.id)::int as conversations,
              (select count(*) from jobs j
                where j.client_id = u.id or j.professional_id = u.id)::int as jobs,
              (select count(*) from reviews r where r.author_id = u.id)::int as reviewed,
              (select count(*) from reviews r where r.subject_id = u.id)::int as "reviewsOf",
              (select count(*) from payments p where p.payer_id = u.id)::int as payments
            from "user" u
            where u.id in (${sql.join(
              DEMO_PEOPLE.flatMap((p) => (p.userId ? [sql`${p.userId}`] : [])),
              sql`, `,
            )})`,
      );
      const of = (key: string) => {
        const person = DEMO_PEOPLE.find((p) => p.key === key)!;
        const row = rows.find((r) => r.id === person.userId);
        expect(row, key).toBeDefined();
        return row!;
      };
      expect(of("guest")).toMatchObject({ role: "user" });
      expect(of("guest").stays).toBeGreaterThanOrEqual(5);
      expect(of("guest").conversations).toBeGreaterThanOrEqual(3);
      expect(of("guest").reviewed).toBeGreaterThanOrEqual(3);
      for (const key of ["host", "agent"]) {
        expect(of(key), key).toMatchObject({ role: "agent" });
        expect(of(key).hosted, key).toBeGreaterThanOrEqual(10);
        expect(of(key).reviewsOf, key).toBeGreaterThanOrEqual(5);
        expect(of(key).payments, key).toBeGreaterThanOrEqual(1);
      }
      // The host and the agent were paid out, and still have one stay's money payable.
      for (const key of ["host", "agent"]) {
        const hostId = DEMO_PEOPLE.find((p) => p.key === key)!.userId!;
        const paid = await handle.db.select().from(payouts).where(eq(payouts.hostId, hostId));
        expect(paid.length, key).toBe(1);
        const payable = await accountBalances(handle.db, "host_payable", { userId: hostId });
        const held = await accountBalances(handle.db, "host_held", { userId: hostId });
        expect(-(payable.get("USD") ?? 0), key).toBeGreaterThan(0);
        expect(held.get("USD") ?? 0, key).toBe(0);
      }
      expect(of("professional")).toMatchObject({ role: "professional" });
      expect(of("professional").jobs).toBeGreaterThanOrEqual(3);
      expect(of("professional").conversations).toBeGreaterThanOrEqual(3);
      expect(of("professional").reviewsOf).toBeGreaterThanOrEqual(3);
      expect(of("professional").payments).toBeGreaterThanOrEqual(1);
    });

    it("has every demo publisher on a paid plan that holds their live listings, in a healthy ledger", async () => {
      const rows = await queryRows<{
        id: string;
        plan: string | null;
        limit: number | null;
        used: number;
      }>(
        handle.db,
        sql`select u.id, s.plan_id as plan, p.listing_limit as "limit",
              (select count(*) from listings l
                where l.user_id = u.id and l.status in ('approved', 'pending_approval'))::int as used
            from "user" u
            left join plan_subscriptions s
              on s.user_id = u.id and s.starts_at <= ${NOW} and s.ends_at > ${NOW}
            left join premium_plans p on p.id = s.plan_id
            where u.email like ${`%@${DEMO_EMAIL_DOMAIN}`} and u.role in ('agent', 'professional')`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(16);
      for (const row of rows) {
        expect(row.plan, row.id).not.toBeNull();
        expect(row.limit === null || row.used <= row.limit, row.id).toBe(true);
      }
      for (const health of await ledgerHealth(handle.db)) {
        expect(health).toEqual({ currency: health.currency, balanced: true, problems: [] });
      }
    });

    it("runs one agency: its owner's plan grants the team and the badge, members and listings under it", async () => {
      const [agency] = await handle.db
        .select()
        .from(agencies)
        .where(eq(agencies.handle, DEMO_AGENCY.handle));
      expect(agency).toMatchObject({ ownerId: DEMO_AGENCY.ownerId, businessVerifiedAt: null });
      const perks = entitlementsOfPlan(await currentPlan(DEMO_AGENCY.ownerId, NOW, handle.db));
      expect(grants(perks, "team")).toBe(true);
      expect(grants(perks, "agencyBadge")).toBe(true);
      expect(grants(perks, "customBranding")).toBe(true);
      const team = await handle.db
        .select({ userId: agencyMembers.userId, role: agencyMembers.role })
        .from(agencyMembers)
        .where(eq(agencyMembers.agencyId, agency!.id));
      expect(team).toHaveLength(1 + DEMO_AGENCY.memberIds.length);
      expect(team.filter((m) => m.role === "member").length).toBeLessThanOrEqual(perks.team!.seats);
      const under = await handle.db
        .select({ userId: listings.userId })
        .from(listings)
        .where(eq(listings.agencyId, agency!.id));
      expect(new Set(under.map((l) => l.userId))).toEqual(new Set(team.map((m) => m.userId)));
      // Its page has guests' reviews to show: the team's stays are under it.
      const [reviewed] = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from reviews r join listings l on l.id = r.listing_id
            where l.agency_id = ${agency!.id} and r.hidden_at is null`,
      );
      expect(reviewed?.n).toBeGreaterThan(0);
      const [page] = await handle.db
        .select()
        .from(publicProfiles)
        .where(eq(publicProfiles.userId, DEMO_AGENCY.ownerId));
      expect(page?.brandColor).toBe(DEMO_AGENCY.brandColor);
      expect(brandColorReadable(page!.brandColor!)).toBe(true);
      expect(logoOf(page!.logoKey)).not.toBeNull();
      expect(await fileExists(page!.logoKey!)).toBe(true);
    });

    it("rates listings and listers only from real reviews of completed stays and jobs", async () => {
      const rows = await handle.db.select().from(reviews);
      expect(rows.length).toBeGreaterThan(100);
      expect(rows.some((r) => r.reply !== null)).toBe(true);
      expect(rows.some((r) => r.jobId !== null)).toBe(true);
      const stays = new Map(
        (await handle.db.select().from(bookings)).map((b) => [b.id, b] as const),
      );
      const work = new Map((await handle.db.select().from(jobs)).map((j) => [j.id, j] as const));
      const listed = new Map(
        (await handle.db.select().from(listings)).map((l) => [l.id, l] as const),
      );
      for (const r of rows) {
        const source = r.bookingId !== null ? stays.get(r.bookingId) : work.get(r.jobId!);
        const author =
          r.bookingId !== null ? stays.get(r.bookingId)?.guestId : work.get(r.jobId!)?.clientId;
        expect(source?.status, `review ${r.id}`).toBe("completed");
        expect(author).toBe(r.authorId);
        expect(listed.get(r.listingId)?.userId).toBe(r.subjectId);
        expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
      // No stay before its listing went up, none still running.
      for (const b of stays.values()) {
        expect(b.checkIn >= isoDay(listed.get(b.listingId)!.createdAt), `booking ${b.id}`).toBe(
          true,
        );
        expect(b.checkOut <= isoDay(NOW)).toBe(true);
      }
      // Each average is the visible reviews' own, to one decimal; a listing without any has none.
      const average = (ratings: number[]) =>
        (Math.round((ratings.reduce((a, b) => a + b, 0) * 10) / ratings.length) / 10).toFixed(1);
      for (const l of listed.values()) {
        const own = rows.filter((r) => r.listingId === l.id && r.hiddenAt === null);
        expect(l.ratingCount, l.title).toBe(own.length);
        expect(l.rating, l.title).toBe(own.length ? average(own.map((r) => r.rating)) : null);
      }
      const listers = await handle.db.select().from(user);
      for (const u of listers) {
        const own = rows.filter((r) => r.subjectId === u.id);
        expect(u.ratingCount, u.name).toBe(own.length);
        if (own.length) expect(u.rating, u.name).toBe(average(own.map((r) => r.rating)));
      }
      // Only what can be booked or hired is rated: stays, rooms, tours and professionals' work.
      const rated = [...listed.values()].filter((l) => l.rating !== null);
      expect(new Set(rated.map((l) => l.category))).toEqual(
        new Set(["hospitality", "student-housing", "travel-agencies", "professionals"]),
      );
    });

    it("leaves the journey's guest completed stays to review, at one listing of its host", async () => {
      const [guest] = await handle.db
        .select()
        .from(user)
        .where(eq(user.email, REVIEW_JOURNEY.guestEmail));
      const own = await handle.db.select().from(bookings).where(eq(bookings.guestId, guest!.id));
      expect(own).toHaveLength(REVIEW_JOURNEY.stays);
      for (const b of own) {
        expect(b).toMatchObject({ status: "completed", hostId: REVIEW_JOURNEY.hostId });
        expect(b.listingId).toBe(own[0]!.listingId);
      }
      const reviewed = await handle.db
        .select()
        .from(reviews)
        .where(eq(reviews.authorId, guest!.id));
      expect(reviewed).toEqual([]);
      const [listing] = await handle.db
        .select()
        .from(listings)
        .where(eq(listings.id, own[0]!.listingId));
      expect(listing).toMatchObject({ status: "approved", category: "hospitality", rating: null });
    });

    it("gives a broad, mostly approved catalogue", async () => {
      const rows = await handle.db.select().from(listings);
      const approved = rows.filter((l) => l.status === "approved");
      expect(approved.length).toBeGreaterThanOrEqual(150);
      expect(new Set(approved.map((l) => l.category))).toEqual(new Set(CATEGORIES));
      expect(new Set(approved.map((l) => l.countryCode)).size).toBeGreaterThanOrEqual(20);
      expect(new Set(approved.map((l) => l.serviceCategory).filter(Boolean))).toEqual(
        new Set(SERVICE_CATEGORIES),
      );
      expect(approved.filter((l) => l.featured).length).toBeGreaterThanOrEqual(12);
      expect(rows.some((l) => l.status === "pending_approval")).toBe(true);
      const rejected = rows.filter((l) => l.status === "rejected");
      expect(rejected.length).toBeGreaterThan(0);
      for (const l of rejected) expect(l.rejectionReason).toBeTruthy();
      expect(rows.filter((l) => l.featured && l.status !== "approved")).toEqual([]);
    });

    it("fills prices, search text and contact details consistently", async () => {
      const rows = await handle.db.select().from(listings);
      for (const l of rows) {
        expect(l.priceUsdCents, l.title).toBeGreaterThan(0);
        expect(l.searchText, l.title).toContain(foldForSearch(l.title));
        expect(l.searchText, l.title).toContain(foldForSearch(l.city));
        if (l.contactMethod === "email") expect(l.contactPhone).toBeNull();
        else expect(l.contactPhone, l.title).toBeTruthy();
        expect(l.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        expect(l.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 121 * 24 * 60 * 60 * 1000);
      }
      const [row] = await handle.db
        .select({ n: count() })
        .from(listings)
        .where(sql`${listings.searchText} like ${"%nigeria%"}`);
      expect(row?.n).toBeGreaterThan(0);
    });

    it("gives every listing 1 to 3 images whose files exist", async () => {
      const rows = await handle.db
        .select({
          id: listings.id,
          key: listingImages.storageKey,
          position: listingImages.position,
        })
        .from(listings)
        .leftJoin(listingImages, eq(listingImages.listingId, listings.id));
      const byListing = new Map<number, number[]>();
      for (const r of rows) {
        expect(r.key, `listing ${r.id} has no image`).not.toBeNull();
        byListing.set(r.id, [...(byListing.get(r.id) ?? []), r.position ?? -1]);
      }
      for (const positions of byListing.values()) {
        expect(positions.length).toBeGreaterThanOrEqual(1);
        expect(positions.length).toBeLessThanOrEqual(3);
        expect([...positions].sort()).toEqual(positions.map((_, i) => i));
      }
      const keys = rows.map((r) => r.key).filter((k): k is string => k !== null);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) {
        for (const variant of Object.keys(IMAGE_VARIANTS) as ImageVariant[]) {
          expect(await fileExists(variantKey(key, variant)), variantKey(key, variant)).toBe(true);
        }
      }
    });

    it("does nothing when run again, and reference data stays put", async () => {
      const before = await counts();
      expect(await seedDemoData(handle.db, storage, { now: NOW })).toEqual({ created: false });
      await seedReferenceData(handle.db);
      expect(await counts()).toEqual(before);
    });
  });

  // Each reload draws the demo images again with sharp: seconds of CPU, more on a busy machine.
  describe("reloadDemoData", { timeout: 120_000 }, () => {
    it("replaces the demo catalogue, keeps real users' listings and removes old files", async () => {
      const before = await counts();
      const [oldImage] = await handle.db.select().from(listingImages).limit(1);
      if (!oldImage) throw new Error("no demo images");
      await handle.db.delete(listings).where(eq(listings.id, oldImage.listingId));
      await handle.db.insert(user).values({
        id: "real-agent",
        name: "Real Agent",
        email: "agent@example.test",
        role: "agent",
      });
      await handle.db.insert(listings).values({
        userId: "real-agent",
        title: "Real listing",
        category: "real-estate",
        listingType: "sale",
        countryCode: "GH",
        city: "Accra",
        address: "1 Real Street, Osu",
        description: "Not a demo.",
      });

      const result = await reloadDemoData(handle.db, storage, { now: NOW });

      expect(result.removed.listings).toBe(before.listings - 1);
      expect(result.created.listings).toBe(before.listings);
      const after = await counts();
      expect(after).toEqual({
        ...before,
        users: before.users + 1,
        listings: before.listings + 1,
      });
      const real = await handle.db.select().from(listings).where(eq(listings.userId, "real-agent"));
      expect(real).toHaveLength(1);
      const [survivor] = await handle.db.select().from(listingImages).limit(1);
      if (!survivor) throw new Error("no images after reload");
      expect(await fileExists(variantKey(survivor.storageKey, "card"))).toBe(true);
      const stale = await handle.db
        .select()
        .from(listingImages)
        .where(eq(listingImages.storageKey, oldImage.storageKey));
      expect(stale).toHaveLength(0);
    });

    it("deletes the image files of the demo listings it removes, and the agency's logo", async () => {
      const keys = (
        await handle.db.select({ key: listingImages.storageKey }).from(listingImages)
      ).map((r) => r.key);
      const logos = await handle.db
        .select({ key: publicProfiles.logoKey })
        .from(publicProfiles)
        .where(isNotNull(publicProfiles.logoKey));
      expect(logos).toHaveLength(1);
      await reloadDemoData(handle.db, storage, { now: NOW });
      for (const key of keys.slice(0, 20)) {
        expect(await fileExists(variantKey(key, "gallery")), key).toBe(false);
      }
      expect(await fileExists(logos[0]!.key!)).toBe(false);
    });
  });
});
