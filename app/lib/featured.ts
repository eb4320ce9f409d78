import type { ListingSummary } from "./schemas/listing-view.ts";

/** Featured listings the home page shows before "Show All". */
export const FEATURED_PREVIEW = 8;

/** What `/featured-listings` answers: the featured listings after the first few. */
export interface FeaturedRest {
  listings: ListingSummary[];
}
