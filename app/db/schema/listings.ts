import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  date,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import {
  AGENT_TYPES,
  AMENITIES,
  CATEGORIES,
  COMPLETION_STATUSES,
  CONTACT_METHODS,
  GENDER_PREFERENCES,
  LISTING_STATUSES,
  LISTING_TYPES,
  MAX_LISTING_IMAGES,
  PRICE_TYPES,
  PROPERTY_TYPES,
  ROOM_TYPES,
  SERVICE_CATEGORIES,
  SERVICE_HIGHLIGHTS,
  TOUR_TYPES,
  type AgentType,
  type Amenity,
  type Category,
  type CompletionStatus,
  type ContactMethod,
  type GenderPreference,
  type ListingStatus,
  type ListingType,
  type PriceType,
  type PropertyType,
  type RoomType,
  type ServiceCategory,
  type ServiceHighlight,
  type TourType,
} from "../../lib/listing-values.ts";
import { FOLD_FROM, FOLD_TO } from "../../lib/listing-search-text.ts";
import { user } from "./auth.ts";
import { countries } from "./reference.ts";
import { agencies } from "./teams.ts";
import { oneOf, subsetOf } from "./sql-helpers.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A column's text, lower-cased and folded as the listings service folds search_text. */
const folded = (column: string) =>
  sql.raw(`translate(lower("${column}"), '${FOLD_FROM}', '${FOLD_TO}')`);

