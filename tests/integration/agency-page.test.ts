import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencies, agencyMembers, publicProfiles, reviews } from "../../app/db/schema/index.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { USD } from "../../app/lib/money.ts";
import type { BrowseParams } from "../../app/lib/schemas/browse.ts";
import { getAgencyPage } from "../../app/services/profiles/agency-page.server.ts";
import { saveBranding, saveWebsite } from "../../app/services/profiles/page-settings.server.ts";
import {
  getPublicProfile,
  handlesOf,
  listerCard,
} from "../../app/services/profiles/public-profile.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Agencies' public pages (issue 27, point 2): every published listing under the agency and no
 * other, the team, the reviews of the agency's listings, the owner's website and branding while
 * the owner's plan grants them, and the site's 404 for any handle that is not an agency's.
 */

const DAY_MS = 86_400_000;
const ALL: BrowseParams = { category: "all", sort: "featured", page: 1 };

function png(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 32, channels: 3, background: { r: 11, g: 94, b: 49 } },
  })
    .png()
    .toBuffer();
}

describe(`agency pages on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let owner: MadeUser;
  let member: MadeUser;
  let outsider: MadeUser;
  let guest: MadeUser;
  let memberVilla: number;
  let ownerFlat: number;
  let planEnds: Date;

  async function review(listingId: number, subject: MadeUser, rating: number, body: string) {
    const stay = await makeBooking({
      listing: { id: listingId },
      guest,
      checkIn: addDays(isoDay(new Date()), -20 - rating),
      status: "completed",
    });
    await app.handle.db.insert(reviews).values({
      listingId,
      authorId: guest.id,
      subjectId: subject.id,
      bookingId: stay.id,
      rating,
      body,
    });
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    [owner, member, outsider, guest] = await Promise.all([
      makeUser({ role: "agent", name: "Olu Owner" }),
      makeUser({ role: "agent", name: "Amina Member" }),
      makeUser({ role: "agent", name: "Kwame Outside" }),
      makeUser({ role: "user", name: "Kofi Guest" }),
    ]);
    planEnds = (await givePlan(owner.id, "ultimate")).endsAt;
    const [agency] = await app.handle.db
      .insert(agencies)
      .values({ ownerId: owner.id, name: "Savannah Homes", handle: "savannah-homes" })
      .returning({ id: agencies.id });
    const agencyId = agency!.id;
    await app.handle.db.insert(agencyMembers).values([
      { agencyId, userId: owner.id, role: "owner" },
      { agencyId, userId: member.id, role: "member" },
    ]);
    memberVilla = (
      await makeListing({ owner: member, agencyId, title: "Member Villa", listingType: "sale" })
    ).id;
    ownerFlat = (
      await makeListing({ owner: owner, agencyId, title: "Owner Flat", category: "hospitality" })
    ).id;
    await makeListing({ owner: member, agencyId, title: "Team Draft", status: "pending_approval" });
    await makeListing({ owner: owner, title: "Owner Solo" });
    const outside = await makeListing({ owner: outsider, title: "Outside Room" });
    await review(ownerFlat, owner, 5, "Spotless flat.");
    await review(memberVilla, member, 4, "Helpful agent.");
    await review(outside.id, outsider, 1, "Not the agency's.");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the team, only the agency's published listings, and their reviews' average", async () => {
    const agency = await getAgencyPage({ handle: "Savannah-Homes", params: ALL, currency: USD });
    const handles = await handlesOf([owner.id, member.id]);
    expect(agency).toMatchObject({
      handle: "savannah-homes",
      name: "Savannah Homes",
      running: true,
      badge: { verified: false },
      owner: { name: "Olu Owner", handle: handles.get(owner.id) },
      reviews: { rating: "4.5", ratingCount: 2 },
    });
    expect(agency.members.map((m) => [m.name, m.role, m.handle])).toEqual([
      ["Olu Owner", "owner", handles.get(owner.id)],
      ["Amina Member", "member", handles.get(member.id)],
    ]);
    expect(agency.listings.items.map((l) => l.title).sort()).toEqual([
      "Member Villa",
      "Owner Flat",
    ]);
    expect(agency.listings.categories).toEqual(["real-estate", "hospitality"]);
    expect(agency.reviews.latest.map((r) => r.body).sort()).toEqual([
      "Helpful agent.",
      "Spotless flat.",
    ]);

    // The browse filters narrow the agency's listings.
    const sale = await getAgencyPage({
      handle: "savannah-homes",
      params: { ...ALL, listingType: "sale" },
      currency: USD,
    });
    expect(sale.listings.items.map((l) => l.id)).toEqual([memberVilla]);
  });

  it("says which languages the team speaks and how it answers, from its listings' conversations", async () => {
    await handlesOf([owner.id, member.id, outsider.id]);
    for (const [who, languages] of [
      [owner, ["English", "Twi"]],
      [member, ["French", "English"]],
      [outsider, ["Hausa"]],
    ] as const) {
      await app.handle.db
        .update(publicProfiles)
        .set({ languages: [...languages] })
        .where(eq(publicProfiles.userId, who.id));
    }
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // A question the member answered in 30 minutes, one the owner answered on the member's
    // listing in 90, one unanswered; the outsider's quick answer is not the agency's.
    const asked = [
      { listing: memberVilla, answeredBy: member, after: 30 },
      { listing: memberVilla, answeredBy: owner, after: 90 },
      { listing: ownerFlat, answeredBy: null, after: 0 },
    ];
    const outside = await makeListing({ owner: outsider, title: "Outside Answers" });
    for (const { listing, answeredBy, after } of [
      ...asked,
      { listing: outside.id, answeredBy: outsider, after: 1 },
    ]) {
      const asker = await makeUser({ role: "user" });
      await makeConversation({
        listing: { id: listing },
        guest: asker,
        messages: [
          { from: asker, body: "Is it free?", createdAt: at(600) },
          ...(answeredBy ? [{ from: answeredBy, body: "Yes.", createdAt: at(600 - after) }] : []),
        ],
      });
    }
    const agency = await getAgencyPage({ handle: "savannah-homes", params: ALL, currency: USD });
    expect(agency.languages).toEqual(["English", "French", "Twi"]);
    expect(agency.response).toEqual({ conversations: 3, rate: 2 / 3, medianMinutes: 60 });
    const html = await textOf(await page("/agencies/savannah-homes"));
    expect(html).toContain("English, French, Twi");
    expect(html).toContain("67%");
  });

  it("answers the site's 404 for an unknown or malformed handle, never a 500", async () => {
    for (const path of [
      "/agencies/nobody-here",
      "/agencies/NOT..valid",
      `/agencies/${"x".repeat(300)}`,
      "/agencies/%E2%80%AE",
      `/agencies/${(await handlesOf([owner.id])).get(owner.id)}`,
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
    await expect(
      getAgencyPage({ handle: "nobody-here", params: ALL, currency: USD }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "agencies.notFound" });
    const api = await send("/api/v1/agencies/nobody-here");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect((await send("/api/v1/agencies/savannah-homes?minPrice=abc")).status).toBe(400);
  });

  it("renders with structured data, Open Graph and its links, and is served by the API", async () => {
    const html = await textOf(await page("/agencies/savannah-homes"));
    expect(html).toContain('"@type":"RealEstateAgent"');
    expect(html).toContain('"member":[{"@type":"Person","name":"Olu Owner"');
    expect(html).toContain('property="og:title" content="Savannah Homes"');
    const markup = markupOf(html);
    expect(markup).toContain("Member Villa");
    expect(markup).not.toContain("Owner Solo");
    expect(markup).not.toContain("Outside Room");
    expect(markup).toContain(`href="/agents/${(await handlesOf([member.id])).get(member.id)}"`);

    const api = await send("/api/v1/agencies/savannah-homes?category=hospitality");
    expect(api.status).toBe(200);
    const body = (await api.json()) as { listings: { items: { id: number }[] } };
    expect(body.listings.items.map((l) => l.id)).toEqual([ownerFlat]);

    const sitemap = await (await send("/sitemap.xml")).text();
    expect(sitemap).toContain("/agencies/savannah-homes</loc>");
    const link = { name: "Savannah Homes", handle: "savannah-homes" };
    expect((await listerCard(memberVilla))?.agency).toEqual(link);
    const memberHandle = (await handlesOf([member.id])).get(member.id)!;
    const profile = await getPublicProfile({ handle: memberHandle, params: ALL, currency: USD });
    expect(profile.agency).toEqual(link);
    expect(markupOf(await textOf(await page(`/agents/${memberHandle}`)))).toContain(
      'href="/agencies/savannah-homes"',
    );
  });

  it("wears the owner's website and brand while the plan grants them, and hides them after", async () => {
    await saveWebsite(
      owner.viewer,
      {
        handle: "olu-homes",
        about: "Homes across Accra.",
        featuredListingIds: [String(ownerFlat)],
      },
      await png(),
    );
    await saveBranding(owner.viewer, { brandColor: "#0B5E31" }, await png());
    const branded = await getAgencyPage({ handle: "savannah-homes", params: ALL, currency: USD });
    expect(branded.website).toMatchObject({ about: "Homes across Accra." });
    expect(branded.website?.featured.map((l) => l.id)).toEqual([ownerFlat]);
    expect(branded.brand).toMatchObject({ color: "#0b5e31" });
    expect(branded.brand?.logoUrl).toMatch(/^\/media\/branding\//);
    const markup = markupOf(await textOf(await page("/agencies/savannah-homes")));
    expect(markup).toContain("--brand:#0b5e31");
    expect(markup).toContain('data-testid="brand-logo"');

    // The plan ended: unbranded, no badge, a paused team without members; nothing deleted.
    const after = new Date(planEnds.getTime() + DAY_MS);
    const ended = await getAgencyPage({
      handle: "savannah-homes",
      params: ALL,
      currency: USD,
      now: after,
    });
    expect(ended).toMatchObject({
      website: null,
      brand: null,
      badge: null,
      running: false,
      members: [],
    });
    expect(ended.avatarUrl).toMatch(/^\/avatars\//);
    expect(ended.listings.items.map((l) => l.title).sort()).toEqual(["Member Villa", "Owner Flat"]);
    const [stored] = await app.handle.db
      .select()
      .from(publicProfiles)
      .where(eq(publicProfiles.userId, owner.id));
    expect(stored).toMatchObject({ about: "Homes across Accra.", brandColor: "#0b5e31" });

    // An owner whose plan never granted the perks: their stored colour does not show.
    const basicOwner = await makeUser({ role: "agent", name: "Basil Basic" });
    await givePlan(basicOwner.id, "basic");
    await app.handle.db
      .insert(agencies)
      .values({ ownerId: basicOwner.id, name: "Basic Agency", handle: "basic-agency" });
    await app.handle.db
      .insert(publicProfiles)
      .values({ userId: basicOwner.id, handle: "basil-basic", brandColor: "#0b5e31" });
    const plain = await getAgencyPage({ handle: "basic-agency", params: ALL, currency: USD });
    expect(plain).toMatchObject({ brand: null, website: null, badge: null, running: false });
    expect(plain.listings.total).toBe(0);
  });
});
