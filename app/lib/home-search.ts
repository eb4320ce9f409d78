/** The home page's search card: which tab maps to which category page, and the query it sends. */
export const SEARCH_TABS = {
  properties: "/real-estate",
  professionals: "/professionals",
  "student-housing": "/student-housing",
  services: "/concierge",
} as const;
export type SearchTab = keyof typeof SEARCH_TABS;

export const HOME_PROPERTY_TYPES = ["apartment", "villa", "townhouse"] as const;
const DEALS = ["sale", "rent"] as const;
const COMPLETIONS = ["ready", "off-plan"] as const;

/** One of `allowed`, or undefined for anything else. */
function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return (allowed as readonly (string | undefined)[]).includes(value) ? (value as T) : undefined;
}

/** Trimmed text up to `max` characters, or undefined when empty or too long. */
function text(value: string | undefined, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/**
 * The category page URL for a search; unknown or empty values are simply left out. Hand-written
 * rather than a schema: the home page's search card imports this module, and zod would double
 * the page's JavaScript.
 */
export function homeSearchUrl(input: Record<string, string | undefined>): string {
  const tab = oneOf(Object.keys(SEARCH_TABS) as SearchTab[], input.tab) ?? "properties";
  const params = new URLSearchParams();
  const q = text(input.q, 100);
  const location = text(input.location, 60)?.toLowerCase();
  if (q) params.set("q", q);
  if (location) params.set("location", location);
  if (tab === "properties") {
    const deal = oneOf(DEALS, input.deal);
    const propertyType = oneOf(HOME_PROPERTY_TYPES, input.propertyType);
    const completion = oneOf(COMPLETIONS, input.completion);
    if (deal) params.set("listingType", deal);
    if (propertyType) params.set("propertyType", propertyType);
    if (completion) params.set("completion", completion);
  }
  const query = params.toString();
  return `${SEARCH_TABS[tab]}${query ? `?${query}` : ""}`;
}
