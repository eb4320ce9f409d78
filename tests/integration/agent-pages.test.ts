import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicProfiles, reviews, user } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { USD } from "../../app/lib/money.ts";
import type { BrowseParams } from "../../app/lib/schemas/browse.ts";
import {
  getPageSettings,
  saveBranding,
  saveLanguages,
  saveWebsite,
} from "../../app/services/profiles/page-settings.server.ts";
import {
  getPublicProfile,
  handlesOf,
  listerCard,
  responseStats,
} from "../../app/services/profiles/public-profile.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const ALL: BrowseParams = { category: "all", sort: "featured", page: 1 };

function png(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 32, channels: 3, background: { r: 11, g: 94, b: 49 } },
  })
    .png()
    .toBuffer();
}

function lockedWords(perk: "propertyWebsite" | "customBranding") {
  return t("entitlements.locked.plan", {
    perk: t(`entitlements.locked.perks.${perk}`),
    plan: "Ultimate",
  });
}

describe(`public agent pages on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let host: MadeUser;
  let namesake: MadeUser;
  let free: MadeUser;
  let pro: MadeUser;
  let guest: MadeUser;
  let seeker: MadeUser;
  let villa: number;
  let flat: number;
  let pending: number;
  let othersListing: number;
  let planEnds: Date;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    [host, namesake, free, pro, guest, seeker] = await Promise.all([
      makeUser({ role: "agent", name: "Ámara Okafor" }),
      makeUser({ role: "agent", name: "Amara Okafor" }),
      makeUser({ role: "agent", name: "Kwame Free" }),
      makeUser({ role: "professional", name: "Esi Lawyer" }),
      makeUser({ role: "user", name: "Kofi Guest" }),
      makeUser({ role: "user", name: "Yaw Seeker" }),
    ]);
    planEnds = (await givePlan(host.id, "ultimate")).endsAt;
    villa = (await makeListing({ owner: host, title: "Cantonments Villa", listingType: "sale" }))
      .id;
    flat = (await makeListing({ owner: host, title: "Osu Flat", category: "hospitality" })).id;
    pending = (
      await makeListing({ owner: host, title: "Hidden Draft", status: "pending_approval" })
    ).id;
    othersListing = (await makeListing({ owner: free, title: "Kwame's Room" })).id;
    await makeListing({ owner: pro, title: "Conveyancing", category: "professionals" });

    // Three people write to the host: two answered (after 30 and 90 minutes), one not.
    const asked = Date.now() - 2 * DAY_MS;
    for (const [n, asker, answerAfter] of [
      [0, guest, 30],
      [1, seeker, 90],
      [2, namesake, null],
    ] as const) {
      const at = new Date(asked + n * HOUR_MS);
      await makeConversation({
        listing: { id: villa },
        guest: asker,
        messages: [
          { from: asker, body: `Is it free? (${n})`, createdAt: at },
          ...(answerAfter === null
            ? []
            : [
                {
                  from: host,
                  body: "Yes.",
                  createdAt: new Date(at.getTime() + answerAfter * 60_000),
                },
              ]),
        ],
      });
    }
    // A review of the host's stay.
    const stay = await makeBooking({
      listing: { id: flat },
      guest,
      checkIn: addDays(isoDay(new Date()), -20),
      status: "completed",
    });
    await app.handle.db.insert(reviews).values({
      listingId: flat,
      authorId: guest.id,
      subjectId: host.id,
      bookingId: stay.id,
      rating: 4,
      body: "Tidy flat, quick answers.",
    });
    await app.handle.db
      .update(user)
      .set({ rating: "4.0", ratingCount: 1 })
      .where(eq(user.id, host.id));
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("handles", () => {
    it("are made from the name, unique, and stay when the name changes", async () => {
      const first = (await handlesOf([host.id])).get(host.id);
      const second = (await handlesOf([namesake.id])).get(namesake.id);
      expect(first).toBe("amara-okafor");
      expect(second).toBe("amara-okafor-2");
      await app.handle.db.update(user).set({ name: "Amara Mensah" }).where(eq(user.id, host.id));
      expect((await handlesOf([host.id])).get(host.id)).toBe("amara-okafor");
      await app.handle.db.update(user).set({ name: "Ámara Okafor" }).where(eq(user.id, host.id));
    });

    it("answer the site's 404 for an unknown, malformed or non-publisher handle, never a 500", async () => {
      const seekerHandle = (await handlesOf([seeker.id])).get(seeker.id)!;
      for (const path of [
        "/agents/nobody-here",
        "/agents/NOT..valid",
        `/agents/${"x".repeat(300)}`,
        "/agents/%E2%80%AE",
        `/agents/${seekerHandle}`,
      ]) {
        const response = await page(path);
        expect(response.status, path).toBe(404);
      }
      const api = await send("/api/v1/agents/nobody-here");
      expect(api.status).toBe(404);
      expect(await api.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
      expect((await send("/api/v1/agents/amara-okafor?minPrice=abc")).status).toBe(400);
    });
  });

  describe("the public page", () => {
    it("shows who they are, their public listings, reviews and response figures", async () => {
      const profile = await getPublicProfile({
        handle: "Amara-Okafor",
        params: ALL,
        currency: USD,
      });
      expect(profile).toMatchObject({
        handle: "amara-okafor",
        kind: "agent",
        name: "Ámara Okafor",
        verification: { emailConfirmed: true },
        reviews: { rating: "4.0", ratingCount: 1 },
        response: { conversations: 3, medianMinutes: 60 },
      });
      expect(profile.response.rate).toBeCloseTo(2 / 3, 5);
      expect(profile.reviews.latest.map((r) => r.body)).toEqual(["Tidy flat, quick answers."]);
      const titles = profile.listings.items.map((l) => l.title).sort();
      expect(titles).toEqual(["Cantonments Villa", "Osu Flat"]);
      expect(titles).not.toContain("Hidden Draft");
      expect(profile.listings.categories).toEqual(["real-estate", "hospitality"]);

      // The browse filters narrow their listings.
      const sale = await getPublicProfile({
        handle: "amara-okafor",
        params: { ...ALL, listingType: "sale" },
        currency: USD,
      });
      expect(sale.listings.items.map((l) => l.title)).toEqual(["Cantonments Villa"]);
      const stays = await getPublicProfile({
        handle: "amara-okafor",
        params: { ...ALL, category: "hospitality" },
        currency: USD,
      });
      expect(stays.listings.items.map((l) => l.id)).toEqual([flat]);
    });

    it("too few conversations give no response rate", async () => {
      expect(await responseStats({ userId: free.id })).toEqual({
        conversations: 0,
        rate: null,
        medianMinutes: null,
      });
    });

    it("renders with structured data and Open Graph, and is served by the API", async () => {
      const response = await page("/agents/amara-okafor");
      expect(response.status).toBe(200);
      const html = await textOf(response);
      expect(html).toContain('"@type":"RealEstateAgent"');
      expect(html).toContain('property="og:title" content="Ámara Okafor"');
      expect(html).toContain("/agents/amara-okafor");
      const markup = markupOf(html);
      expect(markup).toContain("Cantonments Villa");
      expect(markup).toContain("Tidy flat, quick answers.");
      expect(markup).toContain(t("agents.response.rate", { rate: 67 }));

      const professional = await textOf(
        await page(`/agents/${(await handlesOf([pro.id])).get(pro.id)}`),
      );
      expect(professional).toContain('"@type":"LocalBusiness"');

      const api = await send("/api/v1/agents/amara-okafor?category=hospitality");
      expect(api.status).toBe(200);
      const body = (await api.json()) as { listings: { items: { id: number }[] } };
      expect(body.listings.items.map((l) => l.id)).toEqual([flat]);
    });

    it("is linked from the listing's contact card and listed in the sitemap", async () => {
      expect(await listerCard(villa)).toMatchObject({ href: "/agents/amara-okafor" });
      const listing = markupOf(await textOf(await page(`/listing/${villa}`)));
      expect(listing).toContain('href="/agents/amara-okafor"');
      const sitemap = await (await send("/sitemap.xml")).text();
      expect(sitemap).toContain("/agents/amara-okafor</loc>");
      expect(sitemap).not.toContain(`/agents/${(await handlesOf([seeker.id])).get(seeker.id)}<`);
    });

    it("saves the languages from the profile page's schema", async () => {
      expect(
        await saveLanguages(host.viewer, { languages: "English, French , Twi, English" }),
      ).toEqual(["English", "French", "Twi"]);
      await expect(saveLanguages(host.viewer, { languages: "<script>" })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        message: "agents.errors.languagesInvalid",
      });
      const profile = await getPublicProfile({
        handle: "amara-okafor",
        params: ALL,
        currency: USD,
      });
      expect(profile.languages).toEqual(["English", "French", "Twi"]);
      await expect(saveLanguages(seeker.viewer, { languages: "Twi" })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    });
  });

  describe("the property website and custom branding", () => {
    it("refuses both without the plan, naming the plan that unlocks them, through service and page", async () => {
      await expect(
        saveWebsite(free.viewer, { handle: "kwame-homes", about: "", featuredListingIds: [] }),
      ).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
      await expect(saveBranding(free.viewer, { brandColor: "#0b5e31" })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      const tab = markupOf(await textOf(await page("/dashboard/public-page", { jar: free.jar })));
      expect(tab).toContain(lockedWords("propertyWebsite"));
      expect(tab).toContain(lockedWords("customBranding"));
      expect(tab).toContain('href="/dashboard/premium-plans"');

      const form = new FormData();
      form.append("intent", "website");
      form.append("handle", "kwame-homes");
      const posted = await send("/dashboard/public-page", {
        method: "POST",
        body: form,
        jar: free.jar,
      });
      expect(posted.status).toBe(403);
      expect(await textOf(posted)).toContain(lockedWords("propertyWebsite"));
      const [row] = await app.handle.db
        .select({ websiteHandle: publicProfiles.websiteHandle })
        .from(publicProfiles)
        .where(eq(publicProfiles.userId, free.id));
      expect(row?.websiteHandle ?? null).toBeNull();
    });

    it("checks the chosen address: shape, reserved words, someone else's page", async () => {
      const base = { about: "", featuredListingIds: [] };
      for (const [handle, message] of [
        ["ab", "agents.errors.handleLength"],
        ["Bad Handle!", "agents.errors.handleInvalid"],
        ["admin", "agents.errors.handleReserved"],
        ["support", "agents.errors.handleReserved"],
      ] as const) {
        await expect(saveWebsite(host.viewer, { ...base, handle })).rejects.toMatchObject({
          code: "VALIDATION_FAILED",
          fieldErrors: { handle: message },
        });
      }
      await expect(
        saveWebsite(host.viewer, { ...base, handle: "amara-okafor-2" }),
      ).rejects.toMatchObject({ code: "CONFLICT", message: "agents.errors.handleTaken" });
      await expect(
        saveWebsite(host.viewer, {
          ...base,
          handle: "amara-homes",
          featuredListingIds: [othersListing],
        }),
      ).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        message: "agents.errors.featuredInvalid",
      });
      await expect(
        saveWebsite(host.viewer, { ...base, handle: "amara-homes", featuredListingIds: [pending] }),
      ).rejects.toMatchObject({ message: "agents.errors.featuredInvalid" });
    });

    it("refuses a brand colour that does not reach WCAG AA, and keeps the stored one", async () => {
      for (const brandColor of ["#ffcc00", "#aaaaaa", "#ffffff"]) {
        await expect(saveBranding(host.viewer, { brandColor })).rejects.toMatchObject({
          code: "VALIDATION_FAILED",
          fieldErrors: { brandColor: "agents.errors.colorContrast" },
        });
      }
      await expect(saveBranding(host.viewer, { brandColor: "green" })).rejects.toMatchObject({
        fieldErrors: { brandColor: "agents.errors.colorInvalid" },
      });
      expect((await getPageSettings(host.viewer)).brandColor).toBeNull();
    });

    it("shows the website and the brand, on the page, the API and the contact card", async () => {
      await saveWebsite(
        host.viewer,
        {
          handle: " Amara-Homes ",
          about: "Family agency in Accra since 2009.",
          featuredListingIds: [String(flat)],
        },
        await png(),
      );
      await saveBranding(host.viewer, { brandColor: "#0B5E31" }, await png());

      const profile = await getPublicProfile({ handle: "amara-homes", params: ALL, currency: USD });
      expect(profile.handle).toBe("amara-homes");
      expect(profile.website).toMatchObject({ about: "Family agency in Accra since 2009." });
      expect(profile.website?.coverUrl).toMatch(/^\/media\/covers\/[0-9a-f]+-gallery\.webp$/);
      expect(profile.website?.featured.map((l) => l.id)).toEqual([flat]);
      expect(profile.brand).toMatchObject({ color: "#0b5e31" });
      expect(profile.brand?.logoUrl).toMatch(/^\/media\/branding\//);
      // The name's handle keeps working, with the chosen address as the canonical one.
      const old = await textOf(await page("/agents/amara-okafor"));
      expect(old).toContain(
        'rel="canonical" href="http://localhost:3000/agents/amara-homes"'.replace(
          "http://localhost:3000",
          app.config.appUrl,
        ),
      );

      const html = markupOf(await textOf(await page("/agents/amara-homes")));
      expect(html).toContain('data-website="on"');
      expect(html).toContain("--brand:#0b5e31");
      expect(html).toContain("Family agency in Accra since 2009.");
      expect(html).not.toContain("Kwame's Room");

      expect(await listerCard(villa)).toMatchObject({
        href: "/agents/amara-homes",
        brand: { color: "#0b5e31" },
      });
      const listing = markupOf(await textOf(await page(`/listing/${villa}`)));
      expect(listing).toContain('href="/agents/amara-homes"');
      expect(listing).toContain("--brand:#0b5e31");
      expect(listing).toContain('data-testid="brand-logo"');
    });

    it("hides the website and branding when the plan ends, keeps them, and shows them on renewal", async () => {
      const after = new Date(planEnds.getTime() + DAY_MS);
      const ended = await getPublicProfile({
        handle: "amara-homes",
        params: ALL,
        currency: USD,
        now: after,
      });
      expect(ended.website).toBeNull();
      expect(ended.brand).toBeNull();
      // The plain page, at the name's address.
      expect(ended.handle).toBe("amara-okafor");
      expect(await listerCard(villa, after)).toEqual({
        href: "/agents/amara-okafor",
        brand: null,
        agency: null,
      });
      const [stored] = await app.handle.db
        .select()
        .from(publicProfiles)
        .where(eq(publicProfiles.userId, host.id));
      expect(stored).toMatchObject({
        websiteHandle: "amara-homes",
        about: "Family agency in Accra since 2009.",
        featuredListingIds: [flat],
        brandColor: "#0b5e31",
      });
      expect(stored?.coverKey).toBeTruthy();
      expect(stored?.logoKey).toBeTruthy();

      // Renewed from the day the first plan ended.
      await givePlan(host.id, "ultimate", { startsAt: planEnds });
      const renewed = await getPublicProfile({
        handle: "amara-homes",
        params: ALL,
        currency: USD,
        now: after,
      });
      expect(renewed.handle).toBe("amara-homes");
      expect(renewed.website?.about).toBe("Family agency in Accra since 2009.");
      expect(renewed.brand?.color).toBe("#0b5e31");
    });

    it("hides them today for an account whose plan already ended", async () => {
      const lapsed = await makeUser({ role: "agent", name: "Lapsed Agent" });
      await givePlan(lapsed.id, "ultimate", { startsAt: new Date(Date.now() - 2 * 365 * DAY_MS) });
      await handlesOf([lapsed.id]);
      await app.handle.db
        .update(publicProfiles)
        .set({ websiteHandle: "lapsed-homes", about: "Old story", brandColor: "#1d4ed8" })
        .where(eq(publicProfiles.userId, lapsed.id));
      const html = markupOf(await textOf(await page("/agents/lapsed-homes")));
      expect(html).toContain('data-website="off"');
      expect(html).not.toContain("Old story");
      expect(html).not.toContain("--brand:");
      const api = await send("/api/v1/agents/lapsed-homes");
      expect(await api.json()).toMatchObject({
        website: null,
        brand: null,
        handle: "lapsed-agent",
      });
    });
  });
});
