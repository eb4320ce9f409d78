import { z } from "zod";
import {
  AMENITIES,
  CATEGORIES,
  COMPLETION_STATUSES,
  CONTACT_METHODS,
  GENDER_PREFERENCES,
  PROFESSIONAL_PRICE_TYPES,
  ROOM_TYPES,
  SECTION_PROPERTY_TYPES,
  SERVICE_CATEGORIES,
  SERVICE_HIGHLIGHTS,
  TOUR_TYPES,
  type Category,
  type ListingType,
  type PriceType,
  type PropertyType,
} from "../listing-values.ts";
import {
  ADDRESS_MAX,
  AREA_MAX,
  choice,
  choices,
  contactMethodField,
  contactPhoneField,
  countryCodeField,
  descriptionField,
  fixed,
  imagesField,
  optionalLine,
  PLACE_MAX,
  priceField,
  requiredChoice,
  requiredLine,
  ROOMS_MAX,
  SPECIALTY_MAX,
  titleField,
  videoUrlField,
  wholeNumber,
} from "./listing-fields.ts";

/**
 * The listing contract (spec §2 "Add / edit listing", §5 listing form rules): one schema per
 * category, joined on `category`. Each declares the fields its listings have, with their
 * options, limits and messages; the add / edit form shows a category's fields and options from
 * here, and the page action, the REST API, its OpenAPI document and the listings service all
 * parse with it. A field outside its category is not stored.
 */

// Groups of fields in the order the form asks for them, so the first problem is the first field.
const place = {
  countryCode: countryCodeField,
  city: requiredLine("cityRequired", PLACE_MAX),
  address: requiredLine("addressRequired", ADDRESS_MAX),
  description: descriptionField,
};
const rooms = {
  bedrooms: wholeNumber(ROOMS_MAX, "roomsInvalid"),
  bathrooms: wholeNumber(ROOMS_MAX, "roomsInvalid"),
};
const mediaAndContact = {
  images: imagesField,
  videoUrl: videoUrlField,
  contactMethod: contactMethodField(CONTACT_METHODS, "email"),
  contactPhone: contactPhoneField,
};

/** The fields every listing has, checked on their own when no category is chosen. */
export const listingBaseSchema = z.object({
  title: titleField,
  price: priceField,
  ...place,
  ...mediaAndContact,
});

export const realEstateListingSchema = z
  .object({
    category: z.literal("real-estate"),
    title: titleField,
    listingType: requiredChoice(["sale", "rent", "lease"], "listingTypeRequired"),
    price: priceField,
    priceType: choice(["per_month", "per_year"]),
    ...place,
    propertyType: choice(SECTION_PROPERTY_TYPES["real-estate"]),
    completionStatus: choice(COMPLETION_STATUSES),
    ...rooms,
    areaM2: wholeNumber(AREA_MAX, "areaInvalid", true),
    amenities: choices(AMENITIES),
    ...mediaAndContact,
  })
  .meta({ id: "RealEstateListingInput", description: "A property for sale, rent or lease." });

export const staysListingSchema = z
  .object({
    category: z.literal("hospitality"),
    title: titleField,
    listingType: requiredChoice(["booking", "rent"], "listingTypeRequired"),
    price: priceField,
    priceType: requiredChoice(["per_night", "per_week", "per_month"], "priceTypeRequired"),
    ...place,
    propertyType: choice(SECTION_PROPERTY_TYPES.hospitality),
    ...rooms,
    amenities: choices(AMENITIES),
    ...mediaAndContact,
  })
  .meta({ id: "StaysListingInput", description: "A hotel, guesthouse, lodge or holiday home." });

export const studentHousingListingSchema = z
  .object({
    category: z.literal("student-housing"),
    title: titleField,
    listingType: fixed("rent"),
    price: priceField,
    priceType: requiredChoice(["per_month", "per_week", "per_year"], "priceTypeRequired"),
    ...place,
    ...rooms,
    roomType: choice(ROOM_TYPES),
    genderPreference: choice(GENDER_PREFERENCES),
    amenities: choices(AMENITIES),
    ...mediaAndContact,
  })
  .meta({ id: "StudentHousingListingInput", description: "A room or flat for students." });

export const travelPackageListingSchema = z
  .object({
    category: z.literal("travel-agencies"),
    title: titleField,
    listingType: requiredChoice(["booking", "service"], "listingTypeRequired"),
    price: priceField,
    priceType: choice(["per_person", "fixed"]),
    ...place,
    tourTypes: choices(TOUR_TYPES),
    amenities: choices(AMENITIES),
    ...mediaAndContact,
  })
  .meta({ id: "TravelPackageListingInput", description: "A tour or travel package." });

