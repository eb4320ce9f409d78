import type { AgentType, Category, ListingStatus, PriceType } from "./listing-values.ts";

/** One listing in a dashboard table (My Listings, Manage Listings, Moderation). */
export interface DashboardListingRow {
  id: number;
  title: string;
  category: Category;
  priceUsdCents: number | null;
  priceType: PriceType | null;
  status: ListingStatus;
  views: number;
  featured: boolean;
  agentType: AgentType;
  thumbnail: string | null;
  /** The administrator's reason when the listing was rejected. */
  rejectionReason: string | null;
}
