import type {
  AgentType,
  Amenity,
  Category,
  GenderPreference,
  ListingType,
  PriceType,
  PropertyType,
  RoomType,
  ServiceCategory,
  ServiceHighlight,
  TourType,
} from "./listing-values.ts";

/** What a listing card shows: the public columns of an approved listing and its cover image. */
export interface ListingSummary {
  id: number;
  title: string;
  category: Category;
  listingType: ListingType;
  propertyType: PropertyType | null;
  serviceCategory: ServiceCategory | null;
  specialty: string | null;
  priceUsdCents: number | null;
  priceType: PriceType | null;
  city: string;
  countryName: string;
  featured: boolean;
  agentType: AgentType;
  amenities: Amenity[];
  serviceHighlights: ServiceHighlight[];
  tourTypes: TourType[];
  bedrooms: number | null;
  bathrooms: number | null;
  areaM2: number | null;
  roomType: RoomType | null;
  genderPreference: GenderPreference | null;
  rating: string | null;
  ratingCount: number;
  cover: { storageKey: string; width: number; height: number } | null;
}