export const professionalServiceListingSchema = z
  .object({
    category: z.literal("professionals"),
    title: titleField,
    serviceCategory: requiredChoice(SERVICE_CATEGORIES, "serviceCategoryRequired"),
    specialty: optionalLine(SPECIALTY_MAX),
    listingType: fixed("service"),
    price: priceField,
    priceType: requiredChoice(PROFESSIONAL_PRICE_TYPES, "priceTypeRequired"),
    ...place,
    serviceHighlights: choices(SERVICE_HIGHLIGHTS),
    ...mediaAndContact,
  })
  .meta({
    id: "ProfessionalServiceListingInput",
    description: "A professional's service: architect, lawyer, surveyor and the like.",
  });

export const conciergeListingSchema = z
  .object({
    category: z.literal("concierge"),
    title: titleField,
    listingType: requiredChoice(["service", "booking"], "listingTypeRequired"),
    price: priceField,
    priceType: choice(["fixed", "per_person", "per_hour", "per_night", "per_project"]),
    ...place,
    amenities: choices(AMENITIES),
    ...mediaAndContact,
  })
  .meta({ id: "ConciergeListingInput", description: "A concierge or relocation service." });

/** Each category's schema by its key. */
export const LISTING_CATEGORY_SCHEMAS = {
  "real-estate": realEstateListingSchema,
  hospitality: staysListingSchema,
  "student-housing": studentHousingListingSchema,
  "travel-agencies": travelPackageListingSchema,
  professionals: professionalServiceListingSchema,
  concierge: conciergeListingSchema,
} as const satisfies Record<Category, z.ZodObject>;

/**
 * A listing of any category as sent: the request body of the add and edit endpoints. A missing
 * category is "categoryRequired", an unknown one "choiceInvalid", both under `category`.
 */
export const listingCategoryUnion = z.discriminatedUnion(
  "category",
  [
    realEstateListingSchema,
    staysListingSchema,
    studentHousingListingSchema,
    travelPackageListingSchema,
    professionalServiceListingSchema,
    conciergeListingSchema,
  ],
  {
    error: (issue) => {
      if (issue.code !== "invalid_union") return "choiceInvalid";
      const sent: unknown =
        issue.input && typeof issue.input === "object" && "category" in issue.input
          ? issue.input.category
          : undefined;
      return sent === undefined || sent === "" ? "categoryRequired" : "choiceInvalid";
    },
  },
);

// ── Fields across the categories ──────────────────────────────────────────────────────────────

type Sent = z.input<typeof listingCategoryUnion>;
type Parsed = z.output<typeof listingCategoryUnion>;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueIn<T, K extends PropertyKey> = T extends unknown
  ? K extends keyof T
    ? T[K]
    : never
  : never;

/** Every field a listing form or body may carry, in any category. */
export type ListingField = KeysOfUnion<Sent>;
/** The fields that hold several values (repeated form fields, arrays in JSON). */
export type ListingListField = {
  [K in ListingField]: [Extract<ValueIn<Sent, K>, readonly unknown[]>] extends [never] ? never : K;
}[ListingField];

/**
 * A valid listing as the service stores it: every field of every category, those outside the
 * listing's category null (or empty lists), and the price in cents.
 */
export type ListingInput = {
  [K in Exclude<KeysOfUnion<Parsed>, "price">]: K extends keyof Parsed
    ? ValueIn<Parsed, K>
    : ValueIn<Parsed, K> extends readonly unknown[]
      ? ValueIn<Parsed, K>
      : ValueIn<Parsed, K> | null;
} & { priceUsdCents: number };

/** The kind of value a field's schema takes as input, through its transforms. */
function inputType(schema: z.ZodType): string {
  const def = schema.def;
  if (def.type === "pipe" && "in" in def) return inputType(def.in as z.ZodType);
  if (def.type === "optional" && "innerType" in def) return inputType(def.innerType as z.ZodType);
  return def.type;
}

const SHAPES: Record<string, z.ZodType>[] = Object.values(LISTING_CATEGORY_SCHEMAS).map(
  (schema) => schema.shape,
);

/** Every field of every category, in the order the categories declare them. */
export const LISTING_FIELDS = [
  ...new Set(SHAPES.flatMap((shape) => Object.keys(shape))),
] as ListingField[];

export const LISTING_LIST_FIELDS = LISTING_FIELDS.filter((field) =>
  SHAPES.some((shape) => shape[field] && inputType(shape[field]) === "array"),
) as ListingListField[];

