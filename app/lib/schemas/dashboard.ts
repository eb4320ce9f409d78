import { z } from "zod";
import { SIGNAL_FILTERS } from "../signal-values.ts";
import { isStorableText, oneLine } from "./text.ts";

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

/** The admin's search of every listing: title, city or number, on one line. */
const managedListingsSearch = z.string().refine(isStorableText).overwrite(oneLine).trim().max(100);
const managedListingsPage = z.coerce.number().int().min(1).max(100_000);

/**
 * `?q=&page=` of GET /api/v1/admin/listings: a value it does not accept is named in a 400, so
 * the client's mistake does not pass for "no search".
 */
export const managedListingsQuerySchema = z.object({
  q: managedListingsSearch.default(""),
  filter: z
    .enum(SIGNAL_FILTERS)
    .default("all")
    .meta({ description: "`flagged`: only listings with a scam signal not yet dismissed." }),
  page: managedListingsPage.default(1),
});

/** The same for Manage Listings, which forgives: a bad value means no search, or page 1. */
export const managedListingsPageQuerySchema = z.object({
  q: managedListingsSearch.catch(""),
  filter: z.enum(SIGNAL_FILTERS).catch("all"),
  page: managedListingsPage.catch(1),
});
