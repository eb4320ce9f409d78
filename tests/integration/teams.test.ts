import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_RULES, rateLimitKey } from "../../app/auth/rate-limit.server.ts";
import {
  agencies,
  agencyInvitations,
  agencyMembers,
  conversations,
  listings,
  listingViews,
  planSubscriptions,
  rateLimitHits,
  user,
} from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { emptyListingValues } from "../../app/lib/schemas/listing.ts";
import * as teamRoute from "../../app/routes/dashboard/team.tsx";
import { analyticsReport } from "../../app/services/analytics/analytics-report.server.ts";
import { viewDay } from "../../app/services/listings/listing-views.server.ts";
import { planUnlocking } from "../../app/services/premium/entitlements.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking, makeStay } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { linkIn } from "../support/smtp-sink.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";

/**
 * Team access for agencies (issue 27, point 3): an owner on a plan with `team` starts an agency,
 * invites by e-mail within the seats, members accept, publish under the agency, leave or are
 * removed; the owner manages the team's listings, bookings, conversations and figures; a plan's
 * end pauses all of it without deleting anything, and a renewal resumes it.
 */

const t = createTranslator();

function listingInput(title: string) {
  return {
    ...emptyListingValues("real-estate"),
    title,
    listingType: "rent",
    price: "900",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "12 Oxford Street",
    description: "Two bedrooms, a balcony and a view of the sea.",
    propertyType: "apartment",
    bedrooms: "2",
    bathrooms: "1",
    areaM2: "85",
  };
}

