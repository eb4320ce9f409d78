import { createHash } from "node:crypto";
import { and, count, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import {
  agencies,
  agencyInvitations,
  agencyMembers,
  listings,
  user,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { agencyInputSchema, assignInputSchema, type TeamView } from "../../lib/schemas/teams.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { entitlementOf, requireEntitlement } from "../premium/entitlements.server.ts";
import { refusalText } from "../session/action-answer.server.ts";
import { teamRunning } from "./team-rights.server.ts";

/**
 * Agencies (issue 27, point 3): an agent whose plan grants `team` starts one, invites members by
 * e-mail up to the plan's seats, removes them; a member accepts (signed in with the invited
 * address), leaves. The owner is not counted in the seats: the plan card sells "Team access for
 * N members", the people who join. Open invitations take a seat until they are accepted,
 * revoked or expire, so an owner cannot invite more people than the plan lets join. Nothing here
 * is deleted: a removed or left membership keeps its row, and listings keep their agency.
 */

export const FALLBACK = "teams.errors.unreadable";

type Executor = Database | DbTransaction;

export function hashToken(token: string): string {
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

export async function agencyWhere(db: Executor, where: SQL): Promise<OwnedAgency | null> {
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
export async function requireOwnedAgency(db: Executor, actor: Actor): Promise<OwnedAgency> {
  const agency = await agencyWhere(db, eq(agencies.ownerId, actor.id));
  if (!agency) throw new AppError("NOT_FOUND", "teams.errors.noAgency");
  requireAllowed(actor, "team:manage", { ownerId: agency.ownerId });
  return agency;
}

/** The actor's active membership, with its agency; null when in none. */
export async function membershipOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role })
    .from(agencyMembers)
    .where(and(eq(agencyMembers.userId, userId), eq(agencyMembers.status, "active")));
  return row ?? null;
}

/** Active members besides the owner, and invitations still open and unexpired. */
export async function seatsUsed(db: Executor, agencyId: number, now: Date): Promise<number> {
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

export function agencyView(agency: OwnedAgency) {
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
