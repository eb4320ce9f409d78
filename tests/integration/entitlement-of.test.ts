import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../app/lib/app-error.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import {
  entitlementOf,
  mayUse,
  requireEntitlement,
} from "../../app/services/premium/entitlements.server.ts";
import { FREE_LIMITS, limitsOf } from "../../app/services/premium/plan-limits.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeUser, type MadeUser } from "../support/factories.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const YEAR_MS = 365 * 86_400_000;

/** The refusal requireEntitlement throws, as the page or the API words it. */
async function refusal(promise: Promise<void>): Promise<{ status: string; text: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, message, params } = error as AppError;
  return { status: code, text: t(message, params) };
}

describe(`what an account may use, on ${testEngine}`, () => {
  let app: TestApp;
  let free: MadeUser;
  let ultimate: MadeUser;
  let ended: MadeUser;
  let admin: MadeUser;
  let ultimateEndsAt: Date;

  beforeAll(async () => {
    app = await startTestApp();
    [free, ultimate, ended, admin] = await Promise.all([
      makeUser({ role: "agent" }),
      makeUser({ role: "agent" }),
      makeUser({ role: "professional" }),
      makeUser({ role: "admin" }),
    ]);
    ({ endsAt: ultimateEndsAt } = await givePlan(ultimate.id, "ultimate"));
    // A five-month Standard plan bought two years ago, long over.
    await givePlan(ended.id, "standard", { startsAt: new Date(Date.now() - 2 * YEAR_MS) });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("gives an account without a plan the free tier's entitlements only", async () => {
    expect(await entitlementOf(free.id, "listings")).toBe(FREE_LIMITS.listings);
    expect(await entitlementOf(free.id, "featuredAds")).toBe(0);
    expect(await entitlementOf(free.id, "analytics")).toBeUndefined();
    expect(await mayUse(free.viewer, "watermarkRemoval")).toBe(false);
  });

  it("gives a running plan's entitlements with their parameters", async () => {
    expect(await entitlementOf(ultimate.id, "listings")).toBe("unlimited");
    expect(await entitlementOf(ultimate.id, "team")).toEqual({ seats: 5 });
    expect(await entitlementOf(ultimate.id, "socialBoost")).toEqual({ perPeriod: 3 });
    expect(await mayUse(ultimate.viewer, "analytics", "premium")).toBe(true);
    expect(await mayUse(ultimate.viewer, "customBranding")).toBe(true);
    // Ultimate sells no priority chat (the spec's cards): not granted.
    expect(await mayUse(ultimate.viewer, "support", "priority")).toBe(false);
  });

  it("stops what a plan unlocked the moment it ends", async () => {
    const after = new Date(ultimateEndsAt.getTime() + 1000);
    expect(await entitlementOf(ultimate.id, "team", after)).toBeUndefined();
    expect(await mayUse(ultimate.viewer, "customBranding", undefined, after)).toBe(false);
    expect(await entitlementOf(ended.id, "watermarkRemoval")).toBeUndefined();
    expect(await entitlementOf(ended.id, "listings")).toBe(FREE_LIMITS.listings);
  });

  it("never holds the team running the site, and refuses a visitor", async () => {
    expect(await mayUse(admin.viewer, "team")).toBe(true);
    expect(await mayUse(null, "analytics")).toBe(false);
    expect((await refusal(requireEntitlement(null, "team"))).status).toBe("UNAUTHENTICATED");
  });

  it("refuses with a 403 naming the cheapest plan that unlocks the perk", async () => {
    expect(await refusal(requireEntitlement(free.viewer, "team"))).toEqual({
      status: "FORBIDDEN",
      text: "Your plan does not include team access. The Ultimate plan unlocks it.",
    });
    expect(await refusal(requireEntitlement(free.viewer, "analytics"))).toEqual({
      status: "FORBIDDEN",
      text: "Your plan does not include basic analytics. The Basic plan unlocks it.",
    });
    expect(await refusal(requireEntitlement(ended.viewer, "analytics", "premium"))).toEqual({
      status: "FORBIDDEN",
      text: "Your plan does not include premium analytics. The Premium plan unlocks it.",
    });
    await expect(requireEntitlement(ultimate.viewer, "propertyWebsite")).resolves.toBeUndefined();
  });

  it("keeps the listing and featured-ad limits as the entitlements say", () => {
    expect(limitsOf(null)).toEqual({ listings: 3, featuredAds: 0 });
  });
});
