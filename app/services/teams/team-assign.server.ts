import { and, eq } from "drizzle-orm";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { agencyMembers, conversations, listings } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { assignInputSchema } from "../../lib/schemas/teams.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { notFound, requireId } from "../core/ids.server.ts";
import { teamRunning } from "./team-rights.server.ts";
import { FALLBACK, requireOwnedAgency } from "./teams.server.ts";

/**
 * The owner hands the agency's work to its members: a listing (a removed member's goes on this
 * way) or a lead. Both only while the team runs, and only to an active member or the owner.
 */

/** A member of the owner's agency (or the owner), by account id; refused for anybody else. */
async function requireTeamMate(db: Database | DbTransaction, agencyId: number, memberId: unknown) {
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
