/**
 * The sizes and filters of reports, apart from their zod schemas (schemas/safety.ts), so the
 * Report dialog and the queue's forms ship without zod.
 */

import type { MessageScope } from "../i18n/translator.ts";

export const MAX_REPORT_DETAILS = 2000;
export const MAX_RESOLUTION_NOTE = 2000;
export const REPORTS_PAGE_SIZE = 20;
/** Messages of a reported conversation shown with the report, newest last. */
export const REPORT_CONTEXT_MESSAGES = 3;

export const REPORT_FILTERS = ["open", "resolved", "dismissed", "all"] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** How a report is closed: resolved (acted on) or dismissed (nothing wrong). */
export const REPORT_RESOLUTIONS = ["resolved", "dismissed"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/**
 * How much one person's open report about a listing weighs against the administrator's hiding
 * threshold (Platform Settings). An account younger than NEW_ACCOUNT_DAYS, or whose identity is
 * not verified now, counts half: a handful of fresh accounts made to take a rival's listing down
 * weighs what half as many established, verified people do. Issue 28, point 4.
 */
export const REPORT_WEIGHTS = { established: 1, newOrUnverified: 0.5 } as const;
/** The hiding threshold's default and bounds (the settings form and the database's CHECK). */
export const DEFAULT_REPORT_HIDE_THRESHOLD = 3;
export const MIN_REPORT_HIDE_THRESHOLD = 1;
export const MAX_REPORT_HIDE_THRESHOLD = 50;

/** The texts the Report and Block controls show: a page that has them picks these. */
export const SAFETY_MESSAGES: MessageScope[] = ["safety.report", "safety.reasons", "safety.block"];
