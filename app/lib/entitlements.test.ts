import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/translate.ts";
import {
  cheapestUnlocking,
  FREE_ENTITLEMENTS,
  grants,
  PERK_KINDS,
  PERK_NAMES,
  planBullets,
  planEntitlements,
  type Entitlements,
} from "./entitlements.ts";
import { perksSchema } from "./schemas/perks.ts";

const t = createTranslator();
const say = (set: Entitlements, previous?: { name: string; set: Entitlements }) =>
  planBullets(set, previous).map((b) => t(`entitlements.bullets.${b.key}`, b.params));

const premium: Entitlements = {
  listings: "unlimited",
  featuredAds: 10,
  analytics: "premium",
  agencyBadge: true,
  whatsappLeads: true,
};

describe("the entitlement catalogue", () => {
  it("lists every perk of the schema once, each with the editor's kind of field", () => {
    expect([...PERK_NAMES].toSorted()).toEqual(Object.keys(perksSchema.shape).toSorted());
    expect(Object.keys(PERK_KINDS).toSorted()).toEqual([...PERK_NAMES].toSorted());
  });

  it("takes only known perks with their parameters", () => {
    expect(perksSchema.safeParse({ team: { seats: 5 }, analytics: "basic" }).success).toBe(true);
    for (const bad of [
      { teleport: true },
      { team: { seats: 0 } },
      { team: { seats: 2.5 } },
      { team: 5 },
      { socialBoost: { perPeriod: 101 } },
      { analytics: "gold" },
      { watermarkRemoval: false },
      ["Unlimited listings"],
    ]) {
      const result = perksSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("dashboard.premium.errors.entitlements");
    }
  });

  it("reads a plan row as one set, a null listing limit as unlimited", () => {
    expect(
      planEntitlements({
        listingLimit: null,
        featuredAds: 3,
        entitlements: { leadDownload: true },
      }),
    ).toEqual({ listings: "unlimited", featuredAds: 3, leadDownload: true });
    expect(planEntitlements({ listingLimit: 5, featuredAds: 2, entitlements: {} })).toEqual({
      listings: 5,
      featuredAds: 2,
    });
  });

  it("grants by presence, counts above zero and levels by rank", () => {
    expect(grants(FREE_ENTITLEMENTS, "listings")).toBe(true);
    expect(grants(FREE_ENTITLEMENTS, "featuredAds")).toBe(false);
    expect(grants(FREE_ENTITLEMENTS, "analytics")).toBe(false);
    expect(grants(premium, "analytics", "basic")).toBe(true);
    expect(grants(premium, "analytics", "premium")).toBe(true);
    expect(grants({ ...premium, analytics: "basic" }, "analytics", "premium")).toBe(false);
    expect(grants(premium, "team")).toBe(false);
  });

  it("names the cheapest plan that unlocks a perk", () => {
    const plans = [
      { name: "Ultimate", priceUsd: 75, set: { ...premium, team: { seats: 5 } } },
      { name: "Premium", priceUsd: 35, set: premium },
      { name: "Basic", priceUsd: 15, set: { listings: 5, featuredAds: 2, analytics: "basic" } },
    ] satisfies { name: string; priceUsd: number; set: Entitlements }[];
    expect(cheapestUnlocking(plans, "analytics")?.name).toBe("Basic");
    expect(cheapestUnlocking(plans, "analytics", "premium")?.name).toBe("Premium");
    expect(cheapestUnlocking(plans, "team")?.name).toBe("Ultimate");
    expect(cheapestUnlocking(plans, "customBranding")).toBeUndefined();
  });

  it("derives a card's bullets from its set, with counts in their words", () => {
    expect(say({ listings: 5, featuredAds: 2, analytics: "basic", support: "basic" })).toEqual([
      "Up to 5 listings",
      "2 featured ads",
      "Basic analytics",
      "Basic chat support",
    ]);
    expect(
      say({ listings: 1, featuredAds: 0, team: { seats: 1 }, socialBoost: { perPeriod: 3 } }),
    ).toEqual([
      "Up to 1 listing",
      "Social media boost for 3 listings per period",
      "Team access for 1 member",
    ]);
  });

  it("sums up the plan before it when this one grants all of its perks", () => {
    const elite: Entitlements = { ...premium, videoListing: true, leadDownload: true };
    expect(say(elite, { name: "Premium", set: premium })).toEqual([
      "Unlimited listings",
      "10 featured ads",
      "Everything in Premium",
      "Video listing support",
      "Lead download",
    ]);
    // A plan that lacks one of the previous plan's perks lists its own in full.
    const { agencyBadge: _dropped, ...lesser } = elite;
    expect(say(lesser, { name: "Premium", set: premium })).toContain("Premium analytics");
    expect(say(lesser, { name: "Premium", set: premium })).not.toContain("Everything in Premium");
  });
});
