import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  agencies,
  agencyInvitations,
  agencyMembers,
  conversations,
  listings,
  user,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { logger } from "../../lib/logger.server.ts";
import {
  acceptInputSchema,
  agencyInputSchema,
  assignInputSchema,
  invitationInputSchema,
  type TeamView,
} from "../../lib/schemas/teams.ts";
import { INVITATION_DAYS } from "../../lib/team-values.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { entitlementOf, requireEntitlement } from "../premium/entitlements.server.ts";
import { refusalText } from "../session/action-answer.server.ts";
import { sendInvitationEmail } from "./team-mail.server.ts";
import { teamRunning } from "./team-rights.server.ts";

/**
 * Agencies (issue 27, point 3): an agent whose plan grants `team` starts one, invites members by
 * e-mail up to the plan's seats, removes them; a member accepts (signed in with the invited
 * address), leaves. The owner is not counted in the seats: the plan card sells "Team access for
 * N members", the people who join. Open invitations take a seat until they are accepted,
 * revoked or expire, so an owner cannot invite more people than the plan lets join. Nothing here
 * is deleted: a removed or left membership keeps its row, and listings keep their agency.
 */

const FALLBACK = "teams.errors.unreadable";

type Executor = Database | DbTransaction;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

interface OwnedAgency {
  id: number;
  name: string;
  handle: string;
  ownerId: string;
  ownerName: string;
  businessVerifiedAt: Date | null;
}

async function agencyWhere(db: Executor, where: SQL): Promise<OwnedAgency | null> {
  const [row] = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      handle: agencies.handle,
      ownerId: agencies.ownerId,
      ownerName: user.name,
      businessVerifiedAt: agencies.businessVerifiedAt,
    })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(where);
  return row ?? null;
}

/**
 * The actor's own agency, for the owner's writes: someone who owns none is told there is none
 * (a member is not the owner of theirs, so they too reach no agency here).
 */
async function requireOwnedAgency(db: Executor, actor: Actor): Promise<OwnedAgency> {
  const agency = await agencyWhere(db, eq(agencies.ownerId, actor.id));
  if (!agency) throw new AppError("NOT_FOUND", "teams.errors.noAgency");
  requireAllowed(actor, "team:manage", { ownerId: agency.ownerId });
  return agency;
}

/** The actor's active membership, with its agency; null when in none. */
async function membershipOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.userId, userId), eq(agencyMembers.status, "active")));
  return row ?? null;
}

/** Active members besides the owner, and invitations still open and unexpired. */
async function seatsUsed(db: Executor, agencyId: number, now: Date): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(agencyMembers)
    .where(
      and(
        eq(agencyMembers.agencyId, agencyId),
        eq(agencyMembers.status, "active"),
        eq(agencyMembers.role, "member"),
      ),
    );
  const [open] = await db
    .select({ n: count() })
    .from(agencyInvitations)
    .where(openInvitations(agencyId, now));
  return (members?.n ?? 0) + (open?.n ?? 0);
}

function openInvitations(agencyId: number, now: Date) {
  return and(
    eq(agencyInvitations.agencyId, agencyId),
    isNull(agencyInvitations.acceptedAt),
    isNull(agencyInvitations.revokedAt),
    gt(agencyInvitations.expiresAt, now),
  );
}

function agencyView(agency: OwnedAgency) {
  return {
    id: agency.id,
    name: agency.name,
    handle: agency.handle,
    ownerName: agency.ownerName,
    businessVerifiedAt: agency.businessVerifiedAt?.toISOString() ?? null,
  };
}

/** Why the actor cannot use team access now (the plan's refusal in words), or null. */
async function lockedText(actor: Actor, now: Date): Promise<string | null> {
  try {
    await requireEntitlement(actor, "team", undefined, now);
    return null;
  } catch (thrown) {
    if (thrown instanceof AppError && thrown.code === "FORBIDDEN") return refusalText(thrown);
    throw thrown;
  }
}

