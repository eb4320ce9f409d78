/**
 * What a premium plan grants, as named entitlements with their parameters (docs/decisions/
 * 016-plan-entitlements.md). The plan cards' bullets, the administrator's editor and the server's
 * "may this account use X now?" all read this one catalogue, so a plan cannot sell a perk the code
 * does not know.
 */

/** The largest team and social boost count a plan may grant (the editor's number inputs). */
export const ENTITLEMENT_LIMITS = { maxSeats: 500, maxBoosts: 100 } as const;

/**
 * The perks a plan's row stores in its `entitlements` column. Counted limits (listings, featured
 * ads) are the row's own checked columns; see `Entitlements` for the whole set. Checked by
 * perksSchema (schemas/perks.ts), kept apart so the plan cards ship without zod.
 */
export interface Perks {
  analytics?: "basic" | "premium";
  support?: "basic" | "priority";
  reviewsDashboard?: true;
  watermarkRemoval?: true;
  agencyBadge?: true;
  whatsappLeads?: true;
  videoListing?: true;
  leadDownload?: true;
  socialBoost?: { perPeriod: number };
  team?: { seats: number };
  propertyWebsite?: true;
  customBranding?: true;
}

export type PerkName = keyof Perks;

/** The perks in the order the plan cards list them. */
export const PERK_NAMES = [
  "analytics",
  "support",
  "reviewsDashboard",
  "watermarkRemoval",
  "agencyBadge",
  "whatsappLeads",
  "videoListing",
  "leadDownload",
  "socialBoost",
  "team",
  "propertyWebsite",
  "customBranding",
] as const satisfies readonly PerkName[];

/** How the editor asks for each perk: on/off, a choice of levels, or a count. */
export const PERK_KINDS = {
  analytics: { kind: "level", levels: ["basic", "premium"] },
  support: { kind: "level", levels: ["basic", "priority"] },
  reviewsDashboard: { kind: "flag" },
  watermarkRemoval: { kind: "flag" },
  agencyBadge: { kind: "flag" },
  whatsappLeads: { kind: "flag" },
  videoListing: { kind: "flag" },
  leadDownload: { kind: "flag" },
  socialBoost: { kind: "count", param: "perPeriod", max: ENTITLEMENT_LIMITS.maxBoosts },
  team: { kind: "count", param: "seats", max: ENTITLEMENT_LIMITS.maxSeats },
  propertyWebsite: { kind: "flag" },
  customBranding: { kind: "flag" },
} as const satisfies Record<PerkName, unknown>;

/** The perks that are on or off, with no parameter. */
export type FlagPerk = {
  [N in PerkName]: (typeof PERK_KINDS)[N]["kind"] extends "flag" ? N : never;
}[PerkName];

/** A plan's whole entitlement set: its counted limits and its perks. */
export type Entitlements = {
  /** "unlimited" or the most active listings. */
  listings: number | "unlimited";
  featuredAds: number;
} & Perks;

export type EntitlementName = keyof Entitlements;

export const ENTITLEMENT_NAMES = [
  "listings",
  "featuredAds",
  ...PERK_NAMES,
] as const satisfies readonly EntitlementName[];

/**
 * An account without a running plan. The spec's FAQ: "a basic listing is free, with paid premium
 * packages": a few listings cost nothing, and everything else comes with a plan.
 */
export const FREE_ENTITLEMENTS = { listings: 3, featuredAds: 0 } as const satisfies Entitlements;

/** A plan row's columns as one entitlement set (a null listing limit is unlimited). */
export function planEntitlements(plan: {
  listingLimit: number | null;
  featuredAds: number;
  entitlements: Perks;
}): Entitlements {
  return {
    ...plan.entitlements,
    listings: plan.listingLimit ?? "unlimited",
    featuredAds: plan.featuredAds,
  };
}

