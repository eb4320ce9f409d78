import { z } from "zod";

/** The home page's search card: which tab maps to which category page, and the query it sends. */
export const SEARCH_TABS = {
  properties: "/real-estate",
  professionals: "/professionals",
  "student-housing": "/student-housing",
  services: "/concierge",
} as const;
export type SearchTab = keyof typeof SEARCH_TABS;

export const HOME_PROPERTY_TYPES = ["apartment", "villa", "townhouse"] as const;

export const homeSearchSchema = z.object({
  tab: z.enum(Object.keys(SEARCH_TABS) as [SearchTab, ...SearchTab[]]).catch("properties"),
  deal: z.enum(["sale", "rent"]).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  propertyType: z.enum(HOME_PROPERTY_TYPES).optional().catch(undefined),
  location: z.string().trim().toLowerCase().max(60).optional().catch(undefined),
  completion: z.enum(["ready", "off-plan"]).optional().catch(undefined),
});

/** The category page URL for a search; unknown or empty values are simply left out. */
export function homeSearchUrl(input: Record<string, string | undefined>): string {
  const s = homeSearchSchema.parse(input);
  const params = new URLSearchParams();
  if (s.q) params.set("q", s.q);
  if (s.location) params.set("location", s.location);
  if (s.tab === "properties") {
    if (s.deal) params.set("listingType", s.deal);
    if (s.propertyType) params.set("propertyType", s.propertyType);
    if (s.completion) params.set("completion", s.completion);
  }
  const query = params.toString();
  return `${SEARCH_TABS[s.tab]}${query ? `?${query}` : ""}`;
}