/**
 * The Team tab: for the owner the agency, its seats, members and open invitations; for a member
 * their agency; for anybody else nothing yet, with the plan's refusal when it has no team access.
 */
export async function teamView(actor: Actor | null, now: Date = new Date()): Promise<TeamView> {
  requireAllowed(actor, "team:view");
  const db = await getDb();
  const membership = await membershipOf(db, actor.id);
  const empty = { members: [], invitations: [], seats: null, seatsUsed: 0 };
  if (!membership) {
    return {
      role: null,
      agency: null,
      running: false,
      ...empty,
      locked: await lockedText(actor, now),
    };
  }
  const agency = (await agencyWhere(db, eq(agencies.id, membership.agencyId)))!;
  const running = await teamRunning(agency.ownerId, now, db);
  if (membership.role === "member") {
    return { role: "member", agency: agencyView(agency), running, ...empty, locked: null };
  }
  const members = await db
    .select({
      userId: agencyMembers.userId,
      name: user.name,
      email: user.email,
      role: agencyMembers.role,
      joinedAt: agencyMembers.joinedAt,
      listings: sql<number>`(select count(*)::int from ${listings} where ${listings.agencyId} = ${agency.id} and ${listings.userId} = ${agencyMembers.userId})`,
    })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .where(and(eq(agencyMembers.agencyId, agency.id), eq(agencyMembers.status, "active")))
    .orderBy(sql`${agencyMembers.role} = 'member'`, agencyMembers.joinedAt);
  const invitations = await db
    .select({
      id: agencyInvitations.id,
      email: agencyInvitations.email,
      expiresAt: agencyInvitations.expiresAt,
    })
    .from(agencyInvitations)
    .where(
      and(
        eq(agencyInvitations.agencyId, agency.id),
        isNull(agencyInvitations.acceptedAt),
        isNull(agencyInvitations.revokedAt),
      ),
    )
    .orderBy(agencyInvitations.createdAt);
  const seats = (await entitlementOf(agency.ownerId, "team", now, db))?.seats ?? null;
  return {
    role: "owner",
    agency: agencyView(agency),
    running,
    seats,
    seatsUsed: await seatsUsed(db, agency.id, now),
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      expiresAt: i.expiresAt.toISOString(),
      expired: i.expiresAt <= now,
    })),
    locked: running ? null : await lockedText(actor, now),
  };
}

/** Starts the actor's agency, the actor its owner: needs the plan's team access. */
export async function createAgency(actor: Actor | null, input: unknown) {
  requireAllowed(actor, "team:create");
  await requireUnderWriteLimit("teamChange", actor);
  await requireEntitlement(actor, "team");
  const parsed = parsedOrRefused(agencyInputSchema.safeParse(input), FALLBACK);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      if (await membershipOf(tx, actor.id)) {
        throw new AppError("CONFLICT", "teams.errors.alreadyInTeam");
      }
      const [agency] = await tx
        .insert(agencies)
        .values({ ownerId: actor.id, name: parsed.name, handle: parsed.handle })
        .returning({ id: agencies.id });
      await tx
        .insert(agencyMembers)
        .values({ agencyId: agency!.id, userId: actor.id, role: "owner" });
      return agencyView((await agencyWhere(tx, eq(agencies.id, agency!.id)))!);
    });
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "agencies_handle_unique") {
      throw new AppError("VALIDATION_FAILED", "teams.errors.handleTaken", {
        handle: "teams.errors.handleTaken",
      });
    }
    if (
      constraint === "agencies_owner_id_unique" ||
      constraint === "agency_members_active_unique"
    ) {
      throw new AppError("CONFLICT", "teams.errors.alreadyInTeam");
    }
    throw error;
  }
}

/**
 * Invites an address to the owner's agency, up to the plan's seats, and e-mails the link. A
 * second invitation to the same address replaces the open one (a fresh link and expiry). The
 * token is only in the e-mail: the table keeps its hash.
 */
