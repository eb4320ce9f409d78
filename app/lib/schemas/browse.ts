import { z } from "zod";
import {
  CATEGORIES,
  COMPLETION_STATUSES,
  GENDER_PREFERENCES,
  isServiceSection,
  LISTING_TYPES,
  PROPERTY_TYPES,
  ROOM_TYPES,
  SECTION_PROPERTY_TYPES,
  SERVICE_CATEGORIES,
  TOUR_TYPES,
  type CompletionStatus,
  type GenderPreference,
  type ListingType,
  type PropertyType,
  type RoomType,
  type ServiceCategory,
  type TourType,
} from "../listing-values.ts";
import type { BookingUnit } from "../booking-values.ts";
import { isStorableText, oneLine } from "./text.ts";

/**
 * Browse and search parameters: the category pages' URL and GET /api/v1/listings share this
 * schema and the service behind it. A value that does not parse (minPrice=abc, page=-2, an
 * unknown sort or category) is dropped and its default used: a shared link never fails.
 */

export const BROWSE_CATEGORIES = [...CATEGORIES, "all"] as const;
export type BrowseCategory = (typeof BROWSE_CATEGORIES)[number];

export const SORTS = [
  "relevance",
  "featured",
  "price-low",
  "price-high",
  "newest",
  "rating",
] as const;
export type Sort = (typeof SORTS)[number];

/** Best matches first when there is a keyword to match; otherwise featured first. */
export function defaultSort(params: { q?: string }): Sort {
  return params.q ? "relevance" : "featured";
}

export const PAGE_SIZE = 24;
/** Deeper pages are never useful to people and only cost the database OFFSET work. */
export const MAX_PAGE = 1000;
export const MAX_PRICE = 1_000_000_000_000;

/** The sorts offered: relevance only with a keyword, rating only in the services sections. */
export function sortsFor(category: BrowseCategory, q?: string): readonly Sort[] {
  return SORTS.filter(
    (s) => (s !== "rating" || isServiceSection(category)) && (s !== "relevance" || Boolean(q)),
  );
}

/** Which filters a section offers (§5 and §9 of the spec); the others are ignored there. */
export interface FilterSet {
  /** Min/max price, typed in the display currency. */
  price: boolean;
  /** "N+ Beds" / "N+ Baths". */
  rooms: boolean;
  /**
   * The property types offered in the select (the listing form's choices for the section);
   * empty when the section has none to choose.
   */
  propertyTypes: readonly PropertyType[];
  /** property type is applied (the spec: everywhere except professionals and travel agencies). */
  propertyType: boolean;
  listingTypes: readonly ListingType[];
  completion: boolean;
  serviceCategory: boolean;
  tourType: boolean;
  roomType: boolean;
  genderPreference: boolean;
  /**
   * Dates and people: only listings free on those dates that take them, named in the words of
   * how the section is booked (check-in and guests by the night, move-in and tenants by the
   * month); null where the section takes no bookings by dates.
   */
  availability: Exclude<BookingUnit, "departure"> | null;
}

const NONE: FilterSet = {
  price: false,
  rooms: false,
  propertyTypes: [],
  propertyType: true,
  listingTypes: [],
  completion: false,
  serviceCategory: false,
  tourType: false,
  roomType: false,
  genderPreference: false,
  availability: null,
};

const FILTER_SETS: Record<BrowseCategory, FilterSet> = {
  "real-estate": {
    ...NONE,
    price: true,
    rooms: true,
    propertyTypes: SECTION_PROPERTY_TYPES["real-estate"],
    listingTypes: ["sale", "rent", "lease"],
    completion: true,
    availability: "night",
  },
  hospitality: {
    ...NONE,
    price: true,
    rooms: true,
    propertyTypes: SECTION_PROPERTY_TYPES["hospitality"],
    availability: "night",
  },
  "student-housing": {
    ...NONE,
    price: true,
    rooms: true,
    roomType: true,
    genderPreference: true,
    availability: "month",
  },
  professionals: { ...NONE, propertyType: false, serviceCategory: true },
  "travel-agencies": { ...NONE, propertyType: false, tourType: true },
  concierge: { ...NONE },
  all: { ...NONE, propertyTypes: PROPERTY_TYPES, listingTypes: LISTING_TYPES },
};

export function filtersFor(category: BrowseCategory): FilterSet {
  return FILTER_SETS[category];
}

// ---------------------------------------------------------------------------------------------
// The schema

/**
 * Text: on one line, trimmed, at most `max` characters, empty means absent. Text with control
 * characters (a NUL cannot even reach the database) is not a keyword at all: pages drop it and
 * the API names the parameter.
 */
const text = (max: number) =>
  z
    .string()
    .refine(isStorableText)
    .overwrite(oneLine)
    .trim()
    .transform((v) => (v === "" ? undefined : v.slice(0, max)))
    .optional()
    .catch(undefined);

/**
 * Built in a function marked pure: a page that only needs the helpers below (the browse UI in
 * the browser) does not download zod with them.
 */
