import type { Viewer } from "../../auth/viewer.ts";
import type { AnalyticsRange, ReportLayout } from "../../lib/schemas/analytics.ts";
import { requireAllowed } from "../core/actor.server.ts";
import { mayUse, planUnlocking, requireEntitlement } from "../premium/entitlements.server.ts";
import { analyticsReport } from "./analytics-report.server.ts";

/**
 * The two analytics tiers (docs/decisions/016-plan-entitlements.md): basic, for every publisher,
 * is the last 30 days' views and leads in all; premium (a plan's analytics "premium", and the
 * administrator) adds other ranges, the figures per listing and per day and the leads by source.
 * The server decides, so a basic account is never sent the details it has not unlocked.
 */

/** The only range of the basic tier. */
export const BASIC_ANALYTICS_DAYS = 30 satisfies AnalyticsRange;

export interface BasicAnalytics {
  days: typeof BASIC_ANALYTICS_DAYS;
  from: string;
  to: string;
  totals: { views: number; leads: number };
  /** The cheapest plan on sale with premium analytics, for the upsell; null when none has. */
  unlockingPlan: string | null;
}

/** Whether the viewer gets premium analytics now (their running plan, or the administrator). */
export async function hasPremiumAnalytics(viewer: Viewer | null): Promise<boolean> {
  requireAllowed(viewer, "analytics:view");
  return mayUse(viewer, "analytics", "premium");
}

/** The basic tier's figures: views and leads of the last 30 days, nothing per listing or day. */
export async function basicAnalytics(
  viewer: Viewer | null,
  now = new Date(),
): Promise<BasicAnalytics> {
  const [report, plan] = await Promise.all([
    analyticsReport(viewer, { days: BASIC_ANALYTICS_DAYS, listingLimit: 0, now }),
    planUnlocking("analytics", "premium"),
  ]);
  return {
    days: BASIC_ANALYTICS_DAYS,
    from: report.from,
    to: report.to,
    totals: { views: report.totals.views, leads: report.totals.leads },
    unlockingPlan: plan?.name ?? null,
  };
}

/**
 * What the report download may hold for this viewer: the asked layout when premium; the basic
 * totals when the viewer asks for the basic range without a layout; otherwise a 403 naming the
 * plan that unlocks premium analytics.
 */
export async function reportLayoutFor(
  viewer: Viewer | null,
  { days, by }: { days: AnalyticsRange; by: ReportLayout | undefined },
): Promise<ReportLayout | "total"> {
  if (await hasPremiumAnalytics(viewer)) return by ?? "listing";
  if (days === BASIC_ANALYTICS_DAYS && by === undefined) return "total";
  await requireEntitlement(viewer, "analytics", "premium");
  return by ?? "listing";
}