export async function inviteMember(actor: Actor | null, input: unknown, now: Date = new Date()) {
  requireAllowed(actor, "team:manage", { ownerId: actor?.id });
  await requireUnderWriteLimit("teamInvite", actor);
  const db = await getDb();
  const agency = await requireOwnedAgency(db, actor);
  await requireEntitlement(actor, "team", undefined, now);
  const { email } = parsedOrRefused(invitationInputSchema.safeParse(input), FALLBACK);
  const seats = (await entitlementOf(agency.ownerId, "team", now, db))?.seats ?? 0;
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const id = await db.transaction(async (tx) => {
    // One owner's invitations are counted one at a time, so two at once cannot pass the seats.
    await tx
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.id, agency.id))
      .for("update");
    const [member] = await tx
      .select({ id: agencyMembers.id })
      .from(agencyMembers)
      .innerJoin(user, eq(user.id, agencyMembers.userId))
      .where(
        and(
          eq(agencyMembers.agencyId, agency.id),
          eq(agencyMembers.status, "active"),
          eq(user.email, email),
        ),
      );
    if (member) throw new AppError("CONFLICT", "teams.errors.alreadyMember");
    const [open] = await tx
      .select({ id: agencyInvitations.id, expiresAt: agencyInvitations.expiresAt })
      .from(agencyInvitations)
      .where(
        and(
          eq(agencyInvitations.agencyId, agency.id),
          eq(agencyInvitations.email, email),
          isNull(agencyInvitations.acceptedAt),
          isNull(agencyInvitations.revokedAt),
        ),
      );
    const holdsSeat = open !== undefined && open.expiresAt > now;
    if (!holdsSeat && (await seatsUsed(tx, agency.id, now)) >= seats) {
      throw new AppError("CONFLICT", "teams.errors.seatsFull", undefined, { seats });
    }
    const values = { tokenHash: hashToken(token), expiresAt, invitedBy: actor.id };
    if (open) {
      await tx.update(agencyInvitations).set(values).where(eq(agencyInvitations.id, open.id));
      return open.id;
    }
    const [made] = await tx
      .insert(agencyInvitations)
      .values({ agencyId: agency.id, email, ...values })
      .returning({ id: agencyInvitations.id });
    return made!.id;
  });
  try {
    await sendInvitationEmail({
      to: email,
      agencyName: agency.name,
      ownerName: agency.ownerName,
      token,
      expiresAt,
    });
  } catch (error) {
    // An invitation nobody received would hold a seat for a week: it is withdrawn, and the owner
    // told that it was not sent.
    await db
      .update(agencyInvitations)
      .set({ revokedAt: new Date() })
      .where(eq(agencyInvitations.id, id));
    logger.error({ err: error }, `Team invitation ${id} was not e-mailed and is withdrawn:`);
    throw new AppError("SERVICE_UNAVAILABLE", "teams.errors.mailFailed");
  }
  return { id, email, expiresAt: expiresAt.toISOString(), expired: false };
}

/** Withdraws an open invitation of the owner's agency: its link stops working. */
export async function revokeInvitation(actor: Actor | null, invitationId: unknown) {
  requireAllowed(actor, "team:manage", { ownerId: actor?.id });
  await requireUnderWriteLimit("teamChange", actor);
  const id = requireId(invitationId, "invitation");
  const db = await getDb();
  const agency = await requireOwnedAgency(db, actor);
  const revoked = await db
    .update(agencyInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(agencyInvitations.id, id),
        eq(agencyInvitations.agencyId, agency.id),
        isNull(agencyInvitations.acceptedAt),
        isNull(agencyInvitations.revokedAt),
      ),
    )
    .returning({ id: agencyInvitations.id });
  if (revoked.length === 0) throw notFound("invitation");
}

/**
 * Removes a member from the owner's agency. Their listings stay with the agency: the owner
 * still manages them and may hand them to another member.
 */
