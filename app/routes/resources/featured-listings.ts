import { FEATURED_PREVIEW, type FeaturedRest } from "../../lib/featured.ts";
import { listFeaturedListings } from "../../services/listings/listing-summaries.server.ts";

/** The featured listings after the home page's first few, fetched when "Show All" is pressed. */
export async function loader(): Promise<FeaturedRest> {
  return { listings: await listFeaturedListings({ offset: FEATURED_PREVIEW }) };
}
