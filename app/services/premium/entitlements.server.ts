import { and, desc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { planSubscriptions, premiumPlans } from "../../db/schema/index.ts";
import { createTranslator, type MessageKey } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  cheapestUnlocking,
  FREE_ENTITLEMENTS,
  grants,
  planEntitlements,
  type EntitlementName,
  type Entitlements,
  type PerkName,
  type Perks,
} from "../../lib/entitlements.ts";
import { can } from "../../lib/permissions.ts";
import type { Actor } from "../core/actor.server.ts";
import { listPremiumPlans } from "./plans.server.ts";

/**
 * "May this account use X now?": the entitlements of the plan running at that moment, or the
 * free tier's (FREE_ENTITLEMENTS, the one place they are defined). Every gated feature asks here,
 * so a plan's end stops what it unlocked without touching the data behind it.
 */

type Reader = Database | DbTransaction;

export interface RunningPlan {
  subscriptionId: number;
  plan: {
    id: string;
    name: string;
    listingLimit: number | null;
    featuredAds: number;
    entitlements: Perks;
  };
  startsAt: Date;
  endsAt: Date;
}

/** The subscription running at `now`, with its plan; null when the account is on the free tier. */
export async function currentPlan(
  userId: string,
  now: Date = new Date(),
  db?: Reader,
): Promise<RunningPlan | null> {
  const reader = db ?? (await getDb());
  const [row] = await reader
    .select({
      subscriptionId: planSubscriptions.id,
      startsAt: planSubscriptions.startsAt,
      endsAt: planSubscriptions.endsAt,
      id: premiumPlans.id,
      name: premiumPlans.name,
      listingLimit: premiumPlans.listingLimit,
      featuredAds: premiumPlans.featuredAds,
      entitlements: premiumPlans.entitlements,
    })
    .from(planSubscriptions)
    .innerJoin(premiumPlans, eq(premiumPlans.id, planSubscriptions.planId))
    .where(
      and(
        eq(planSubscriptions.userId, userId),
        lte(planSubscriptions.startsAt, now),
        gt(planSubscriptions.endsAt, now),
      ),
    )
    .orderBy(desc(planSubscriptions.startsAt))
    .limit(1);
  if (!row) return null;
  const { subscriptionId, startsAt, endsAt, ...plan } = row;
  return { subscriptionId, startsAt, endsAt, plan };
}

/**
 * `currentPlan`'s rule as a subquery, for lists that ask it of every row (a page of cards, the
 * support inbox) in one query: the entitlements (jsonb) of the plan running now for the account
 * the SQL names, null on the free tier.
 */
export function runningPerksSql(userId: SQL): SQL<Perks | null> {
  return sql<Perks | null>`(
    select pp.entitlements
    from ${planSubscriptions} ps join ${premiumPlans} pp on pp.id = ps.plan_id
    where ps.user_id = ${userId} and ps.starts_at <= now() and ps.ends_at > now()
    order by ps.starts_at desc
    limit 1
  )`;
}

/** The whole set a running plan (or none: the free tier) grants. */
export function entitlementsOfPlan(running: RunningPlan | null): Entitlements {
  return running ? planEntitlements(running.plan) : FREE_ENTITLEMENTS;
}

/** One entitlement of the account at `now`: its parameter, or undefined when not granted. */
export async function entitlementOf<N extends EntitlementName>(
  accountId: string,
  name: N,
  now: Date = new Date(),
  db?: Reader,
): Promise<Entitlements[N]> {
  return entitlementsOfPlan(await currentPlan(accountId, now, db))[name];
}

/** The levels a perk is asked at (premium analytics covers basic); other perks have none. */
export type LevelOf<N extends PerkName> = N extends "analytics" | "support"
  ? NonNullable<Perks[N]>
  : never;

/** Asks whether a perk (at a level) is usable, from one reading of the actor's plan. */
export type PerkCheck = <N extends PerkName>(name: N, level?: LevelOf<N>) => boolean;

/**
 * What the actor may use now, read once, for a page that asks about several perks: the team
 * running the site always may (the permission table's premium:every-entitlement), a visitor
 * never, anybody else as their plan grants.
 */
export async function usablePerks(actor: Actor | null, now: Date = new Date()): Promise<PerkCheck> {
  if (!actor) return () => false;
  if (can(actor, "premium:every-entitlement")) return () => true;
  const set = entitlementsOfPlan(await currentPlan(actor.id, now));
  return (name, level) => grants(set, name, level);
}

/** Whether the actor may use the perk now (see usablePerks). */
export async function mayUse<N extends PerkName>(
  actor: Actor | null,
  name: N,
  level?: LevelOf<N>,
  now: Date = new Date(),
): Promise<boolean> {
  return (await usablePerks(actor, now))(name, level);
}

/** The perk as the refusal's sentence names it ("premium analytics", "team access"). */
function perkWords(name: PerkName, level: string | undefined): MessageKey {
  switch (name) {
    case "analytics":
      return level === "premium"
        ? "entitlements.locked.perks.analytics.premium"
        : "entitlements.locked.perks.analytics.basic";
    case "support":
      return level === "priority"
        ? "entitlements.locked.perks.support.priority"
        : "entitlements.locked.perks.support.basic";
    default:
      return `entitlements.locked.perks.${name}`;
  }
}

/**
 * The cheapest plan on sale that grants the perk (at `level`), for an upsell or a refusal that
 * names the way to unlock it; undefined when none does.
 */
export async function planUnlocking<N extends PerkName>(
  name: N,
  level?: LevelOf<N>,
): Promise<{ id: string; name: string } | undefined> {
  const plans = (await listPremiumPlans()).map((plan) => ({
    ...plan,
    set: planEntitlements(plan),
  }));
  const plan = cheapestUnlocking(plans, name, level);
  return plan && { id: plan.id, name: plan.name };
}

/**
 * Refuses (403) a perk the actor's plan does not grant, naming it and the cheapest plan on sale
 * that unlocks it.
 */
export async function requireEntitlement<N extends PerkName>(
  actor: Actor | null,
  name: N,
  level?: LevelOf<N>,
  now: Date = new Date(),
): Promise<void> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "api.errors.unauthenticated");
  if (await mayUse(actor, name, level, now)) return;
  const unlocking = await planUnlocking(name, level);
  const perk = createTranslator()(perkWords(name, level));
  throw unlocking
    ? new AppError("FORBIDDEN", "entitlements.locked.plan", undefined, {
        perk,
        plan: unlocking.name,
      })
    : new AppError("FORBIDDEN", "entitlements.locked.none", undefined, { perk });
}