/**
 * Whether the set lets its holder use `name` at all: a granted perk, a non-zero count. Levels
 * compare by rank, so premium analytics covers basic.
 */
export function grants(set: Entitlements, name: EntitlementName, level?: string): boolean {
  const value = set[name];
  if (value === undefined || value === 0) return false;
  if (level === undefined || typeof value !== "string" || value === "unlimited") return true;
  const kind = PERK_KINDS[name as PerkName];
  if (kind.kind !== "level") return true;
  const levels: readonly string[] = kind.levels;
  return levels.indexOf(value) >= levels.indexOf(level);
}

/**
 * The cheapest plan whose set grants `name` (at `level`), for a refusal that names the way to
 * unlock it; undefined when no plan on sale does.
 */
export function cheapestUnlocking<P extends { priceUsd: number; name: string }>(
  plans: readonly (P & { set: Entitlements })[],
  name: EntitlementName,
  level?: string,
): P | undefined {
  return plans
    .filter((plan) => grants(plan.set, name, level))
    .toSorted((a, b) => a.priceUsd - b.priceUsd)[0];
}

/** One bullet of a plan card: a message key under payments.plans.entitlements and its values. */
export type BulletKey =
  | "listings.upTo"
  | "listings.unlimited"
  | "featuredAds"
  | "everythingIn"
  | `analytics.${NonNullable<Perks["analytics"]>}`
  | `support.${NonNullable<Perks["support"]>}`
  | Exclude<PerkName, "analytics" | "support">;

export interface EntitlementBullet {
  key: BulletKey;
  params?: Record<string, string | number>;
}

function perkBullet(name: PerkName, perks: Perks): EntitlementBullet | undefined {
  if (perks[name] === undefined) return undefined;
  switch (name) {
    case "analytics":
      return { key: `analytics.${perks.analytics!}` };
    case "support":
      return { key: `support.${perks.support!}` };
    case "socialBoost":
      return { key: name, params: { count: perks.socialBoost!.perPeriod } };
    case "team":
      return { key: name, params: { count: perks.team!.seats } };
    default:
      return { key: name };
  }
}

/** Whether the two perk values are the same grant (a count compares by its parameter). */
function samePerk(a: Perks[PerkName], b: Perks[PerkName]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The plan card's bullets, derived from its set: the counted limits, then its perks. When the
 * plan before it holds perks and this one has them all, they become one "Everything in {plan}"
 * bullet followed by what this plan adds, as the spec's cards read.
 */
export function planBullets(
  set: Entitlements,
  previous?: { name: string; set: Entitlements },
): EntitlementBullet[] {
  const bullets: EntitlementBullet[] = [
    set.listings === "unlimited"
      ? { key: "listings.unlimited" }
      : { key: "listings.upTo", params: { count: set.listings } },
  ];
  if (set.featuredAds > 0) bullets.push({ key: "featuredAds", params: { count: set.featuredAds } });
  const before = previous?.set;
  const inherited =
    before !== undefined &&
    PERK_NAMES.some((name) => before[name] !== undefined) &&
    PERK_NAMES.every((name) => before[name] === undefined || samePerk(before[name], set[name]));
  if (inherited && previous) {
    bullets.push({ key: "everythingIn", params: { plan: previous.name } });
  }
  for (const name of PERK_NAMES) {
    if (inherited && before[name] !== undefined) continue;
    const bullet = perkBullet(name, set);
    if (bullet) bullets.push(bullet);
  }
  return bullets;
}

/** The editor's field text for each perk of the plan, as `formPerks` reads it back. */
export function perkFieldValues(perks: Perks): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of PERK_NAMES) {
    const kind = PERK_KINDS[name];
    const value = perks[name];
    if (value === undefined) values[name] = "";
    else if (kind.kind === "flag") values[name] = "on";
    else if (typeof value === "string") values[name] = value;
    else if (typeof value === "object") values[name] = String(Object.values(value)[0]);
  }
  return values;
}
