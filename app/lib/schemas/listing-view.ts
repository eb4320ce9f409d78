import { z } from "zod";
import { uploadedVideoSchema } from "./listing-video.ts";
import { REPORT_REASONS } from "../report-reasons.ts";
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
 * A listing as the site and the REST API show it: a card's summary and the detail page. The
 * services select exactly these fields (app/services/listings/listing-row.server.ts), the pages
 * render them and GET /api/v1/listings documents them.
 */

export const listingImageSchema = z
  .object({
    storageKey: z.string(),
    width: z.int(),
    height: z.int(),
  })
  .meta({ id: "ListingImage" });
export type ListingImage = z.infer<typeof listingImageSchema>;

/** An uploaded image the listing form holds by its key (an upload, or one of the listing's). */
export interface StoredImageRef {
  key: string;
  width: number;
  height: number;
}

export const videoEmbedSchema = z
  .object({
    provider: z.enum(["YouTube", "Vimeo"]),
    id: z.string(),
    /** youtube-nocookie.com or player.vimeo.com with do-not-track; starts playing when loaded. */
    embedUrl: z.string(),
  })
  .meta({ id: "VideoEmbed" });

/** The public columns of an approved listing and its cover image: what a card shows. */
export const listingSummarySchema = z
  .object({
    id: z.int(),
    title: z.string(),
    category: z.enum(CATEGORIES),
    listingType: z.enum(LISTING_TYPES),
    propertyType: z.enum(PROPERTY_TYPES).nullable(),
    serviceCategory: z.enum(SERVICE_CATEGORIES).nullable(),
    specialty: z.string().nullable(),
    priceUsdCents: z.int().nullable(),
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
    rating: z.string().nullable().meta({ description: "0.0 to 5.0, one decimal." }),
    ratingCount: z.int(),
    cover: listingImageSchema.nullable(),
    hostVerified: z.boolean().meta({
      description:
        "The owner's identity documents were checked and the approval still holds: the \"Verified\" badge. A listing's own moderation approval is not a verification.",
    }),
    hostBusinessVerified: z.boolean().meta({
      description:
        'The owner\'s business or professional credentials were checked and the approval still holds: the "Verified business" badge.',
    }),
    agencyBadge: z
      .object({
        agency: z.string(),
        verified: z.boolean().meta({
          description: "False until the agency's business is verified: shown as pending.",
        }),
      })
      .nullable()
      .meta({
        description:
          "The agency the listing was published under, when its owner's plan grants the agency badge.",
      }),
  })
  .meta({ id: "ListingSummary" });
export type ListingSummary = z.infer<typeof listingSummarySchema>;

/** A card's data without its cover, plus what the detail page shows beyond the card. */
export const listingDetailSchema = listingSummarySchema
  .omit({ cover: true })
  .extend({
    completionStatus: z.enum(COMPLETION_STATUSES).nullable(),
    address: z.string(),
    description: z.string(),
    contactMethod: z.enum(CONTACT_METHODS),
    status: z.enum(LISTING_STATUSES),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** In gallery order; the first is the cover. */
    images: z.array(listingImageSchema),
    video: videoEmbedSchema.nullable(),
    /**
     * The uploaded video file, played in the gallery: only while the owner's plan grants video
     * listing support (docs/decisions/016, "Watermark and video").
     */
    videoFile: uploadedVideoSchema.nullable(),
    agent: z.object({
      name: z.string(),
      /** The uploaded avatar, else a generated initials image. */
      avatarUrl: z.string(),
      /**
       * Whether the listing's contact method has a usable phone number or address. The number
       * itself is only given on request (POST /listings/{listingId}/contact), which records a lead.
       */
      contactAvailable: z.boolean(),
    }),
  })
  .meta({ id: "ListingDetail" });
export type ListingDetail = z.infer<typeof listingDetailSchema>;

/** A row of the dashboard's listing tables (My Listings, Manage Listings, Moderation). */
export const dashboardListingRowSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    category: z.enum(CATEGORIES),
    listingType: z.enum(LISTING_TYPES),
    priceUsdCents: z.int().nullable(),
    priceType: z.enum(PRICE_TYPES).nullable(),
    status: z.enum(LISTING_STATUSES),
    views: z.int(),
    featured: z.boolean(),
    agentType: z.enum(AGENT_TYPES),
    /** The cover's storage key. */
    thumbnail: z.string().nullable(),
    /** The administrator's reason when the listing was rejected. */
    rejectionReason: z.string().nullable(),
    /**
     * While reports from several people hide the listing pending review: the reasons of its
     * open reports (never who filed them); null otherwise.
     */
    hiddenByReports: z.array(z.enum(REPORT_REASONS)).nullable(),
  })
  .meta({ id: "DashboardListingRow" });
export type DashboardListingRow = z.infer<typeof dashboardListingRowSchema>;

const SUMMARY_FIELDS = Object.keys(listingSummarySchema.shape).filter(
  (field): field is Exclude<keyof ListingSummary, "cover"> => field !== "cover",
);

/** The card data of a listing shown in full (what favourites, cards and the preview use). */
export function detailSummary(listing: ListingDetail): ListingSummary {
  const fields = Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, listing[field]]));
  // Every field of the summary but the cover comes from the detail, which has them all.
  return { ...(fields as Omit<ListingSummary, "cover">), cover: listing.images[0] ?? null };
}
