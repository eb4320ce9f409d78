import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { agencies, agencyMembers, listings, user } from "../../db/schema/index.ts";
import { can, type Action } from "../../lib/permissions.ts";
import type { TeamMate } from "../../lib/schemas/teams.ts";
import type { Actor } from "../core/actor.server.ts";
import { entitlementOf, runningPerksSql } from "../premium/entitlements.server.ts";

/**
 * What other domains ask of teams, for the permission table's `team` rules: whose running
 * agency a record belongs to, and under which agency a publisher publishes now. "Running" is
 * the owner's plan granting `team` at that moment: when it ends, every answer here says "no
 * agency" (the team is paused) and nothing is deleted; a renewal resumes it.
 */

type Reader = Database | DbTransaction;

/** Whether the agency owner's plan grants team access at `now`. */
export async function teamRunning(
  ownerId: string,
  now: Date = new Date(),
  db?: Reader,
): Promise<boolean> {
  return (await entitlementOf(ownerId, "team", now, db)) !== undefined;
}

/**
 * The owner of the agency a record was published under, only while that agency runs: the
 * permission table's `agencyOwnerId`. Undefined for no agency or a paused one.
 */
export async function runningAgencyOwner(
  agencyId: number | null,
  now: Date = new Date(),
  db?: Reader,
): Promise<string | undefined> {
  if (agencyId === null) return undefined;
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({ ownerId: agencies.ownerId })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  if (!row) return undefined;
  return (await teamRunning(row.ownerId, now, reader)) ? row.ownerId : undefined;
}

/**
 * The agency whose team the actor owns and that runs now, for lists of "the team's" records
 * (its listings, bookings, conversations, figures); null otherwise.
 */
export async function runningAgencyOwnedBy(
  userId: string,
  now: Date = new Date(),
  db?: Reader,
): Promise<number | null> {
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.ownerId, userId));
  if (!row) return null;
  return (await teamRunning(userId, now, reader)) ? row.id : null;
}

/**
 * The running agency whose records join the actor's own in a list (the inbox, the hosted
 * bookings, the lead download), when the table's team rule for `action` lets its owner act on
 * them; null for a member, a paused team and anybody else, who see only their own.
 */
export async function teamListScope(
  actor: Actor,
  action: Action,
  now: Date = new Date(),
  db?: Reader,
): Promise<number | null> {
  const agencyId = await runningAgencyOwnedBy(actor.id, now, db);
  return agencyId !== null && can(actor, action, { agencyOwnerId: actor.id }) ? agencyId : null;
}

/** The agency's active people, its owner first: whom the owner can hand a listing or lead to. */
export async function teamMates(agencyId: number, db?: Reader): Promise<TeamMate[]> {
  const reader = db ?? (await getDb());
  return reader
    .select({ id: agencyMembers.userId, name: user.name })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.status, "active")))
    .orderBy(sql`${agencyMembers.role} = 'member'`, asc(user.name));
}

/**
 * Who publishes each of the agency's listings among `listingIds` (the others are not the
 * agency's): My Listings' "Published by" and its "hand to" control.
 */
export async function teamPublishers(
  agencyId: number,
  listingIds: number[],
  db?: Reader,
): Promise<Record<number, TeamMate>> {
  if (listingIds.length === 0) return {};
  const reader = db ?? (await getDb());
  const rows = await reader
    .select({ listingId: listings.id, id: user.id, name: user.name })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(eq(listings.agencyId, agencyId), inArray(listings.id, listingIds)));
  return Object.fromEntries(rows.map(({ listingId, ...mate }) => [listingId, mate]));
}

/** For My Listings of a running agency's owner: who publishes each listing, and the team. */
export async function teamOfListings(
  agencyId: number | null,
  listingIds: number[],
): Promise<{ publishers: Record<number, TeamMate>; mates: TeamMate[] }> {
  if (agencyId === null) return { publishers: {}, mates: [] };
  const [publishers, mates] = await Promise.all([
    teamPublishers(agencyId, listingIds),
    teamMates(agencyId),
  ]);
  return { publishers, mates };
}

/**
 * The agency a new listing of the publisher goes under: their active membership's (as owner or
 * member), while its team runs; null when they publish on their own.
 */
export async function publishingAgencyOf(
  userId: string,
  now: Date = new Date(),
  db?: Reader,
): Promise<number | null> {
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({ agencyId: agencies.id, ownerId: agencies.ownerId })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(and(eq(agencyMembers.userId, userId), eq(agencyMembers.status, "active")));
  if (!row) return null;
  return (await teamRunning(row.ownerId, now, reader)) ? row.agencyId : null;
}

/**
 * The agency the publisher is an active member (or the owner) of, while its team runs: the
 * "Member of …" link of their page and their listings' contact cards; null otherwise.
 */
export async function runningAgencyOf(
  userId: string,
  now: Date = new Date(),
): Promise<{ name: string; handle: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ name: agencies.name, handle: agencies.handle, ownerId: agencies.ownerId })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(and(eq(agencyMembers.userId, userId), eq(agencyMembers.status, "active")));
  if (!row || !(await teamRunning(row.ownerId, now, db))) return null;
  return { name: row.name, handle: row.handle };
}

/** An agency's name and handle while its team runs (a listing's agency on its contact card). */
export async function runningAgency(
  agencyId: number | null,
  now: Date = new Date(),
): Promise<{ name: string; handle: string } | null> {
  if (agencyId === null) return null;
  const db = await getDb();
  const [row] = await db
    .select({ name: agencies.name, handle: agencies.handle, ownerId: agencies.ownerId })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  if (!row || !(await teamRunning(row.ownerId, now, db))) return null;
  return { name: row.name, handle: row.handle };
}

/** The agency the account owns (running or paused), for the Public Page tab's note; or null. */
export async function ownedAgencyLink(
  userId: string,
): Promise<{ name: string; handle: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ name: agencies.name, handle: agencies.handle })
    .from(agencies)
    .where(eq(agencies.ownerId, userId));
  return row ?? null;
}

/**
 * A listing's agency badge, as a column of a query over `listings`: the agency's name and whether
 * its business is verified (its owner's business approval still holds: an expired one reads as
 * pending again), when the listing is under an agency whose owner's running plan grants
 * `agencyBadge`; null otherwise. One subquery, so a page of cards costs no query per card.
 */
export const agencyBadgeColumn = sql<{ agency: string; verified: boolean } | null>`(
  select json_build_object('agency', a.name, 'verified', coalesce(o.business_verified_until > now(), false))
  from ${agencies} a
  join ${user} o on o.id = a.owner_id
  where a.id = ${listings.agencyId}
    and coalesce(${runningPerksSql(sql`a.owner_id`)} ? 'agencyBadge', false)
)`;
