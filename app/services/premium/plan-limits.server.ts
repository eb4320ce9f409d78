import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { listings, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { FREE_ENTITLEMENTS } from "../../lib/entitlements.ts";
import type { ListingStatus } from "../../lib/listing-values.ts";
import { can } from "../../lib/permissions.ts";
import type { PlanUsage } from "../../lib/schemas/payments.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { currentPlan, entitlementsOfPlan, type RunningPlan } from "./entitlements.server.ts";

/**
 * What a premium plan allows and what an account uses of it: active listings and featured ads.
 * Counted in the caller's transaction with the owner's account row locked, so two listings sent
 * at once cannot both take the last place.
 */

/** The free tier's counted limits, as FREE_ENTITLEMENTS defines them. */
export const FREE_LIMITS = {
  listings: FREE_ENTITLEMENTS.listings,
  featuredAds: FREE_ENTITLEMENTS.featuredAds,
} as const;

/** Listings that take a place in the limit: live or waiting for review. */
export const ACTIVE_STATUSES = [
  "approved",
  "pending_approval",
] as const satisfies readonly ListingStatus[];

type Reader = Database | DbTransaction;

export interface Limits {
  /** Null: unlimited. */
  listings: number | null;
  featuredAds: number;
}

export function limitsOf(running: RunningPlan | null): Limits {
  const set = entitlementsOfPlan(running);
  return {
    listings: set.listings === "unlimited" ? null : set.listings,
    featuredAds: set.featuredAds,
  };
}

/** Holds the account's row until the transaction ends: limit checks of one person take turns. */
export async function lockAccount(tx: DbTransaction, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
}

export async function countActiveListings(db: Reader, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.userId, userId), inArray(listings.status, ACTIVE_STATUSES)));
  return Number(row?.n ?? 0);
}

/** Featured ads the owner chose (the administrator's featuring uses none of them). */
export async function countOwnerFeatured(db: Reader, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.featuredByOwner, true)));
  return Number(row?.n ?? 0);
}

/** The account's plan (null: free) and how much of its limits is used. */
export async function planUsage(userId: string, now: Date = new Date()): Promise<PlanUsage> {
  const db = await getDb();
  const [running, listingsUsed, featuredUsed] = await Promise.all([
    currentPlan(userId, now, db),
    countActiveListings(db, userId),
    countOwnerFeatured(db, userId),
  ]);
  const limits = limitsOf(running);
  return {
    plan: running && { id: running.plan.id, name: running.plan.name },
    endsAt: running?.endsAt.toISOString() ?? null,
    listingsUsed,
    listingLimit: limits.listings,
    featuredUsed,
    featuredLimit: limits.featuredAds,
  };
}

/** The account's plan and usage for pages that show it: null for whoever has no limits. */
export async function planUsageFor(actor: Actor): Promise<PlanUsage | null> {
  if (!can(actor, "premium:choose-plan") || can(actor, "listing:unlimited")) return null;
  return planUsage(actor.id);
}

/**
 * Refuses a new listing the plan has no place for, naming the limit and the way to upgrade. Call
 * inside the transaction that inserts it; the administrator is never limited.
 */
export async function requireListingRoom(tx: DbTransaction, actor: Actor): Promise<void> {
  if (can(actor, "listing:unlimited")) return;
  await lockAccount(tx, actor.id);
  const running = await currentPlan(actor.id, new Date(), tx);
  const limit = limitsOf(running).listings;
  if (limit === null || (await countActiveListings(tx, actor.id)) < limit) return;
  throw running
    ? new AppError("CONFLICT", "payments.plans.limits.listingsFullPlan", undefined, {
        count: limit,
        plan: running.plan.name,
      })
    : new AppError("CONFLICT", "payments.plans.limits.listingsFull", undefined, { count: limit });
}

/**
 * An owner features their own approved listing as one of their plan's featured ads, or stops.
 * A listing the administrator featured is theirs to change, and uses none of the owner's ads.
 */