function buildBrowseQuerySchema() {
  /** An empty form field means "not given", never 0. */
  const blankToUndefined = (v: unknown) =>
    typeof v === "string" && v.trim() === "" ? undefined : v;

  /** A whole or decimal amount, 0 or more; anything else is absent. */
  const amount = z
    .preprocess(blankToUndefined, z.coerce.number().min(0).max(MAX_PRICE).optional())
    .catch(undefined);

  /** "N or more" rooms. */
  const atLeast = z
    .preprocess(blankToUndefined, z.coerce.number().int().min(1).max(20).optional())
    .catch(undefined);

  const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
    z.enum(values).optional().catch(undefined);

  /** A calendar day as YYYY-MM-DD that exists; anything else is absent. */
  const day = z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((v) => {
      const date = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
    })
    .optional()
    .catch(undefined);

  return z.object({
    category: z
      .enum(BROWSE_CATEGORIES)
      .catch("all")
      .default("all")
      .meta({ description: "Section to browse; `all` (the default) browses every section." }),
    q: text(100).meta({
      description:
        "Keywords: listings containing every word, in any order, in the title, place, description, section, property type, specialty, service category or highlights; case and accents are ignored, words match as prefixes (bedroom finds bedrooms), and a word no listing contains is matched to similar words (a typo).",
    }),
    location: text(60).meta({
      description:
        "Case-insensitive substring of the country name or city, e.g. `nigeria` or `lagos`.",
    }),
    minPrice: amount.meta({ description: "Lowest price, in the display currency." }),
    maxPrice: amount.meta({ description: "Highest price, in the display currency." }),
    bedrooms: atLeast.meta({ description: "At least this many bedrooms." }),
    bathrooms: atLeast.meta({ description: "At least this many bathrooms." }),
    propertyType: oneOf(PROPERTY_TYPES).meta({
      description: "Property type (not for professionals and travel agencies).",
    }),
    completion: oneOf(COMPLETION_STATUSES).meta({
      description: "Completion status of a property (real estate).",
    }),
    listingType: oneOf(LISTING_TYPES).meta({
      description: "Sale, rent, lease, booking or service.",
    }),
    serviceCategory: oneOf(SERVICE_CATEGORIES).meta({
      description: "Service category (professionals only).",
    }),
    tourType: oneOf(TOUR_TYPES).meta({
      description: "Tour type the package includes (travel agencies only).",
    }),
    roomType: oneOf(ROOM_TYPES).meta({ description: "Room type (student housing only)." }),
    genderPreference: oneOf(GENDER_PREFERENCES).meta({
      description: "Gender preference (student housing only).",
    }),
    checkIn: day.meta({
      description:
        "Check-in day (YYYY-MM-DD); with checkOut, only listings that take bookings and are free for those nights.",
    }),
    checkOut: day.meta({ description: "Check-out day (YYYY-MM-DD), after checkIn." }),
    guests: z
      .preprocess(blankToUndefined, z.coerce.number().int().min(1).max(50).optional())
      .catch(undefined)
      .meta({ description: "Guests: only listings that take bookings for this many." }),
    verified: z.enum(["1"]).optional().catch(undefined).meta({
      description:
        '1: only listings whose owner\'s identity is verified (the "Verified" badge); every section offers it.',
    }),
    sort: z.enum(SORTS).optional().catch(undefined).meta({
      description:
        "relevance (best matches of q first; the default when q is given), featured (featured first, then newest; the default without q), price-low, price-high, newest, or rating (services sections only). Among listings the sort ranks equal, those of verified hosts come first.",
    }),
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE)
      .catch(1)
      .default(1)
      .meta({ description: `Page number; ${PAGE_SIZE} listings per page.` }),
  });
}

export const browseQuerySchema = /* @__PURE__ */ buildBrowseQuerySchema();
type BrowseQuery = z.infer<typeof browseQuerySchema>;

export interface BrowseParams {
  category: BrowseCategory;
  q?: string;
  location?: string;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  bathrooms?: number;
  propertyType?: PropertyType;
  completion?: CompletionStatus;
  listingType?: ListingType;
  serviceCategory?: ServiceCategory;
  tourType?: TourType;
  roomType?: RoomType;
  genderPreference?: GenderPreference;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  /** Only listings of verified hosts (`verified=1`). */
  verified?: true;
  sort: Sort;
  page: number;
}

export type FilterName = Exclude<keyof BrowseParams, "category" | "sort" | "page">;

export const FILTER_NAMES = [
  "q",
  "location",
  "minPrice",
  "maxPrice",
  "bedrooms",
  "bathrooms",
  "propertyType",
  "completion",
  "listingType",
  "serviceCategory",
  "tourType",
  "roomType",
  "genderPreference",
  "checkIn",
  "checkOut",
  "guests",
  "verified",
] as const satisfies readonly FilterName[];

/** First value of each key: a repeated parameter never turns into an array the schema rejects. */
function firstValues(input: URLSearchParams | Record<string, unknown>): Record<string, unknown> {
  if (input instanceof URLSearchParams) {
    const out: Record<string, string> = {};
    for (const [key, value] of input) if (!(key in out)) out[key] = value;
    return out;
  }
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? (v[0] as unknown) : v]),
  );
}

