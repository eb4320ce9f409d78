import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agencies,
  agencyMembers,
  conversations,
  listings,
  planSubscriptions,
  whatsappCallbacks,
} from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import * as inboxRoute from "../../app/routes/dashboard/inbox.tsx";
import * as myListingsRoute from "../../app/routes/dashboard/my-listings.tsx";
import { downloadLeads, leadsCsv } from "../../app/services/analytics/lead-download.server.ts";
import { listReceivedWhatsappCallbacks } from "../../app/services/analytics/whatsapp-callbacks.server.ts";
import { listHostBookings } from "../../app/services/bookings/booking-read.server.ts";
import { listConversations } from "../../app/services/conversations/inbox.server.ts";
import { openBookingConversation } from "../../app/services/conversations/conversation-start.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking, makeStay } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The team in the owner's lists (issue 27, point 3): the inbox, the hosted bookings, the lead
 * download and My Listings hold the running team's records, each with the member who answers
 * it; a member sees their own; another agency's people and a non-member see none of it; a
 * paused team shows the owner only their own again, and nothing is deleted.
 */

const t = createTranslator();

describe(`the team's records in the owner's lists on ${testEngine}`, () => {
  let app: TestApp;
  let owner: MadeUser;
  let member: MadeUser;
  let second: MadeUser;
  let otherOwner: MadeUser;
  let otherMember: MadeUser;
  let nonMember: MadeUser;
  let guest: MadeUser;
  let teamListing: { id: number };
  let ownListing: { id: number };
  let otherListing: { id: number };
  let lead: { id: number };
  let ownLead: { id: number };
  let otherLead: { id: number };
  let bookingId: number;

  async function underAgency(listingId: number, agencyId: number) {
    await app.handle.db.update(listings).set({ agencyId }).where(eq(listings.id, listingId));
  }

  const conversationIds = async (who: MadeUser) =>
    (await listConversations(who.viewer)).conversations.map((c) => c.id);
  const bookingIds = async (who: MadeUser) => (await listHostBookings(who.viewer)).map((b) => b.id);
  const callbacksOf = async (who: MadeUser) =>
    (await listReceivedWhatsappCallbacks(who.viewer)).map((c) => [c.listingTitle, c.member]);

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    owner = await makeUser({ role: "agent", name: "Olu Owner" });
    member = await makeUser({ role: "agent", name: "Amina Member" });
    second = await makeUser({ role: "agent", name: "Kofi Second" });
    otherOwner = await makeUser({ role: "agent", name: "Other Owner" });
    otherMember = await makeUser({ role: "agent", name: "Other Member" });
    nonMember = await makeUser({ role: "agent", name: "Nobody's Agent" });
    guest = await makeUser({ role: "user", name: "Ama Guest" });
    await givePlan(owner.id, "ultimate");
    await givePlan(otherOwner.id, "ultimate");
    // Members download their own leads on a plan of their own.
    for (const who of [member, otherMember, nonMember]) await givePlan(who.id, "elite");
    const [agency, other] = await app.handle.db
      .insert(agencies)
      .values([
        { ownerId: owner.id, name: "Savannah Homes", handle: "savannah-lists" },
        { ownerId: otherOwner.id, name: "Lagoon Realty", handle: "lagoon-lists" },
      ])
      .returning({ id: agencies.id });
    await app.handle.db.insert(agencyMembers).values([
      { agencyId: agency!.id, userId: owner.id, role: "owner" },
      { agencyId: agency!.id, userId: member.id, role: "member" },
      { agencyId: agency!.id, userId: second.id, role: "member" },
      { agencyId: other!.id, userId: otherOwner.id, role: "owner" },
      { agencyId: other!.id, userId: otherMember.id, role: "member" },
    ]);
    teamListing = await makeListing({ owner: member, title: "Team flat in Osu" });
    await underAgency(teamListing.id, agency!.id);
    ownListing = await makeListing({ owner, title: "Owner's own flat" });
    otherListing = await makeListing({ owner: otherMember, title: "Lagoon flat" });
    await underAgency(otherListing.id, other!.id);
    lead = await makeConversation({
      listing: teamListing,
      guest,
      messages: [{ from: guest, body: "Is the flat still free?" }],
    });
    ownLead = await makeConversation({
      listing: ownListing,
      guest,
      messages: [{ from: guest, body: "Can I see it on Saturday?" }],
    });
    otherLead = await makeConversation({
      listing: otherListing,
      guest,
      messages: [{ from: guest, body: "Near the lagoon?" }],
    });
    await app.handle.db.insert(whatsappCallbacks).values(
      [teamListing, ownListing, otherListing].map(({ id }) => ({
        listingId: id,
        name: "Ama Guest",
        phone: "+233241234567",
        consentedAt: new Date(),
      })),
    );
    const stay = await makeStay({ owner: member, title: "Team guesthouse" });
    await underAgency(stay.id, agency!.id);
    bookingId = (await makeBooking({ listing: stay, guest, status: "requested" })).id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("puts the team's conversations in the owner's inbox with the member who answers them", async () => {
    const inbox = await listConversations(owner.viewer);
    const team = inbox.conversations.find((c) => c.id === lead.id);
    expect(team).toMatchObject({
      side: "host",
      other: { name: "Ama Guest" },
      team: { memberId: member.id, memberName: "Amina Member" },
      unread: 1,
    });
    expect(inbox.conversations.find((c) => c.id === ownLead.id)).toMatchObject({ team: null });
    // The unread total stays the owner's own, as the header's badge counts it.
    expect(inbox.totalUnread).toBe(1);
    expect(await conversationIds(owner)).not.toContain(otherLead.id);

    // The member sees their own; the other agency and a non-member see none of it.
    const mine = await listConversations(member.viewer);
    expect(mine.conversations.map((c) => c.id)).toEqual([lead.id]);
    expect(mine.conversations[0]).toMatchObject({ side: "host", team: null });
    expect(await conversationIds(otherOwner)).toEqual([otherLead.id]);
    expect(await conversationIds(otherMember)).toEqual([otherLead.id]);
    expect(await conversationIds(nonMember)).toEqual([]);

    // The inbox page gives the owner the team to assign to, and nobody else.
    const page = (await app.loader(inboxRoute, "/dashboard/inbox", owner.jar)) as {
      mates: { id: string; name: string }[];
    };
    expect(page.mates.map((m) => m.id)).toEqual([owner.id, member.id, second.id]);
    const memberPage = (await app.loader(inboxRoute, "/dashboard/inbox", member.jar)) as {
      mates: unknown[];
    };
    expect(memberPage.mates).toEqual([]);
  });

  it("assigns a lead from the inbox, with a toast, and says why when it cannot", async () => {
    const refused = (await app.action(
      inboxRoute,
      "/dashboard/inbox",
      { intent: "assign", conversationId: String(lead.id), memberId: nonMember.id },
      owner.jar,
    )) as { data: unknown; init: { status: number } };
    expect(refused).toMatchObject({
      data: { assignRefusal: { id: lead.id, message: t("teams.errors.memberNotFound") } },
      init: { status: 404 },
    });
    // A member may not assign: they own no agency.
    const byMember = (await app.action(
      inboxRoute,
      "/dashboard/inbox",
      { intent: "assign", conversationId: String(lead.id), memberId: second.id },
      member.jar,
    )) as { init: { status: number } };
    expect(byMember.init.status).toBe(404);

    const assigned = (await app.action(
      inboxRoute,
      "/dashboard/inbox",
      { intent: "assign", conversationId: String(lead.id), memberId: second.id },
      owner.jar,
    )) as Response;
    expect(assigned.status).toBe(302);
    expect(assigned.headers.get("location")).toBe("/dashboard/inbox");
    const [row] = await app.handle.db
      .select({ hostId: conversations.hostId })
      .from(conversations)
      .where(eq(conversations.id, lead.id));
    expect(row!.hostId).toBe(second.id);
    expect(await conversationIds(second)).toEqual([lead.id]);
    expect(
      (await listConversations(owner.viewer)).conversations.find((c) => c.id === lead.id)?.team,
    ).toEqual({ memberId: second.id, memberName: "Kofi Second" });
  });

  it("lists the team's bookings for the owner with the member, and lets the owner act on them", async () => {
    const hosted = await listHostBookings(owner.viewer);
    expect(hosted.find((b) => b.id === bookingId)).toMatchObject({
      teamMember: "Amina Member",
      may: { answer: true, cancel: "host" },
    });
    expect((await listHostBookings(member.viewer)).find((b) => b.id === bookingId)).toMatchObject({
      teamMember: null,
      may: { answer: true },
    });
    expect(await bookingIds(otherOwner)).not.toContain(bookingId);
    expect(await bookingIds(otherMember)).not.toContain(bookingId);
    expect(await bookingIds(nonMember)).toEqual([]);

    // "Message guest" opens the booking's conversation for the owner, and for nobody outside.
    const opened = await openBookingConversation(owner.viewer, bookingId);
    expect(opened).toBeGreaterThan(0);
    await expect(openBookingConversation(otherOwner.viewer, bookingId)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // A booking's conversation stays with its host: it cannot be assigned.
    const refused = (await app.action(
      inboxRoute,
      "/dashboard/inbox",
      { intent: "assign", conversationId: String(opened), memberId: second.id },
      owner.jar,
    )) as { data: unknown; init: { status: number } };
    expect(refused).toMatchObject({
      data: { assignRefusal: { message: t("teams.errors.bookingLead") } },
      init: { status: 409 },
    });
  });

  it("downloads the team's leads for the owner with a Member column, and each member's own", async () => {
    const ownerCsv = leadsCsv(await downloadLeads(owner.viewer)).split("\r\n");
    expect(ownerCsv[0]).toBe("Date (UTC),Source,Listing ID,Listing,Name,Phone,Member");
    expect(ownerCsv).toContainEqual(
      expect.stringMatching(
        new RegExp(`,Message,${teamListing.id},Team flat in Osu,Ama Guest,,Kofi Second$`),
      ),
    );
    expect(ownerCsv).toContainEqual(
      expect.stringMatching(
        new RegExp(`,Message,${ownListing.id},Owner's own flat,Ama Guest,,Olu Owner$`),
      ),
    );
    expect(ownerCsv.join("\n")).not.toContain("Lagoon flat");

    // Kofi's own plan has no lead download; a member's download is their own, without the column.
    await expect(downloadLeads(second.viewer)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const memberCsv = leadsCsv(await downloadLeads(member.viewer)).split("\r\n");
    expect(memberCsv[0]).toBe("Date (UTC),Source,Listing ID,Listing,Name,Phone");
    expect(memberCsv.join("\n")).not.toContain("Owner's own flat");
    const otherCsv = leadsCsv(await downloadLeads(otherOwner.viewer)).split("\r\n");
    expect(otherCsv.join("\n")).toContain("Lagoon flat");
    expect(otherCsv.join("\n")).not.toContain("Team flat in Osu");
    expect(leadsCsv(await downloadLeads(nonMember.viewer)).split("\r\n")).toEqual([
      "Date (UTC),Source,Listing ID,Listing,Name,Phone",
      "",
    ]);
  });

  it("lists the team's WhatsApp call-backs for the owner with the member, and each member's own", async () => {
    expect((await callbacksOf(owner)).sort()).toEqual([
      ["Owner's own flat", null],
      ["Team flat in Osu", "Amina Member"],
    ]);
    expect(await callbacksOf(member)).toEqual([["Team flat in Osu", null]]);
    expect(await callbacksOf(otherOwner)).toEqual([["Lagoon flat", "Other Member"]]);
    expect(await callbacksOf(nonMember)).toEqual([]);
  });

  it("shows who published each team listing in My Listings and hands one to another member", async () => {
    type Page = {
      rows: { id: number }[];
      team: { publishers: Record<number, { id: string; name: string }>; mates: unknown[] };
    };
    const page = (await app.loader(myListingsRoute, "/dashboard/my-listings", owner.jar)) as Page;
    expect(page.rows.map((r) => r.id)).toContain(teamListing.id);
    expect(page.team.publishers[teamListing.id]).toEqual({ id: member.id, name: "Amina Member" });
    expect(page.team.publishers[ownListing.id]).toBeUndefined();
    expect(page.team.mates).toHaveLength(3);
    const memberPage = (await app.loader(
      myListingsRoute,
      "/dashboard/my-listings",
      member.jar,
    )) as Page;
    expect(memberPage.team).toEqual({ publishers: {}, mates: [] });

    const hand = (who: MadeUser, memberId: string) =>
      app.action(
        myListingsRoute,
        "/dashboard/my-listings",
        { intent: "reassign", listingId: String(teamListing.id), memberId },
        who.jar,
      );
    expect(await hand(owner, otherMember.id)).toMatchObject({
      data: { assignRefusal: { id: teamListing.id, message: t("teams.errors.memberNotFound") } },
      init: { status: 404 },
    });
    expect(await hand(member, second.id)).toMatchObject({ init: { status: 404 } });
    expect(await hand(otherOwner, otherMember.id)).toMatchObject({ init: { status: 404 } });
    const handed = (await hand(owner, second.id)) as Response;
    expect(handed.status).toBe(302);
    const [row] = await app.handle.db
      .select({ userId: listings.userId, agencyId: listings.agencyId })
      .from(listings)
      .where(eq(listings.id, teamListing.id));
    expect(row!.userId).toBe(second.id);
    expect(row!.agencyId).not.toBeNull();
  });

  it("shows the owner only their own again while the team is paused, deleting nothing", async () => {
    const past = new Date(Date.now() - 1000);
    await app.handle.db
      .update(planSubscriptions)
      .set({ endsAt: past, startsAt: new Date(past.getTime() - 86_400_000) })
      .where(eq(planSubscriptions.userId, owner.id));
    // Elite keeps the lead download without team access.
    await givePlan(owner.id, "elite");

    expect(await conversationIds(owner)).toEqual([ownLead.id]);
    expect(await bookingIds(owner)).toEqual([]);
    expect(await callbacksOf(owner)).toEqual([["Owner's own flat", null]]);
    const csv = leadsCsv(await downloadLeads(owner.viewer)).split("\r\n");
    expect(csv[0]).toBe("Date (UTC),Source,Listing ID,Listing,Name,Phone");
    expect(csv.join("\n")).not.toContain("Team flat in Osu");
    const page = (await app.loader(myListingsRoute, "/dashboard/my-listings", owner.jar)) as {
      rows: { id: number }[];
      team: unknown;
    };
    expect(page.rows.map((r) => r.id)).not.toContain(teamListing.id);
    expect(page.team).toEqual({ publishers: {}, mates: [] });
    // The members keep theirs, and the agency keeps its listings.
    expect(await conversationIds(second)).toEqual([lead.id]);
    expect(await bookingIds(member)).toEqual([bookingId]);
    const [row] = await app.handle.db
      .select({ agencyId: listings.agencyId })
      .from(listings)
      .where(eq(listings.id, teamListing.id));
    expect(row!.agencyId).not.toBeNull();

    // A renewal shows the team again.
    await givePlan(owner.id, "ultimate");
    expect(await conversationIds(owner)).toContain(lead.id);
    expect(await bookingIds(owner)).toContain(bookingId);
  });
});