describe(`team access on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let owner: MadeUser;
  let outsider: MadeUser;
  let otherOwner: MadeUser;
  let otherMember: MadeUser;
  let member: MadeUser;
  let seats: number;

  const api = (
    who: MadeUser | null,
    path: string,
    init: { method?: string; json?: unknown } = {},
  ) => send(`/api/v1${path}`, { ...init, jar: who?.jar, ip: app.nextIp() });
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

  /** Invites the address as the owner and returns the link's token from the e-mail. */
  async function invite(email: string, by: MadeUser = owner): Promise<string> {
    const before = app.sink.to(email).length;
    const response = await api(by, "/me/team/invitations", { method: "POST", json: { email } });
    expect(response.status, await response.clone().text()).toBe(201);
    const mail = await waitForMail(app, email, before + 1);
    const link = linkIn(mail, `${app.config.appUrl}/dashboard/team?invitation=`);
    return decodeURIComponent(new URL(link).searchParams.get("invitation")!);
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    owner = await makeUser({ role: "agent", name: "Olu Owner" });
    outsider = await makeUser({ role: "agent" });
    otherOwner = await makeUser({ role: "agent" });
    otherMember = await makeUser({ role: "agent" });
    await givePlan(owner.id, "ultimate");
    await givePlan(otherOwner.id, "ultimate");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refuses an agency to a plan without team access, naming the plan that unlocks it", async () => {
    const unlocking = (await planUnlocking("team"))!.name;
    const locked = t("entitlements.locked.plan", {
      perk: t("entitlements.locked.perks.team"),
      plan: unlocking,
    });
    const view = await json(await api(outsider, "/me/team"));
    expect(view).toMatchObject({ role: null, agency: null, locked });
    const refused = await api(outsider, "/me/team", {
      method: "POST",
      json: { name: "Nope", handle: "nope" },
    });
    expect(refused.status).toBe(403);
    expect(((await json(refused)).error as { message: string }).message).toBe(locked);
    expect(await app.handle.db.select().from(agencies)).toEqual([]);
    // The Team tab says the same, with the link to the plans.
    const page = await app.loader(teamRoute, "/dashboard/team", outsider.jar);
    expect(page).toMatchObject({ team: { locked } });
  });

  it("starts an agency on Ultimate, with a readable handle that nobody else may take", async () => {
    const bad = await api(owner, "/me/team", {
      method: "POST",
      json: { name: "S", handle: "Not a handle!" },
    });
    expect(bad.status).toBe(400);
    const made = await api(owner, "/me/team", {
      method: "POST",
      json: { name: "Savannah Homes", handle: "Savannah-Homes" },
    });
    expect(made.status).toBe(201);
    expect(await json(made)).toMatchObject({ name: "Savannah Homes", handle: "savannah-homes" });
    const taken = await api(otherOwner, "/me/team", {
      method: "POST",
      json: { name: "Copycat", handle: "savannah-homes" },
    });
    expect(taken.status).toBe(400);
    expect(await json(taken)).toMatchObject({
      error: { fields: { handle: t("teams.errors.handleTaken") } },
    });
    const other = await api(otherOwner, "/me/team", {
      method: "POST",
      json: { name: "Lagoon Realty", handle: "lagoon-realty" },
    });
    expect(other.status).toBe(201);
    const again = await api(owner, "/me/team", {
      method: "POST",
      json: { name: "Second", handle: "second-agency" },
    });
    expect(again.status).toBe(409);
    const view = await json(await api(owner, "/me/team"));
    seats = view.seats as number;
    expect(seats).toBeGreaterThan(0);
    expect(view).toMatchObject({ role: "owner", running: true, seatsUsed: 0, locked: null });
    expect(view.members).toMatchObject([{ userId: owner.id, role: "owner" }]);
  });

  it("invites by e-mail; a new person signs up with the address and accepts; nobody else can", async () => {
    const token = await invite("Amina@Example.com");
    const [row] = await app.handle.db
      .select()
      .from(agencyInvitations)
      .where(eq(agencyInvitations.email, "amina@example.com"));
    // Only the token's hash is kept.
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    // Somebody else signed in cannot use Amina's link.
    const stolen = await api(outsider, "/team-invitations/accept", {
      method: "POST",
      json: { token },
    });
    expect(stolen.status).toBe(403);
    // A member of another agency cannot either: the invitation is not theirs.
    const otherToken = await invite(otherMember.email, otherOwner);
    expect(
      (
        await api(otherMember, "/team-invitations/accept", {
          method: "POST",
          json: { token: otherToken },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(otherMember, "/team-invitations/accept", { method: "POST", json: { token } }))
        .status,
    ).toBe(403);

    // Amina signs up with the invited address (as an agent) and accepts.
    member = await makeUser({ role: "agent", email: "amina@example.com", name: "Amina Member" });
    const page = await app.loader(teamRoute, `/dashboard/team?invitation=${token}`, member.jar);
    expect(page).toMatchObject({
      invitation: { found: { agencyName: "Savannah Homes", forYou: true, expired: false } },
    });
    const accepted = await api(member, "/team-invitations/accept", {
      method: "POST",
      json: { token },
    });
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toMatchObject({ agency: { handle: "savannah-homes" } });
    // The link works once.
    expect(
      (await api(member, "/team-invitations/accept", { method: "POST", json: { token } })).status,
    ).toBe(404);
    expect(await json(await api(member, "/me/team"))).toMatchObject({
      role: "member",
      agency: { name: "Savannah Homes", ownerName: "Olu Owner" },
      members: [],
    });
    const view = await json(await api(owner, "/me/team"));
    expect(view).toMatchObject({ seatsUsed: 1, invitations: [] });
    expect((view.members as { userId: string }[]).map((m) => m.userId)).toEqual([
      owner.id,
      member.id,
    ]);
  });

  it("counts open invitations against the seats, frees one on revoking, and refuses past them", async () => {
    const invited: string[] = [];
    for (let i = 1; i < seats; i++) {
      const email = `seat-${i}@example.com`;
      await invite(email);
      invited.push(email);
    }
    const full = await api(owner, "/me/team/invitations", {
      method: "POST",
      json: { email: "one-too-many@example.com" },
    });
    expect(full.status).toBe(409);
    expect(((await json(full)).error as { message: string }).message).toBe(
      t("teams.errors.seatsFull", { seats }),
    );
    // Inviting an invited address again sends a fresh link and takes no second seat.
    await invite(invited[0]!);
    const view = await json(await api(owner, "/me/team"));
    expect(view.seatsUsed).toBe(seats);
    const open = view.invitations as { id: number; email: string }[];
    for (const invitation of open) {
      const revoked = await api(owner, `/me/team/invitations/${invitation.id}`, {
        method: "DELETE",
      });
      expect(revoked.status).toBe(200);
    }
    expect(await json(await api(owner, "/me/team"))).toMatchObject({
      seatsUsed: 1,
      invitations: [],
    });
    // A member cannot revoke or invite: they own no agency.
    expect(
      (
        await api(member, "/me/team/invitations", {
          method: "POST",
          json: { email: "x@example.com" },
        })
      ).status,
    ).toBe(404);
  });

  it("limits the invitations an owner sends in a day", async () => {
    const rule = RATE_LIMIT_RULES.teamInvite;
    const now = new Date();
    await app.handle.db
      .insert(rateLimitHits)
      .values({
        key: rateLimitKey("teamInvite", "account", owner.id),
        windowStart: now,
        expiresAt: new Date(now.getTime() + rule.windowSeconds * 1000),
        count: rule.perAccount * app.config.rateLimitScale,
      })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: { count: rule.perAccount * app.config.rateLimitScale },
      });
    const refused = await api(owner, "/me/team/invitations", {
      method: "POST",
      json: { email: "limited@example.com" },
    });
    expect(refused.status).toBe(429);
    await app.handle.db
      .delete(rateLimitHits)
      .where(eq(rateLimitHits.key, rateLimitKey("teamInvite", "account", owner.id)));
  });

  it("publishes a member's listing under the agency; the owner sees and manages it, others do not", async () => {
    const created = await api(member, "/my-listings", {
      method: "POST",
      json: listingInput("Team flat in Osu"),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const [row] = await app.handle.db.select().from(listings).where(eq(listings.id, id));
    const [agency] = await app.handle.db
      .select()
      .from(agencies)
      .where(eq(agencies.ownerId, owner.id));
    expect(row!.agencyId).toBe(agency!.id);

    const ids = async (who: MadeUser) =>
      ((await json(await api(who, "/my-listings"))).listings as { id: number }[]).map((l) => l.id);
    expect(await ids(owner)).toContain(id);
    expect(await ids(member)).toContain(id);
    expect(await ids(otherMember)).not.toContain(id);
    expect(await ids(outsider)).not.toContain(id);

    // Editing: the member (theirs) and the owner (the agency's); not another agency, not a stranger.
    for (const [who, status] of [
      [member, 200],
      [owner, 200],
      [otherMember, 403],
      [otherOwner, 403],
      [outsider, 403],
    ] as const) {
      expect((await api(who, `/my-listings/${id}`)).status, who.name).toBe(status);
    }
    const edited = await api(owner, `/my-listings/${id}`, {
      method: "PUT",
      json: listingInput("Team flat in Osu, renovated"),
    });
    expect(edited.status).toBe(200);
  });

  it("lets the owner manage the team's bookings and conversations, and assign a lead to a member", async () => {
    const stay = await makeStay({ owner: member, title: "Team guesthouse" });
    const [agency] = await app.handle.db
      .select()
      .from(agencies)
      .where(eq(agencies.ownerId, owner.id));
    await app.handle.db
      .update(listings)
      .set({ agencyId: agency!.id })
      .where(eq(listings.id, stay.id));
    const guest = await makeUser({ role: "user" });
    const booking = await makeBooking({ listing: stay, guest, status: "requested" });
    for (const [who, status] of [
      [owner, 200],
      [member, 200],
      [otherOwner, 404],
      [otherMember, 404],
      [outsider, 404],
    ] as const) {
      expect((await api(who, `/bookings/${booking.id}`)).status, who.name).toBe(status);
    }
    const view = await json(await api(owner, `/bookings/${booking.id}`));
    expect(view).toMatchObject({ booking: { may: { answer: true } } });
    expect(
      (await api(owner, `/bookings/${booking.id}/accept`, { method: "POST", json: {} })).status,
    ).toBe(200);

    const conversation = await makeConversation({
      listing: stay,
      guest,
      messages: [{ from: guest, body: "Is parking included?" }],
    });
    for (const [who, status] of [
      [owner, 200],
      [member, 200],
      [otherOwner, 404],
      [outsider, 404],
    ] as const) {
      expect((await api(who, `/conversations/${conversation.id}/messages`)).status, who.name).toBe(
        status,
      );
    }
    const answered = await api(owner, `/conversations/${conversation.id}/messages`, {
      method: "POST",
      json: { body: "Yes, one car." },
    });
    expect(answered.status).toBe(201);

    // A second member takes the lead over.
    const token = await invite("kofi@example.com");
    const kofi = await makeUser({ role: "agent", email: "kofi@example.com" });
    await api(kofi, "/team-invitations/accept", { method: "POST", json: { token } });
    expect(
      (
        await api(member, `/me/team/conversations/${conversation.id}/member`, {
          method: "PUT",
          json: { memberId: kofi.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(owner, `/me/team/conversations/${conversation.id}/member`, {
          method: "PUT",
          json: { memberId: outsider.id },
        })
      ).status,
    ).toBe(404);
    const assigned = await api(owner, `/me/team/conversations/${conversation.id}/member`, {
      method: "PUT",
      json: { memberId: kofi.id },
    });
    expect(assigned.status).toBe(200);
    const [moved] = await app.handle.db
      .select({ hostId: conversations.hostId })
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    expect(moved!.hostId).toBe(kofi.id);
    expect((await api(kofi, `/conversations/${conversation.id}/messages`)).status).toBe(200);

    // Kofi leaves; the owner cannot leave their own agency.
    expect((await api(kofi, "/me/team/leave", { method: "POST" })).status).toBe(200);
    expect((await api(owner, "/me/team/leave", { method: "POST" })).status).toBe(409);
    const [left] = await app.handle.db
      .select()
      .from(agencyMembers)
      .where(eq(agencyMembers.userId, kofi.id));
    expect(left).toMatchObject({ status: "left" });
  });

  it("counts the team's listings in the owner's analytics, and only the member's own in theirs", async () => {
    const [mine] = await app.handle.db
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(eq(listings.userId, member.id), eq(listings.title, "Team flat in Osu, renovated")),
      );
    await app.handle.db
      .insert(listingViews)
      .values({ listingId: mine!.id, visitorHash: "team-v1", day: viewDay(new Date()) });
    const viewsOf = async (who: MadeUser) =>
      (await analyticsReport(who.viewer, { days: 30 })).totals.views;
    expect(await viewsOf(owner)).toBe(1);
    expect(await viewsOf(member)).toBe(1);
    expect(await viewsOf(otherOwner)).toBe(0);
    expect(await viewsOf(outsider)).toBe(0);
  });

  it("removes a member; their listings stay with the agency, and the owner hands them on", async () => {
    const [mine] = await app.handle.db
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(eq(listings.userId, member.id), eq(listings.title, "Team flat in Osu, renovated")),
      );
    expect((await api(member, `/me/team/members/${member.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    const removed = await api(owner, `/me/team/members/${member.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    const [row] = await app.handle.db.select().from(listings).where(eq(listings.id, mine!.id));
    expect(row!.agencyId).not.toBeNull();
    expect(await json(await api(member, "/me/team"))).toMatchObject({ role: null });
    // The owner still manages it, and hands it back to themselves.
    expect((await api(owner, `/my-listings/${mine!.id}`)).status).toBe(200);
    const handed = await api(owner, `/me/team/listings/${mine!.id}/member`, {
      method: "PUT",
      json: { memberId: owner.id },
    });
    expect(handed.status).toBe(200);
    const [after] = await app.handle.db.select().from(listings).where(eq(listings.id, mine!.id));
    expect(after).toMatchObject({ userId: owner.id, agencyId: row!.agencyId });
    // A removed member's new listings are their own.
    const own = await api(member, "/my-listings", {
      method: "POST",
      json: listingInput("My own flat"),
    });
    const [ownRow] = await app.handle.db
      .select()
      .from(listings)
      .where(eq(listings.id, ((await own.json()) as { id: number }).id));
    expect(ownRow!.agencyId).toBeNull();
  });

  it("pauses the team when the owner's plan ends and resumes it on renewal, deleting nothing", async () => {
    const token = await invite("zawadi@example.com");
    const zawadi = await makeUser({ role: "agent", email: "zawadi@example.com" });
    expect(
      (await api(zawadi, "/team-invitations/accept", { method: "POST", json: { token } })).status,
    ).toBe(200);
    const first = await api(zawadi, "/my-listings", {
      method: "POST",
      json: listingInput("Zawadi's team flat"),
    });
    const teamListing = ((await first.json()) as { id: number }).id;
    const membersBefore = await app.handle.db.select().from(agencyMembers);

    // The plan ends.
    const past = new Date(Date.now() - 1000);
    await app.handle.db
      .update(planSubscriptions)
      .set({ endsAt: past, startsAt: new Date(past.getTime() - 86_400_000) })
      .where(eq(planSubscriptions.userId, owner.id));

    const paused = await json(await api(owner, "/me/team"));
    expect(paused).toMatchObject({ role: "owner", running: false, seats: null });
    expect(paused.locked).toBeTypeOf("string");
    expect(await json(await api(zawadi, "/me/team"))).toMatchObject({
      role: "member",
      running: false,
    });
    // The owner no longer sees or manages the member's listing; the member still has theirs.
    const ownerIds = (
      (await json(await api(owner, "/my-listings"))).listings as { id: number }[]
    ).map((l) => l.id);
    expect(ownerIds).not.toContain(teamListing);
    expect((await api(owner, `/my-listings/${teamListing}`)).status).toBe(403);
    expect((await api(zawadi, `/my-listings/${teamListing}`)).status).toBe(200);
    // No invitations, and a member's new listing is their own.
    expect(
      (
        await api(owner, "/me/team/invitations", {
          method: "POST",
          json: { email: "p@example.com" },
        })
      ).status,
    ).toBe(403);
    const during = await api(zawadi, "/my-listings", {
      method: "POST",
      json: listingInput("Published while paused"),
    });
    const duringId = ((await during.json()) as { id: number }).id;
    const [duringRow] = await app.handle.db
      .select()
      .from(listings)
      .where(eq(listings.id, duringId));
    expect(duringRow!.agencyId).toBeNull();
    // Nothing was deleted.
    expect(await app.handle.db.select().from(agencyMembers)).toEqual(membersBefore);

    // Renewal resumes everything.
    await givePlan(owner.id, "ultimate");
    expect(await json(await api(owner, "/me/team"))).toMatchObject({ running: true, locked: null });
    const resumedIds = (
      (await json(await api(owner, "/my-listings"))).listings as { id: number }[]
    ).map((l) => l.id);
    expect(resumedIds).toContain(teamListing);
    expect((await api(owner, `/my-listings/${teamListing}`)).status).toBe(200);
    const after = await api(zawadi, "/my-listings", {
      method: "POST",
      json: listingInput("Published after renewal"),
    });
    const afterId = ((await after.json()) as { id: number }).id;
    const [afterRow] = await app.handle.db.select().from(listings).where(eq(listings.id, afterId));
    expect(afterRow!.agencyId).not.toBeNull();
  });

  it("answers the Team tab's forms with toasts and field messages, never a 500", async () => {
    const bad = await app.action(
      teamRoute,
      "/dashboard/team",
      { intent: "invite", email: "nope" },
      owner.jar,
    );
    expect(bad).toMatchObject({ init: { status: 400 } });
    const unknown = await app.action(
      teamRoute,
      "/dashboard/team",
      { intent: "revoke", invitationId: "99999" },
      owner.jar,
    );
    expect((unknown as Response).status).toBe(302);
    const leave = await app.action(teamRoute, "/dashboard/team", { intent: "leave" }, outsider.jar);
    expect((leave as Response).status).toBe(302);
  });
  it("shows the agency badge on the agency's public listings, pending until the business is verified", async () => {
    const [agency] = await app.handle.db
      .select()
      .from(agencies)
      .where(eq(agencies.ownerId, owner.id));
    const listed = await makeListing({ owner: member, status: "approved", title: "Badged flat" });
    await app.handle.db
      .update(listings)
      .set({ agencyId: agency!.id })
      .where(eq(listings.id, listed.id));
    const badgeOf = async (id = listed.id) =>
      ((await json(await api(null, `/listings/${id}`))).listing as { agencyBadge: unknown })
        .agencyBadge;
    expect(await badgeOf()).toEqual({ agency: "Savannah Homes", verified: false });
    const card = async () =>
      (
        (await json(await api(null, "/listings?sort=newest"))).listings as {
          id: number;
          agencyBadge: unknown;
        }[]
      ).find((l) => l.id === listed.id);
    expect((await card())?.agencyBadge).toEqual({ agency: "Savannah Homes", verified: false });

    // The owner's business approval (issue 28) makes it verified, and only while it holds.
    const ownerId = agency!.ownerId;
    const approveUntil = (until: Date) =>
      app.handle.db.update(user).set({ businessVerifiedUntil: until }).where(eq(user.id, ownerId));
    await approveUntil(new Date(Date.now() + 86_400_000));
    expect(await badgeOf()).toEqual({ agency: "Savannah Homes", verified: true });
    await approveUntil(new Date(Date.now() - 1000));
    expect(await badgeOf()).toEqual({ agency: "Savannah Homes", verified: false });

    // A plan without the badge (Basic) shows none, and neither does a listing of no agency.
    const basicOwner = await makeUser({ role: "agent" });
    await givePlan(basicOwner.id, "basic");
    const [basicAgency] = await app.handle.db
      .insert(agencies)
      .values({ ownerId: basicOwner.id, name: "Basic Agency", handle: "basic-agency" })
      .returning({ id: agencies.id });
    const plain = await makeListing({ owner: basicOwner, status: "approved" });
    expect(await badgeOf(plain.id)).toBeNull();
    await app.handle.db
      .update(listings)
      .set({ agencyId: basicAgency!.id })
      .where(eq(listings.id, plain.id));
    expect(await badgeOf(plain.id)).toBeNull();
  });
});
