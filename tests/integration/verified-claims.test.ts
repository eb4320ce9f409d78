import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { listings, user } from "../../app/db/schema/index.ts";
import { parseBrowseParams } from "../../app/lib/schemas/browse.ts";
import { USD } from "../../app/lib/money.ts";
import { invalidatePlatformStats } from "../../app/services/content/platform-stats.server.ts";
import { browseListings } from "../../app/services/listings/browse.server.ts";
import { ownPageHandle } from "../../app/services/profiles/public-profile.server.ts";
import { type trustSignals } from "../../app/services/profiles/trust-signals.server.ts";
import { apiV1 } from "../../server/api/v1/index.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** The page as a person reads it: its rendered text, scripts left out. */
const readable = (html: string) =>
  markupOf(html)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/**
 * Words that claim a verification: a badge ("Verified", "Verified business") or a figure of
 * verified listings. The filter's own label names a choice, not a claim, and is left out first.
 */
function claims(text: string): string[] {
  const withoutFilter = text.replaceAll("Verified hosts only", "");
  return withoutFilter.match(/\bVerified( business)?\b/g) ?? [];
}

/** The cards of a rendered page: each <article> and the title in it. */
function cards(html: string): { title: string; verified: boolean }[] {
  return markupOf(html)
    .split("<article")
    .slice(1)
    .map((part) => part.slice(0, part.indexOf("</article>")))
    .map((card) => ({
      title: /<h3[^>]*>[\s\S]*?<a[^>]*>([^<]+)<\/a>/.exec(card)?.[1] ?? "",
      // The badge is a pill of its own: the word alone in its element.
      verified: card.includes(">Verified</span>"),
    }));
}

/** A listing page without its "You might also like" cards (other owners' listings). */
function ownPart(html: string): string {
  const related = html.indexOf('id="related-title"');
  return related === -1 ? html : html.slice(0, related);
}

/** The home page's figure of listings by verified hosts. */
function verifiedFigure(text: string): string | undefined {
  return /Listings by verified hosts ([\d,+]+)/.exec(text)?.[1];
}

const YEAR_AHEAD = () => new Date(Date.now() + 365 * 86_400_000);