export async function removeMember(actor: Actor | null, memberId: unknown) {
  requireAllowed(actor, "team:manage", { ownerId: actor?.id });
  await requireUnderWriteLimit("teamChange", actor);
  const { memberId: userId } = parsedOrRefused(assignInputSchema.safeParse({ memberId }), FALLBACK);
  const db = await getDb();
  const agency = await requireOwnedAgency(db, actor);
  const removed = await db
    .update(agencyMembers)
    .set({ status: "removed", endedAt: new Date() })
    .where(
      and(
        eq(agencyMembers.agencyId, agency.id),
        eq(agencyMembers.userId, userId),
        eq(agencyMembers.role, "member"),
        eq(agencyMembers.status, "active"),
      ),
    )
    .returning({ id: agencyMembers.id });
  if (removed.length === 0) throw new AppError("NOT_FOUND", "teams.errors.memberNotFound");
}

/** A member leaves their agency (the owner cannot: the agency is theirs). */
export async function leaveTeam(actor: Actor | null) {
  requireAllowed(actor, "team:leave");
  await requireUnderWriteLimit("teamChange", actor);
  const db = await getDb();
  const membership = await membershipOf(db, actor.id);
  if (!membership) throw new AppError("CONFLICT", "teams.errors.notInTeam");
  if (membership.role === "owner") throw new AppError("CONFLICT", "teams.errors.ownerCannotLeave");
  await db
    .update(agencyMembers)
    .set({ status: "left", endedAt: new Date() })
    .where(and(eq(agencyMembers.userId, actor.id), eq(agencyMembers.status, "active")));
}

/** The agency an invitation's token names, for the Team tab's "you are invited" card. */
export async function invitationFor(
  actor: Actor | null,
  token: string,
  now: Date = new Date(),
): Promise<{ agencyName: string; email: string; forYou: boolean; expired: boolean } | null> {
  requireAllowed(actor, "team:view");
  const parsed = acceptInputSchema.safeParse({ token });
  if (!parsed.success) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      agencyName: agencies.name,
      email: agencyInvitations.email,
      expiresAt: agencyInvitations.expiresAt,
    })
    .from(agencyInvitations)
    .innerJoin(agencies, eq(agencies.id, agencyInvitations.agencyId))
    .where(
      and(
        eq(agencyInvitations.tokenHash, hashToken(parsed.data.token)),
        isNull(agencyInvitations.acceptedAt),
        isNull(agencyInvitations.revokedAt),
      ),
    );
  if (!row) return null;
  const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, actor.id));
  return {
    agencyName: row.agencyName,
    email: row.email,
    forYou: me?.email === row.email,
    expired: row.expiresAt <= now,
  };
}

/**
 * Joins the agency of an invitation sent to the actor's own address: signed in with it (a new
 * person signs up with it first), in no other agency, while the team runs and has a seat.
 */
export async function acceptInvitation(
  actor: Actor | null,
  input: unknown,
  now: Date = new Date(),
) {
  requireAllowed(actor, "team:join");
  await requireUnderWriteLimit("teamChange", actor);
  const { token } = parsedOrRefused(acceptInputSchema.safeParse(input), FALLBACK);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(agencyInvitations)
        .where(
          and(
            eq(agencyInvitations.tokenHash, hashToken(token)),
            isNull(agencyInvitations.acceptedAt),
            isNull(agencyInvitations.revokedAt),
          ),
        )
        .for("update");
      if (!invitation) throw notFound("invitation");
      if (invitation.expiresAt <= now) throw new AppError("CONFLICT", "teams.errors.expired");
      const [me] = await tx.select({ email: user.email }).from(user).where(eq(user.id, actor.id));
      if (me?.email !== invitation.email) {
        throw new AppError("FORBIDDEN", "teams.errors.otherAddress");
      }
      if (await membershipOf(tx, actor.id)) {
        throw new AppError("CONFLICT", "teams.errors.alreadyInTeam");
      }
      const agency = (await agencyWhere(tx, eq(agencies.id, invitation.agencyId)))!;
      if (!(await teamRunning(agency.ownerId, now, tx))) {
        throw new AppError("CONFLICT", "teams.errors.paused");
      }
      await tx
        .insert(agencyMembers)
        .values({ agencyId: agency.id, userId: actor.id, role: "member" });
      await tx
        .update(agencyInvitations)
        .set({ acceptedAt: now })
        .where(eq(agencyInvitations.id, invitation.id));
      return { agency: agencyView(agency) };
    });
  } catch (error) {
    if (constraintOf(error) === "agency_members_active_unique") {
      throw new AppError("CONFLICT", "teams.errors.alreadyInTeam");
    }
    throw error;
  }
}

