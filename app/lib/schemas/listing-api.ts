import { z } from "zod";
import {
  AGENT_TYPES,
  AMENITIES,
  CATEGORIES,
  COMPLETION_STATUSES,
  CONTACT_METHODS,
  GENDER_PREFERENCES,
  LISTING_STATUSES,
  LISTING_TYPES,
  PRICE_TYPES,
  PROPERTY_TYPES,
  ROOM_TYPES,
  SERVICE_CATEGORIES,
  SERVICE_HIGHLIGHTS,
  TOUR_TYPES,
} from "../listing-values.ts";

/**
 * Listings as /api/v1 answers them: the website's listing views with images as absolute URLs of
 * their variants, and the listing's own page as `url`, for clients that are not this website.
 */

export const apiImageSchema = z.object({
  width: z.int(),
  height: z.int(),
  thumb: z.url().meta({ description: "160 px wide WebP." }),
  card: z.url().meta({ description: "640 px wide WebP." }),
  gallery: z.url().meta({ description: "1280 px wide WebP." }),
});

const summaryFields = {
  id: z.int(),
  title: z.string(),
  category: z.enum(CATEGORIES),
  listingType: z.enum(LISTING_TYPES),
  propertyType: z.enum(PROPERTY_TYPES).nullable(),
  serviceCategory: z.enum(SERVICE_CATEGORIES).nullable(),
  specialty: z.string().nullable(),
  priceUsdCents: z
    .int()
    .nullable()
    .meta({ description: "Price in US cents; null when not given (shown as N/A)." }),
  priceType: z.enum(PRICE_TYPES).nullable(),
  city: z.string(),
  countryName: z.string(),
  featured: z.boolean(),
  agentType: z.enum(AGENT_TYPES),
  amenities: z.array(z.enum(AMENITIES)),
  serviceHighlights: z.array(z.enum(SERVICE_HIGHLIGHTS)),
  tourTypes: z.array(z.enum(TOUR_TYPES)),
  bedrooms: z.int().nullable(),
  bathrooms: z.int().nullable(),
  areaM2: z.int().nullable(),
  roomType: z.enum(ROOM_TYPES).nullable(),
  genderPreference: z.enum(GENDER_PREFERENCES).nullable(),
  rating: z.string().nullable().meta({ description: 'Decimal out of 5, e.g. "4.7".' }),
  ratingCount: z.int(),
  url: z.url().meta({ description: "The listing's page." }),
};

export const apiListingSummarySchema = z.object({
  ...summaryFields,
  cover: apiImageSchema.nullable(),
});

export const apiListingDetailSchema = z.object({
  ...summaryFields,
  completionStatus: z.enum(COMPLETION_STATUSES).nullable(),
  address: z.string(),
  description: z.string(),
  contactMethod: z.enum(CONTACT_METHODS),
  status: z.enum(LISTING_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  images: z.array(apiImageSchema),
  video: z
    .object({
      provider: z.enum(["YouTube", "Vimeo"]),
      id: z.string(),
      embedUrl: z.url().meta({ description: "Privacy-enhanced player URL." }),
    })
    .nullable(),
  agent: z.object({
    name: z.string(),
    avatarUrl: z.string(),
    phone: z.string().nullable(),
    email: z.email(),
  }),
});

export const apiListingPageSchema = z.object({
  listings: z.array(apiListingSummarySchema),
  page: z.int(),
  pageSize: z.int(),
  pageCount: z.int(),
  total: z.int(),
  query: z.record(z.string(), z.unknown()).meta({
    description: "The parameters as applied, defaults included.",
  }),
});