describe(`no text claims a verification that did not happen, on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let trusted: MadeUser;
  let other: MadeUser;
  const titles = { trusted: "Ama's flat in Osu", other: "Kofi's flat in Osu" };
  let trustedListing: number;
  let otherListing: number;

  const read = async (path: string) => {
    const response = await page(path);
    expect(response.status, path).toBe(200);
    return textOf(response);
  };

  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
    trusted = await makeUser({ role: "agent", name: "Ama Trusted" });
    other = await makeUser({ role: "agent", name: "Kofi Other" });
    // The same price, so the price sort ranks them equal; the other's is newer (a higher id), so
    // without the verification tiebreak it would come first.
    trustedListing = (await makeListing({ owner: trusted, title: titles.trusted })).id;
    otherListing = (await makeListing({ owner: other, title: titles.other })).id;
    // A moderator's approval is not a verification: both listings are approved from the start.
    const db = await getDb();
    const approved = await db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.status, "approved"));
    expect(approved).toHaveLength(2);
  });

  afterAll(async () => {
    await app.close();
  });

  it("with no verified owner, no page shows a Verified badge or a verified figure above 0", async () => {
    invalidatePlatformStats();
    const handle = await ownPageHandle(trusted.id);
    for (const path of [
      "/",
      "/about",
      "/real-estate",
      "/listings",
      `/listing/${trustedListing}`,
      `/listing/${otherListing}`,
      `/agents/${handle}`,
      "/kyc",
    ]) {
      const html = await read(path);
      expect(claims(readable(html)), path).toEqual([]);
      expect(markupOf(html), path).not.toContain(">Verified</span>");
    }
    expect(verifiedFigure(readable(await read("/")))).toBe("0");
    expect(readable(await read("/about"))).toMatch(/Listings by verified hosts 0/);
    // The host page says plainly what was not checked.
    const host = readable(await read(`/agents/${handle}`));
    expect(host).toContain("Identity not verified");
    expect(host).toContain("Phone number not verified");
    // The filter finds nobody.
    const filtered = await read("/real-estate?verified=1");
    expect(cards(filtered)).toEqual([]);
  });

  it("the KYC page describes the process the badge stands for", async () => {
    const text = readable(await read("/kyc"));
    expect(text).toMatch(/checked by our team/i);
    expect(text).toMatch(/code we send to your number by SMS/);
    expect(text).toMatch(/badge means/i);
  });

  describe("once one owner's identity is approved", () => {
    beforeAll(async () => {
      const db = await getDb();
      // What the administrator's approval writes (the review queue is another part of issue 28).
      await db
        .update(user)
        .set({
          identityVerifiedUntil: YEAR_AHEAD(),
          verifiedPhone: "+233201234567",
          phoneVerifiedAt: new Date(),
        })
        .where(eq(user.id, trusted.id));
      invalidatePlatformStats();
    });

    it("shows the badge exactly on that owner's listings and cards", async () => {
      expect(claims(readable(ownPart(await read(`/listing/${trustedListing}`))))).toEqual([
        "Verified",
      ]);
      // The other owner's page claims nothing of them; its "You might also like" card of the
      // verified owner's listing carries that owner's badge.
      const otherPage = await read(`/listing/${otherListing}`);
      expect(claims(readable(ownPart(otherPage)))).toEqual([]);
      expect(cards(otherPage)).toEqual([{ title: titles.trusted, verified: true }]);
      for (const path of ["/real-estate", "/listings"]) {
        const shown = cards(await read(path));
        expect(shown.map((c) => c.title).sort(), path).toEqual(
          [titles.other, titles.trusted].sort(),
        );
        for (const card of shown)
          expect(card.verified, card.title).toBe(card.title === titles.trusted);
      }
      const handle = await ownPageHandle(trusted.id);
      const host = readable(await read(`/agents/${handle}`));
      expect(host).toContain("Identity verified by our team");
      expect(host).toContain("Phone number verified");
      const otherHandle = await ownPageHandle(other.id);
      expect(claims(readable(await read(`/agents/${otherHandle}`)))).toEqual([]);
    });

    it("counts the listings of verified hosts on the home and about pages", async () => {
      expect(verifiedFigure(readable(await read("/")))).toBe("1");
      expect(readable(await read("/about"))).toMatch(/Listings by verified hosts 1/);
    });

    it("an expired approval is no verification", async () => {
      const db = await getDb();
      await db
        .update(user)
        .set({ identityVerifiedUntil: new Date(Date.now() - 60_000) })
        .where(eq(user.id, other.id));
      expect(claims(readable(ownPart(await read(`/listing/${otherListing}`))))).toEqual([]);
    });

    it("filters to verified hosts, and ranks them first among equal results", async () => {
      const filtered = cards(await read("/real-estate?verified=1"));
      expect(filtered).toEqual([{ title: titles.trusted, verified: true }]);
      const byPrice = await browseListings(
        parseBrowseParams({ sort: "price-low" }, "real-estate"),
        USD,
      );
      expect(byPrice.listings.map((l) => l.id)).toEqual([trustedListing, otherListing]);
      // The newest sort has no ties (ids are unique): the newer listing stays first.
      const newest = await browseListings(
        parseBrowseParams({ sort: "newest" }, "real-estate"),
        USD,
      );
      expect(newest.listings.map((l) => l.id)).toEqual([otherListing, trustedListing]);
    });

    it("answers the filter, the badges and the host's trust signals in the API", async () => {
      const res = await apiV1.request("/listings?verified=1");
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        listings: { id: number; hostVerified: boolean; hostBusinessVerified: boolean }[];
        query: { verified?: boolean };
      };
      expect(body.listings.map((l) => [l.id, l.hostVerified, l.hostBusinessVerified])).toEqual([
        [trustedListing, true, false],
      ]);
      expect(body.query.verified).toBe(true);
      const bad = await apiV1.request("/listings?verified=yes");
      expect(bad.status).toBe(400);

      const one = await apiV1.request(`/listings/${trustedListing}`);
      const detail = (await one.json()) as {
        listing: { hostVerified: boolean };
        host: Awaited<ReturnType<typeof trustSignals>>;
      };
      expect(detail.listing.hostVerified).toBe(true);
      expect(detail.host).toMatchObject({
        verification: { identityVerified: true, phoneVerified: true, businessVerified: false },
        completedBookings: 0,
        completedJobs: 0,
        ratingCount: 0,
      });

      const handle = await ownPageHandle(trusted.id);
      const profile = await apiV1.request(`/agents/${handle}`);
      expect(profile.status).toBe(200);
      const agent = (await profile.json()) as {
        trust: { verification: { identityVerified: boolean } };
        listings: { items: { hostVerified: boolean }[] };
      };
      expect(agent.trust.verification.identityVerified).toBe(true);
      expect(agent.listings.items.every((item) => item.hostVerified)).toBe(true);
    });

    it("shows the trust signals on the listing's contact card", async () => {
      const html = await read(`/listing/${trustedListing}`);
      const card = readable(html.slice(html.indexOf("About this host")));
      expect(card).toMatch(/^About this host Member since \w+ \d+, \d{4}/);
      expect(card).toContain("Identity verified by our team");
      expect(card).toContain("Phone number verified");
      expect(card).toContain("No completed bookings yet");
      expect(card).toContain("Not enough conversations yet to show a response rate");
      expect(card).toContain("No reviews yet");
    });
  });
});