/**
 * Parses URL parameters into browse parameters for a section. `category` fixes the section
 * (the category pages); without it the `category` parameter chooses (/listings, the API).
 * Filters the section does not offer are dropped, as is the rating sort outside services.
 */
export function parseBrowseParams(
  input: URLSearchParams | Record<string, unknown>,
  category?: BrowseCategory,
): BrowseParams {
  const raw = firstValues(input);
  const parsed = browseQuerySchema.parse(category ? { ...raw, category } : raw);
  const set = filtersFor(parsed.category);
  const params: BrowseParams = {
    category: parsed.category,
    sort: parsed.sort ?? defaultSort(parsed),
    page: parsed.page,
  };
  if (parsed.q) params.q = parsed.q;
  if (parsed.location) params.location = parsed.location;
  if (parsed.verified) params.verified = true;
  if (set.price) {
    if (parsed.minPrice !== undefined) params.minPrice = parsed.minPrice;
    if (parsed.maxPrice !== undefined) params.maxPrice = parsed.maxPrice;
  }
  if (set.rooms) {
    if (parsed.bedrooms !== undefined) params.bedrooms = parsed.bedrooms;
    if (parsed.bathrooms !== undefined) params.bathrooms = parsed.bathrooms;
  }
  if (set.propertyType && parsed.propertyType) params.propertyType = parsed.propertyType;
  if (set.completion && parsed.completion) params.completion = parsed.completion;
  if (set.listingTypes.length > 0 && parsed.listingType) params.listingType = parsed.listingType;
  if (set.serviceCategory && parsed.serviceCategory) {
    params.serviceCategory = parsed.serviceCategory;
  }
  if (set.tourType && parsed.tourType) params.tourType = parsed.tourType;
  if (set.roomType && parsed.roomType) params.roomType = parsed.roomType;
  if (set.genderPreference && parsed.genderPreference) {
    params.genderPreference = parsed.genderPreference;
  }
  if (set.availability) {
    // Dates come as a pair, the check-out after the check-in; half a stay filters nothing.
    if (parsed.checkIn && parsed.checkOut && parsed.checkOut > parsed.checkIn) {
      params.checkIn = parsed.checkIn;
      params.checkOut = parsed.checkOut;
    }
    if (parsed.guests !== undefined) params.guests = parsed.guests;
  }
  if (!sortsFor(params.category, params.q).includes(params.sort)) params.sort = defaultSort(params);
  return params;
}

/**
 * The parameters whose values `parseBrowseParams` would drop or replace (`minPrice=abc`,
 * `category=castles`, `page=-2`). Pages forgive them, as a mistyped link should still show
 * listings; an API client is told, so its mistake does not pass for "no filter".
 */
export function invalidBrowseParams(input: URLSearchParams): string[] {
  const raw = firstValues(input);
  const invalid: string[] = [];
  for (const key of Object.keys(browseQuerySchema.shape) as (keyof BrowseQuery)[]) {
    const value = raw[key];
    if (typeof value !== "string" || value.trim() === "") continue;
    const parsed = browseQuerySchema.parse({ [key]: value })[key];
    const kept =
      key === "q" || key === "location"
        ? parsed !== undefined
        : typeof parsed === "number"
          ? parsed === Number(value)
          : parsed === value.trim();
    if (!kept) invalid.push(key);
  }
  return invalid;
}

/** True when any filter (not the sort or page) narrows the results. */
export function hasActiveFilters(params: BrowseParams): boolean {
  return FILTER_NAMES.some((name) => params[name] !== undefined);
}

/**
 * The query string for these parameters, defaults left out, so links stay short and shareable.
 * The category is included only when the page does not fix it (/listings).
 */
export function browseSearchParams(
  params: BrowseParams,
  options: { includeCategory?: boolean } = {},
): URLSearchParams {
  const out = new URLSearchParams();
  if (options.includeCategory && params.category !== "all") out.set("category", params.category);
  for (const name of FILTER_NAMES) {
    const value = params[name];
    // A flag is written as the URL takes it: verified=1.
    if (value !== undefined) out.set(name, value === true ? "1" : String(value));
  }
  if (params.sort !== defaultSort(params)) out.set("sort", params.sort);
  if (params.page > 1) out.set("page", String(params.page));
  return out;
}

/** `?a=1&b=2`, or "" when there is nothing to say. */
export function toQueryString(search: URLSearchParams): string {
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** GET /api/v1/listings: the browse parameters plus the currency min/max prices are typed in. */
export const apiListingsQuerySchema = /* @__PURE__ */ (() =>
  browseQuerySchema.extend({
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .transform((v) => v.toUpperCase())
      .optional()
      .catch(undefined)
      .meta({
        description:
          "Currency code (e.g. NGN) that minPrice and maxPrice are given in; US dollars when absent or unknown.",
      }),
  }))();