/** A member of the owner's agency (or the owner), by account id; refused for anybody else. */
async function requireTeamMate(db: Executor, agencyId: number, memberId: unknown) {
  const { memberId: userId } = parsedOrRefused(assignInputSchema.safeParse({ memberId }), FALLBACK);
  const [row] = await db
    .select({ userId: agencyMembers.userId })
    .from(agencyMembers)
    .where(
      and(
        eq(agencyMembers.agencyId, agencyId),
        eq(agencyMembers.userId, userId),
        eq(agencyMembers.status, "active"),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND", "teams.errors.memberNotFound");
  return row.userId;
}

/**
 * Hands a listing of the agency to one of its members (or back to the owner): a removed
 * member's listings go on this way. It stays the agency's.
 */
export async function reassignListing(actor: Actor | null, listingId: unknown, input: unknown) {
  requireAllowed(actor, "team:manage", { ownerId: actor?.id });
  await requireUnderWriteLimit("teamChange", actor);
  const id = requireId(listingId, "listing");
  const db = await getDb();
  const agency = await requireOwnedAgency(db, actor);
  if (!(await teamRunning(agency.ownerId, new Date(), db))) {
    throw new AppError("CONFLICT", "teams.errors.paused");
  }
  const memberId = await requireTeamMate(db, agency.id, fieldOf(input, "memberId"));
  const moved = await db
    .update(listings)
    .set({ userId: memberId, updatedAt: new Date() })
    .where(and(eq(listings.id, id), eq(listings.agencyId, agency.id)))
    .returning({ id: listings.id });
  if (moved.length === 0) throw notFound("listing");
  return { listingId: id, memberId };
}

/**
 * Assigns a lead (an enquiry about one of the agency's listings) to a member: they become the
 * conversation's answering side and see it in their inbox. A booking's conversation stays with
 * the booking's host, who holds the booking.
 */
export async function assignLead(actor: Actor | null, conversationId: unknown, input: unknown) {
  requireAllowed(actor, "team:manage", { ownerId: actor?.id });
  await requireUnderWriteLimit("teamChange", actor);
  const id = requireId(conversationId, "conversation");
  const db = await getDb();
  const agency = await requireOwnedAgency(db, actor);
  if (!(await teamRunning(agency.ownerId, new Date(), db))) {
    throw new AppError("CONFLICT", "teams.errors.paused");
  }
  const memberId = await requireTeamMate(db, agency.id, fieldOf(input, "memberId"));
  const [row] = await db
    .select({ bookingId: conversations.bookingId, guestId: conversations.guestId })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .where(and(eq(conversations.id, id), eq(listings.agencyId, agency.id)));
  if (!row) throw notFound("conversation");
  if (row.bookingId !== null) throw new AppError("CONFLICT", "teams.errors.bookingLead");
  if (row.guestId === memberId) throw new AppError("CONFLICT", "teams.errors.ownLead");
  await db.update(conversations).set({ hostId: memberId }).where(eq(conversations.id, id));
  return { conversationId: id, memberId };
}

/** A body's field, whatever JSON or form was sent (the schema says what is wrong with it). */
function fieldOf(body: unknown, name: string): unknown {
  return body !== null && typeof body === "object"
    ? (body as Record<string, unknown>)[name]
    : undefined;
}
