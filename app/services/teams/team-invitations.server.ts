import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb } from "../../db/client.server.ts";
import { agencies, agencyInvitations, agencyMembers, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { logger } from "../../lib/logger.server.ts";
import { acceptInputSchema, invitationInputSchema } from "../../lib/schemas/teams.ts";
import { INVITATION_DAYS } from "../../lib/team-values.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { entitlementOf, requireEntitlement } from "../premium/entitlements.server.ts";
import { sendInvitationEmail } from "./team-mail.server.ts";
import { teamRunning } from "./team-rights.server.ts";
import {
  agencyView,
  agencyWhere,
  FALLBACK,
  hashToken,
  membershipOf,
  requireOwnedAgency,
  seatsUsed,
} from "./teams.server.ts";

/**
 * Invitations by e-mail: the owner invites within the plan's seats and revokes; the invited
 * person accepts signed in with that address. The token is only in the e-mail's link; the table
 * keeps its SHA-256.
 */

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