export async function setOwnFeatured({
  actor,
  listingId,
  featured,
}: {
  actor: Actor | null;
  listingId: number | string;
  featured: boolean;
}): Promise<{ id: number; featured: boolean }> {
  requireAllowed(actor, "listing:feature-own", { ownerId: actor?.id });
  await requireUnderWriteLimit("listingEdit", actor);
  const id = requireId(listingId, "listing");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockAccount(tx, actor.id);
    const [row] = await tx
      .select({
        userId: listings.userId,
        status: listings.status,
        featured: listings.featured,
        featuredByOwner: listings.featuredByOwner,
      })
      .from(listings)
      .where(eq(listings.id, id))
      .for("update");
    if (!row) throw new AppError("LISTING_NOT_FOUND", "publish.toasts.notFoundDescription");
    if (!can(actor, "listing:feature-own", { ownerId: row.userId })) {
      throw new AppError("FORBIDDEN", "api.errors.forbidden");
    }
    if (row.featured && !row.featuredByOwner) {
      throw new AppError("CONFLICT", "payments.plans.featured.byTeam");
    }
    if (row.featured === featured) return { id, featured };
    if (featured) {
      if (row.status !== "approved") {
        throw new AppError("CONFLICT", "payments.plans.featured.notApproved");
      }
      const limit = limitsOf(await currentPlan(actor.id, new Date(), tx)).featuredAds;
      if (limit === 0) throw new AppError("CONFLICT", "payments.plans.limits.featuredNone");
      if ((await countOwnerFeatured(tx, actor.id)) >= limit) {
        throw new AppError("CONFLICT", "payments.plans.limits.featuredFull", undefined, {
          count: limit,
        });
      }
    }
    await tx
      .update(listings)
      .set({ featured, featuredByOwner: featured, updatedAt: new Date() })
      .where(eq(listings.id, id));
    return { id, featured };
  });
}

/** The ids of the owner's listings they featured themselves (My Listings' toggles). */
export async function ownerFeaturedIds(userId: string): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.featuredByOwner, true)));
  return rows.map((row) => row.id);
}

/**
 * Paused listings the plan now has room for go back to the status they were paused from, oldest
 * first. Returns how many.
 */
export async function resumePausedListings(
  tx: DbTransaction,
  userId: string,
  limit: number | null,
): Promise<number> {
  const paused = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.status, "paused")))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  if (paused.length === 0) return 0;
  const room =
    limit === null ? paused.length : Math.max(0, limit - (await countActiveListings(tx, userId)));
  const ids = paused.slice(0, room).map((row) => row.id);
  if (ids.length === 0) return 0;
  await tx
    .update(listings)
    .set({
      status: sql`coalesce(${listings.pausedFrom}, 'pending_approval')`,
      pausedFrom: null,
      updatedAt: new Date(),
    })
    .where(inArray(listings.id, ids));
  return ids.length;
}

/**
 * Back to the free limits when a plan ends: the oldest active listings stay, the newer ones over
 * the limit are paused (their status kept to come back to; nothing is deleted), and the owner's
 * featured ads over the free number stop being featured.
 */
export async function applyFreeLimits(
  tx: DbTransaction,
  userId: string,
): Promise<{ paused: number; unfeatured: number }> {
  const active = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, userId), inArray(listings.status, ACTIVE_STATUSES)))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  const over = active.slice(FREE_LIMITS.listings).map((row) => row.id);
  if (over.length > 0) {
    // Both assignments read the row as it was: paused_from takes the status before the pause.
    await tx
      .update(listings)
      .set({ pausedFrom: sql`${listings.status}`, status: "paused", updatedAt: new Date() })
      .where(inArray(listings.id, over));
  }
  const featured = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.featuredByOwner, true)))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  const unfeature = featured.slice(FREE_LIMITS.featuredAds).map((row) => row.id);
  if (unfeature.length > 0) {
    await tx
      .update(listings)
      .set({ featured: false, featuredByOwner: false, updatedAt: new Date() })
      .where(inArray(listings.id, unfeature));
  }
  return { paused: over.length, unfeatured: unfeature.length };
}
