/**
 * The periods the analytics cover, in days (today included). Kept apart from the zod schemas so
 * the page can list them without loading zod in the browser.
 */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;
