import type { IconName } from "../../lib/icon-names.ts";
import type { BrowseCategory } from "../../lib/schemas/browse.ts";

/** The icon of each section, as on the home page's services grid. */
export const CATEGORY_ICONS: Record<BrowseCategory, IconName> = {
  "real-estate": "building-2",
  hospitality: "hotel",
  "student-housing": "graduation-cap",
  professionals: "briefcase",
  "travel-agencies": "plane",
  concierge: "concierge-bell",
  all: "layout-grid",
};
