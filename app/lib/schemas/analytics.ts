import { z } from "zod";
import type { LeadKind } from "../admin-values.ts";
import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  type AnalyticsRange,
} from "../analytics-values.ts";

export { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange };

/**
 * The analytics' contracts: the lead a visitor's browser reports, the ranges the figures cover
 * and the report they make (the page, the CSV and the tests read the same shape).
 */

/**
 * What a visitor's browser may report: a contact click or a share. A favourite is recorded by
 * the favourites service when a signed-in person saves a listing, never on anyone's word.
 */
export const REPORTED_LEAD_KINDS = [
  "call",
  "whatsapp",
  "email",
  "share",
] as const satisfies readonly LeadKind[];

export const leadReportSchema = z.object({
  kind: z.enum(REPORTED_LEAD_KINDS, { error: "dashboard.analytics.invalidKind" }),
});

export const leadReceiptSchema = z.object({
  /** False when it was not counted: the same visitor, listing and kind already counted today. */
  counted: z.boolean(),
});

/** A listing's contact, revealed on a click (which is the lead). */
export const revealedContactSchema = z.object({
  method: z.enum(["phone", "whatsapp", "email"]),
  /** tel:, a wa.me chat or mailto:, built on the server from the listing. */
  href: z.string(),
  /** The number or address as the lister wrote it. */
  display: z.string(),
  counted: z.boolean(),
});
export type RevealedContact = z.infer<typeof revealedContactSchema>;

const rangeValue = z
  .enum(ANALYTICS_RANGES.map(String) as ["7", "30", "90"])
  .transform((v) => Number(v) as AnalyticsRange);

/** The page's `?days=`: anything else shows the default range rather than an error. */
export const analyticsPageQuerySchema = z.object({
  days: rangeValue.catch(DEFAULT_ANALYTICS_RANGE),
});

export const REPORT_LAYOUTS = ["listing", "day"] as const;
export type ReportLayout = (typeof REPORT_LAYOUTS)[number];

/**
 * The CSV's query: a range and one row per listing or per day (premium analytics; by listing
 * when left out), or, for the basic tier, the 30 days' totals without `by`. A wrong value is a
 * 400.
 */
export const analyticsReportQuerySchema = z.object({
  days: rangeValue.default(DEFAULT_ANALYTICS_RANGE),
  by: z.enum(REPORT_LAYOUTS).optional(),
});

/** Leads by kind, and their sum. */
export type LeadCounts = Record<LeadKind, number> & { leads: number };

export interface AnalyticsTotals extends LeadCounts {
  views: number;
}

export interface AnalyticsDay extends AnalyticsTotals {
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface AnalyticsListingRow extends AnalyticsTotals {
  id: number;
  title: string;
}

export interface AnalyticsReport {
  days: AnalyticsRange;
  /** First and last day covered, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
  platform: boolean;
  totals: AnalyticsTotals;
  /** Every day of the range, oldest first, zeros included. */
  daily: AnalyticsDay[];
  /** Listings with activity in the range, most active first. */
  listings: AnalyticsListingRow[];
}