export function isListingListField(field: string): field is ListingListField {
  return (LISTING_LIST_FIELDS as readonly string[]).includes(field);
}

/** The stored shape of a parsed listing: the other categories' fields emptied, cents named. */
function stored(parsed: Parsed): ListingInput {
  const listing: Record<string, unknown> = {};
  for (const field of LISTING_FIELDS) listing[field] = isListingListField(field) ? [] : null;
  const { price, ...fields } = parsed;
  delete listing.price;
  // The loop and the spread give every key of ListingInput with its category's value.
  return { ...listing, ...fields, priceUsdCents: price } as ListingInput;
}

/**
 * A listing of any category, parsed into what the service stores. The REST API validates and
 * documents its request bodies with this; the person-dependent rules (which categories, the
 * profile's phone, known countries) are added by `listingSchema` (./listing.ts).
 */
export const listingBodySchema = listingCategoryUnion.transform(stored).meta({
  id: "ListingInput",
  description:
    "A listing as sent to create or edit it; `category` decides which fields apply. Fields of other categories are ignored.",
});

// ── What the form reads from the contract ─────────────────────────────────────────────────────

/** The fields a category's listings have. */
export function categoryFields(category: Category): ReadonlySet<string> {
  return new Set(Object.keys(LISTING_CATEGORY_SCHEMAS[category].shape));
}

function fieldSchema(category: Category, field: ListingField): z.ZodType | undefined {
  const shape: Record<string, z.ZodType> = LISTING_CATEGORY_SCHEMAS[category].shape;
  return shape[field];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The values a category offers for a field (its `enum`); none when the field is not its. */
export function fieldOptions<T extends string = string>(
  category: Category,
  field: ListingField,
): readonly T[] {
  const meta = fieldSchema(category, field)?.meta();
  const items = meta?.items;
  const options =
    meta?.enum ?? (items && typeof items === "object" && "enum" in items ? items.enum : []);
  return stringList(options) as T[];
}

/** True when the category requires the field: a blank value is refused. */
export function fieldRequired(category: Category, field: ListingField): boolean {
  const schema = fieldSchema(category, field);
  return !!schema && !schema.safeParse("").success;
}

/** What the form asks for in each category, read from the category's schema. */
export interface CategoryRules {
  listingTypes: readonly ListingType[];
  priceTypes: readonly PriceType[];
  /** The price type is required where a price means nothing without it. */
  priceTypeRequired: boolean;
  propertyTypes: readonly PropertyType[];
  rooms: boolean;
  area: boolean;
  completion: boolean;
  studentHousing: boolean;
  tours: boolean;
  /** Amenities for places, service highlights for a professional's service. */
  features: "amenities" | "highlights";
}

function rulesOf(category: Category): CategoryRules {
  const fields = categoryFields(category);
  return {
    listingTypes: fieldOptions<ListingType>(category, "listingType"),
    priceTypes: fieldOptions<PriceType>(category, "priceType"),
    priceTypeRequired: fieldRequired(category, "priceType"),
    propertyTypes: fieldOptions<PropertyType>(category, "propertyType"),
    rooms: fields.has("bedrooms"),
    area: fields.has("areaM2"),
    completion: fields.has("completionStatus"),
    studentHousing: fields.has("roomType"),
    tours: fields.has("tourTypes"),
    features: fields.has("serviceHighlights") ? "highlights" : "amenities",
  };
}

export const CATEGORY_RULES = Object.fromEntries(
  CATEGORIES.map((category) => [category, rulesOf(category)]),
) as Record<Category, CategoryRules>;

/** A listing in the making: each field the category's schema accepts so far, the others blank. */
export type PartialListing = {
  [K in keyof ListingInput]: ListingInput[K] extends readonly unknown[]
    ? ListingInput[K]
    : ListingInput[K] | null;
};

/**
 * What an unfinished form already says, field by field (the form's preview): a value its field
 * accepts as it is, else null (or an empty list). Fields of other categories stay blank.
 */
export function partialListing(
  values: Record<string, unknown>,
  category: Category,
): PartialListing {
  const shape: Record<string, z.ZodType> = LISTING_CATEGORY_SCHEMAS[category].shape;
  const listing: Record<string, unknown> = {};
  for (const field of LISTING_FIELDS) {
    const parsed = shape[field]?.safeParse(values[field]);
    const blank = isListingListField(field) ? [] : null;
    listing[field === "price" ? "priceUsdCents" : field] = parsed?.success ? parsed.data : blank;
  }
  listing.category = category;
  // Every field of every category is set above, so this is the whole shape.
  return listing as PartialListing;
}