export const listings = pgTable(
  "listings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The agency it was published under (a member's listing while their team ran); kept when the
     * member leaves or is removed, so the agency's owner still manages it.
     */
    agencyId: integer("agency_id").references(() => agencies.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    category: text("category").$type<Category>().notNull(),
    listingType: text("listing_type").$type<ListingType>().notNull(),
    propertyType: text("property_type").$type<PropertyType>(),
    completionStatus: text("completion_status").$type<CompletionStatus>(),
    serviceCategory: text("service_category").$type<ServiceCategory>(),
    specialty: text("specialty"),
    /** Price in US cents: exact, never floating point. Null shows as "N/A". */
    priceUsdCents: bigint("price_usd_cents", { mode: "number" }),
    priceType: text("price_type").$type<PriceType>(),
    countryCode: varchar("country_code", { length: 2 })
      .notNull()
      .references(() => countries.code),
    city: text("city").notNull(),
    address: text("address").notNull(),
    description: text("description").notNull(),
    contactMethod: text("contact_method").$type<ContactMethod>().notNull().default("email"),
    contactPhone: text("contact_phone"),
    videoUrl: text("video_url"),
    status: text("status").$type<ListingStatus>().notNull().default("pending_approval"),
    rejectionReason: text("rejection_reason"),
    /**
     * When reports from several people (their weighted sum reached the administrator's threshold,
     * app/services/safety/reports.server.ts) put the approved listing back to pending_approval.
     * Hidden by going back to review rather than by a flag, so every public query, which reads
     * approved listings only, hides it without a change; kept so that dismissing the reports
     * puts it back to approved, and so its owner is told why it waits. Null otherwise.
     */
    reportHiddenAt: timestamp("report_hidden_at", { withTimezone: true }),
    /** A paused listing's status before the pause, to go back to. */
    pausedFrom: text("paused_from").$type<ListingStatus>(),
    featured: boolean("featured").notNull().default(false),
    /**
     * Featured by its owner as one of their plan's featured ads (counted against the plan's
     * limit and taken back when the plan ends); false when the administrator featured it.
     */
    featuredByOwner: boolean("featured_by_owner").notNull().default(false),
    agentType: text("agent_type").$type<AgentType>().notNull().default("standard"),
    amenities: text("amenities")
      .array()
      .$type<Amenity[]>()
      .notNull()
      .default(sql`'{}'`),
    serviceHighlights: text("service_highlights")
      .array()
      .$type<ServiceHighlight[]>()
      .notNull()
      .default(sql`'{}'`),
    tourTypes: text("tour_types")
      .array()
      .$type<TourType[]>()
      .notNull()
      .default(sql`'{}'`),
    bedrooms: smallint("bedrooms"),
    bathrooms: smallint("bathrooms"),
    areaM2: integer("area_m2"),
    roomType: text("room_type").$type<RoomType>(),
    genderPreference: text("gender_preference").$type<GenderPreference>(),
    rating: numeric("rating", { precision: 2, scale: 1 }),
    ratingCount: integer("rating_count").notNull().default(0),
    views: integer("views").notNull().default(0),
    /**
     * Lower-cased, accent-folded title, place, description, specialty, service category,
     * highlights and what the listing is (app/lib/listing-search-text.ts), written by the listings
     * service on every save. The trigram index on it serves searches without a word ("%").
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * The keyword search's full-text index, kept by the database: the title weighs most (A), then
     * the city (B), then everything else in search_text (D). 'simple' keeps every word as written,
     * whatever the language: no English stemming or stop words.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, ${folded("title")}), 'A') || setweight(to_tsvector('simple'::regconfig, ${folded("city")}), 'B') || setweight(to_tsvector('simple'::regconfig, "search_text"), 'D')`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listings_title_check", sql`length(trim(${t.title})) BETWEEN 3 AND 140`),
    check("listings_category_check", oneOf(t.category, CATEGORIES)),
    check("listings_listing_type_check", oneOf(t.listingType, LISTING_TYPES)),
    check(
      "listings_property_type_check",
      sql`${t.propertyType} IS NULL OR ${oneOf(t.propertyType, PROPERTY_TYPES)}`,
    ),
    check(
      "listings_completion_status_check",
      sql`${t.completionStatus} IS NULL OR ${oneOf(t.completionStatus, COMPLETION_STATUSES)}`,
    ),
    check(
      "listings_service_category_check",
      sql`${t.serviceCategory} IS NULL OR ${oneOf(t.serviceCategory, SERVICE_CATEGORIES)}`,
    ),
    check(
      "listings_professional_service_check",
      sql`(${t.category} = 'professionals') = (${t.serviceCategory} IS NOT NULL)`,
    ),
    check("listings_price_check", sql`${t.priceUsdCents} IS NULL OR ${t.priceUsdCents} >= 0`),
    check(
      "listings_price_type_check",
      sql`${t.priceType} IS NULL OR ${oneOf(t.priceType, PRICE_TYPES)}`,
    ),
    check("listings_city_check", sql`length(trim(${t.city})) > 0`),
    check("listings_address_check", sql`length(trim(${t.address})) > 0`),
    check("listings_description_check", sql`length(trim(${t.description})) > 0`),
    check("listings_contact_method_check", oneOf(t.contactMethod, CONTACT_METHODS)),
    check("listings_status_check", oneOf(t.status, LISTING_STATUSES)),
    check("listings_agent_type_check", oneOf(t.agentType, AGENT_TYPES)),
    check("listings_amenities_check", subsetOf(t.amenities, AMENITIES)),
    check("listings_service_highlights_check", subsetOf(t.serviceHighlights, SERVICE_HIGHLIGHTS)),
    check("listings_tour_types_check", subsetOf(t.tourTypes, TOUR_TYPES)),
    check("listings_bedrooms_check", sql`${t.bedrooms} IS NULL OR ${t.bedrooms} BETWEEN 0 AND 100`),
    check(
      "listings_bathrooms_check",
      sql`${t.bathrooms} IS NULL OR ${t.bathrooms} BETWEEN 0 AND 100`,
    ),
    check("listings_area_check", sql`${t.areaM2} IS NULL OR ${t.areaM2} > 0`),
    check(
      "listings_room_type_check",
      sql`${t.roomType} IS NULL OR ${oneOf(t.roomType, ROOM_TYPES)}`,
    ),
    check(
      "listings_gender_preference_check",
      sql`${t.genderPreference} IS NULL OR ${oneOf(t.genderPreference, GENDER_PREFERENCES)}`,
    ),
    check("listings_rating_check", sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 0 AND 5`),
    check("listings_views_check", sql`${t.views} >= 0`),
    index("listings_agency_idx")
      .on(t.agencyId)
      .where(sql`${t.agencyId} IS NOT NULL`),
    index("listings_browse_idx").on(t.status, t.category, t.featured, t.createdAt),
    index("listings_featured_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'approved' AND ${t.featured}`),
    index("listings_price_idx").on(t.category, t.priceUsdCents),
    index("listings_country_idx").on(t.countryCode),
    index("listings_user_id_idx").on(t.userId),
    index("listings_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("listings_search_vector_idx").using("gin", t.searchVector),
    // One index per sort of the browse (browseOrder in app/services/listings/browse.server.ts), in
    // its exact order, over approved listings only, for a section and across all of them
    // ("/listings"): a page is read in order from an index whatever the section's size. A price
    // index cannot serve the other direction read backwards (NULLs stay last, the id descending).
    // NULLS FIRST is what a plain DESC means in SQL: the sort matches the index only if both agree.
    // The owner comes last, after the sort: a count of what the public may see leaves out barred
    // owners' listings (publicListingWhere), and reads it from the index alone.
    index("listings_approved_featured_idx")
      .on(
        t.category,
        t.featured.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.userId,
      )
      .where(sql`${t.status} = 'approved'`),
    index("listings_approved_all_featured_idx")
      .on(
        t.featured.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.userId,
      )
      .where(sql`${t.status} = 'approved'`),
    index("listings_approved_price_low_idx")
      .on(t.category, t.priceUsdCents.asc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved'`),
    index("listings_approved_all_price_low_idx")
      .on(t.priceUsdCents.asc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved'`),
    index("listings_approved_price_high_idx")
      .on(t.category, t.priceUsdCents.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved'`),
    index("listings_approved_all_price_high_idx")
      .on(t.priceUsdCents.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'approved'`),
    // "N+ Beds", the one room filter whose matches a section cannot simply walk past.
    index("listings_approved_bedrooms_idx")
      .on(t.category, t.bedrooms)
      .where(sql`${t.status} = 'approved'`),
    // Rating is offered in the services sections only.
    index("listings_approved_rating_idx")
      .on(
        t.category,
        t.rating.desc().nullsLast(),
        t.ratingCount.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} = 'approved'`),
    // A place typed in the location filter is matched inside city names ("%nairobi%").
    index("listings_city_trgm_idx").using("gin", t.city.op("gin_trgm_ops")),
    // The price signals (app/services/signals): the prices of approved listings of a category,
    // type and price period, in one city and property type for the median, or in one country
    // for the percentile, read from the index alone.
    index("listings_approved_comparable_price_idx")
      .on(
        t.category,
        t.listingType,
        t.priceType,
        t.countryCode,
        sql`lower(${t.city})`,
        t.propertyType,
        t.priceUsdCents,
      )
      .where(sql`${t.status} = 'approved' AND ${t.priceUsdCents} IS NOT NULL`),
  ],
);

/**
 * Every word of the listings' full-text index, added by triggers on listings (migration 0003):
 * the keyword search looks a word that no listing contains up here by trigram similarity, and
 * searches for the similar words instead ("nairobbi" → nairobi). Words are never removed: one
 * that no listing uses any more simply finds nothing.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  // "Does any word start with …" (LIKE 'word%'), whatever the database's collation.
  index("search_words_prefix_idx").on(t.word.op("text_pattern_ops")),
  index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

export const listingImages = pgTable(
  "listing_images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** 0 is the cover. */
    position: smallint("position").notNull(),
    /** Key of the processed image in media storage; variants are derived from it. */
    storageKey: text("storage_key").notNull().unique(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /**
     * The photo's perceptual hash, 16 hex digits (app/services/media/images.server.ts); null for
     * images stored before hashes were kept, which the duplicate-photo signal does not compare.
     */
    phash: text("phash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("listing_images_position_unique").on(t.listingId, t.position),
    check("listing_images_phash_check", sql`${t.phash} ~ '^[0-9a-f]{16}$'`),
    // The hash's four 16-bit bands (app/lib/perceptual-hash.ts), one index each: the
    // duplicate-photo lookup reads the photos whose band is among a few values in any of them.
    ...[1, 5, 9, 13].map((from, band) =>
      index(`listing_images_phash_band${band}_idx`).on(
        sql`substr(${t.phash}, ${sql.raw(String(from))}, 4)`,
      ),
    ),
    check(
      "listing_images_position_check",
      sql`${t.position} BETWEEN 0 AND ${sql.raw(String(MAX_LISTING_IMAGES - 1))}`,
    ),
    check("listing_images_size_check", sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);

/**
 * A video file uploaded to a listing (the `videoListing` perk, docs/decisions/016): at most one
 * per listing, beside the free video link. Kept when the owner's plan ends; shown only while a
 * plan grants the perk.
 */
export const listingVideos = pgTable(
  "listing_videos",
  {
    listingId: integer("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** Key of the file in media storage: `videos/<hex>.mp4` or `.webm`. */
    storageKey: text("storage_key").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listing_videos_type_check", sql`${t.mimeType} IN ('video/mp4', 'video/webm')`),
    check("listing_videos_bytes_check", sql`${t.bytes} > 0`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("favorites_listing_id_idx").on(t.listingId),
  ],
);

/** One row per visitor, listing and day: the view counter counts these, not requests. */
export const listingViews = pgTable(
  "listing_views",
  {
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    day: date("day").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.visitorHash, t.day] }),
    index("listing_views_day_idx").on(t.day),
  ],
);
