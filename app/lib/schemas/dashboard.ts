import { z } from "zod";

/** My Listings' page size: a page of rows stays quick to load and to scan. */
export const DASHBOARD_PAGE_SIZE = 24;

/**
 * `?page=` of My Listings (/dashboard/my-listings and GET /api/v1/my-listings). A value that does
 * not parse means the first page; one past the end is answered with the last page.
 */
export const dashboardPageQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .default(1)
    .meta({ description: `Page number; ${DASHBOARD_PAGE_SIZE} listings per page.` }),
});
