import { z } from "zod";
import type { MessageKey } from "../../i18n/translate.ts";
import { videoEmbed } from "../../services/listings/video-embed.ts";
import {
  AMENITIES,
  CATEGORIES,
  COMPLETION_STATUSES,
  CONTACT_METHODS,
  GENDER_PREFERENCES,
  MAX_LISTING_IMAGES,
  PROFESSIONAL_PRICE_TYPES,
  ROOM_TYPES,
  SECTION_PROPERTY_TYPES,
  SERVICE_CATEGORIES,
  SERVICE_HIGHLIGHTS,
  TOUR_TYPES,
  type Amenity,
  type Category,
  type CompletionStatus,
  type ContactMethod,
  type GenderPreference,
  type ListingType,
  type PriceType,
  type PropertyType,
  type RoomType,
  type ServiceCategory,
  type ServiceHighlight,
  type TourType,
} from "../listing-values.ts";
import { publishableCategories } from "../permissions.ts";
import type { Role } from "../roles.ts";
import type { Toast } from "../toast.ts";
import { isValidPhone, sniffImageFormat } from "./profile.ts";
import { isStorableText } from "./text.ts";

/**
 * The add / edit listing form (spec §2 "Add / edit listing", §5 listing form rules), shared by
 * the browser (checks before sending), the /add-listing action, the REST API and the listings
 * service. Messages are i18n keys (app/i18n/en/publish.ts).
 */

export const TITLE_MIN = 3;
export const TITLE_MAX = 140;
export const DESCRIPTION_MAX = 5000;
export const SPECIALTY_MAX = 120;
export const PLACE_MAX = 120;
export const ADDRESS_MAX = 200;
export const VIDEO_URL_MAX = 500;
/** A billion US dollars: above any real listing, far below what the column holds. */
export const MAX_PRICE_USD = 1_000_000_000;

/** A listing's number as sent in a form or a URL: the ids the database can hold, no more. */
export const listingIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

// ── Categories and the fields that belong to them ─────────────────────────────────────────────

/** What the form asks for in each category; a field outside its category is not stored. */
export interface CategoryRules {
  listingTypes: readonly ListingType[];
  priceTypes: readonly PriceType[];
  /** The price type is required (and prefilled with the first) where a price means nothing without it. */
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

export const CATEGORY_RULES: Record<Category, CategoryRules> = {
  "real-estate": {
    listingTypes: ["sale", "rent", "lease"],
    priceTypes: ["per_month", "per_year"],
    priceTypeRequired: false,
    propertyTypes: SECTION_PROPERTY_TYPES["real-estate"],
    rooms: true,
    area: true,
    completion: true,
    studentHousing: false,
    tours: false,
    features: "amenities",
  },
  hospitality: {
    listingTypes: ["booking", "rent"],
    priceTypes: ["per_night", "per_week", "per_month"],
    priceTypeRequired: true,
    propertyTypes: SECTION_PROPERTY_TYPES["hospitality"],
    rooms: true,
    area: false,
    completion: false,
    studentHousing: false,
    tours: false,
    features: "amenities",
  },
  "student-housing": {
    listingTypes: ["rent"],
    priceTypes: ["per_month", "per_week", "per_year"],
    priceTypeRequired: true,
    propertyTypes: SECTION_PROPERTY_TYPES["student-housing"],
    rooms: true,
    area: false,
    completion: false,
    studentHousing: true,
    tours: false,
    features: "amenities",
  },
  "travel-agencies": {
    listingTypes: ["booking", "service"],
    priceTypes: ["per_person", "fixed"],
    priceTypeRequired: false,
    propertyTypes: SECTION_PROPERTY_TYPES["travel-agencies"],
    rooms: false,
    area: false,
    completion: false,
    studentHousing: false,
    tours: true,
    features: "amenities",
  },
  concierge: {
    listingTypes: ["service", "booking"],
    priceTypes: ["fixed", "per_person", "per_hour", "per_night", "per_project"],
    priceTypeRequired: false,
    propertyTypes: SECTION_PROPERTY_TYPES["concierge"],
    rooms: false,
    area: false,
    completion: false,
    studentHousing: false,
    tours: false,
    features: "amenities",
  },
  professionals: {
    listingTypes: ["service"],
    priceTypes: PROFESSIONAL_PRICE_TYPES,
    priceTypeRequired: true,
    propertyTypes: SECTION_PROPERTY_TYPES["professionals"],
    rooms: false,
    area: false,
    completion: false,
    studentHousing: false,
    tours: false,
    features: "highlights",
  },
};

/** The categories of the general form (agents); professionals have their own form. */
export const GENERAL_CATEGORIES = CATEGORIES.filter(
  (c): c is Exclude<Category, "professionals"> => c !== "professionals",
);

/** Which categories a role may publish in: the permission table decides. */
export function categoriesFor(role: Role | null | undefined): readonly Category[] {
  return publishableCategories({ role });
}

// ── Values as the form holds them ─────────────────────────────────────────────────────────────

/** The form's state: text as typed and lists of chosen values. The draft stores exactly this. */
export interface ListingFormValues {
  title: string;
  category: string;
  listingType: string;
  serviceCategory: string;
  specialty: string;
  price: string;
  priceType: string;
  countryCode: string;
  city: string;
  address: string;
  description: string;
  propertyType: string;
  completionStatus: string;
  bedrooms: string;
  bathrooms: string;
  areaM2: string;
  roomType: string;
  genderPreference: string;
  tourTypes: string[];
  amenities: string[];
  serviceHighlights: string[];
  /** Storage keys of the images in gallery order; the first is the cover. */
  images: string[];
  videoUrl: string;
  contactMethod: string;
  contactPhone: string;
}

export const LIST_FIELDS = ["tourTypes", "amenities", "serviceHighlights", "images"] as const;
type ListField = (typeof LIST_FIELDS)[number];
type TextField = Exclude<keyof ListingFormValues, ListField>;
export const TEXT_FIELDS = [
  "title",
  "category",
  "listingType",
  "serviceCategory",
  "specialty",
  "price",
  "priceType",
  "countryCode",
  "city",
  "address",
  "description",
  "propertyType",
  "completionStatus",
  "bedrooms",
  "bathrooms",
  "areaM2",
  "roomType",
  "genderPreference",
  "videoUrl",
  "contactMethod",
  "contactPhone",
] as const satisfies readonly TextField[];

/** A blank form for a category (its first listing type and, where required, price type). */
export function emptyListingValues(category: Category | ""): ListingFormValues {
  const rules = category ? CATEGORY_RULES[category] : null;
  return {
    title: "",
    category,
    listingType: rules?.listingTypes[0] ?? "",
    serviceCategory: "",
    specialty: "",
    price: "",
    priceType:
      rules?.priceTypeRequired && category !== "professionals" ? (rules.priceTypes[0] ?? "") : "",
    countryCode: "",
    city: "",
    address: "",
    description: "",
    propertyType: "",
    completionStatus: "",
    bedrooms: "",
    bathrooms: "",
    areaM2: "",
    roomType: "",
    genderPreference: "",
    tourTypes: [],
    amenities: [],
    serviceHighlights: [],
    images: [],
    videoUrl: "",
    contactMethod: "email",
    contactPhone: "",
  };
}

/** The form's values from a submitted form (lists are repeated fields). */
export function listingValuesFromFormData(form: FormData): ListingFormValues {
  const values = emptyListingValues("");
  for (const field of TEXT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  for (const field of LIST_FIELDS) {
    values[field] = form
      .getAll(field)
      .filter((v): v is string => typeof v === "string" && v !== "");
  }
  return values;
}

/** Values from anything (JSON, a stored draft): unknown fields dropped, wrong types emptied. */
export function coerceListingValues(input: unknown): ListingFormValues {
  const values = emptyListingValues("");
  if (!input || typeof input !== "object") return values;
  const record = input as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    values[field] =
      typeof value === "string"
        ? value
        : typeof value === "number" && Number.isFinite(value)
          ? String(value)
          : "";
  }
  // JSON clients may send a price as cents under its stored name.
  if (
    values.price === "" &&
    typeof record.priceUsdCents === "number" &&
    record.priceUsdCents >= 0
  ) {
    values.price = (record.priceUsdCents / 100).toFixed(2);
  }
  for (const field of LIST_FIELDS) {
    const value = record[field];
    values[field] = Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string" && v !== "").slice(0, 100)
      : [];
  }
  return values;
}

// ── The parsed listing ────────────────────────────────────────────────────────────────────────

/** A valid listing, as the service stores it. Fields outside the category are null or empty. */
export interface ListingInput {
  title: string;
  category: Category;
  listingType: ListingType;
  serviceCategory: ServiceCategory | null;
  specialty: string | null;
  priceUsdCents: number;
  priceType: PriceType | null;
  countryCode: string;
  city: string;
  address: string;
  description: string;
  propertyType: PropertyType | null;
  completionStatus: CompletionStatus | null;
  bedrooms: number | null;
  bathrooms: number | null;
  areaM2: number | null;
  roomType: RoomType | null;
  genderPreference: GenderPreference | null;
  tourTypes: TourType[];
  amenities: Amenity[];
  serviceHighlights: ServiceHighlight[];
  images: string[];
  videoUrl: string | null;
  contactMethod: ContactMethod;
  contactPhone: string | null;
}

export const LISTING_ERROR_CODES = [
  "titleRequired",
  "titleLength",
  "categoryRequired",
  "serviceCategoryRequired",
  "listingTypeRequired",
  "priceRequired",
  "priceInvalid",
  "priceTypeRequired",
  "countryRequired",
  "cityRequired",
  "addressRequired",
  "descriptionRequired",
  "tooLong",
  "invalidCharacters",
  "choiceInvalid",
  "roomsInvalid",
  "areaInvalid",
  "videoInvalid",
  "contactMethodRequired",
  "contactPhoneRequired",
  "contactPhoneInvalid",
  "imageLimit",
  "imageUnknown",
] as const;
export type ListingErrorCode = (typeof LISTING_ERROR_CODES)[number];

export function listingErrorMessage(code: ListingErrorCode): MessageKey {
  return `publish.errors.${code}`;
}

export interface ListingSchemaOptions {
  /** The categories the person may publish in (see `categoriesFor`). */
  categories: readonly Category[];
  /** The phone number on the owner's profile: phone and WhatsApp contact need one somewhere. */
  profilePhone: string | null;
  /** The selectable country codes, when known (the service always checks against the table). */
  countryCodes?: readonly string[];
}

const STORAGE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+){1,4}$/;
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;

function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** "1,250.50" or "1 250" → 125050 cents; null for anything that is not an amount. */
export function parsePriceToCents(text: string): number | null {
  const cleaned = text.replace(/[\s,]/g, "").replace(/^\$/, "");
  if (!PRICE.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return cents <= MAX_PRICE_USD * 100 ? cents : null;
}

/** The price as the form shows it: "1250" or "1250.50". */
export function centsToPriceText(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * The listing schema for one person: categories they may use and whether their profile has a
 * phone. Parses `ListingFormValues` (or anything `coerceListingValues` accepts) into a
 * `ListingInput`; every problem is an issue on its field with an error code as its message.
 */
export function listingSchema(options: ListingSchemaOptions) {
  return z
    .unknown()
    .transform(coerceListingValues)
    .transform((v, ctx): ListingInput => {
      const fail = (field: keyof ListingFormValues, code: ListingErrorCode) =>
        ctx.addIssue({ code: "custom", path: [field], message: code, input: v[field] });
      const trim = (s: string) => s.replace(/\s+/g, " ").trim();

      // First, so that it is the message a field with control characters shows.
      for (const field of [...TEXT_FIELDS, ...LIST_FIELDS]) {
        const value = v[field];
        if (!(Array.isArray(value) ? value : [value]).every(isStorableText)) {
          fail(field, "invalidCharacters");
        }
      }

      // Category first: everything else depends on it.
      const onlyCategory = options.categories.length === 1 ? options.categories[0] : undefined;
      const categoryText = onlyCategory ?? v.category.trim();
      const category: Category | null = oneOf(options.categories, categoryText)
        ? categoryText
        : null;
      if (!category) fail("category", categoryText ? "choiceInvalid" : "categoryRequired");
      const rules = category ? CATEGORY_RULES[category] : null;

      const title = trim(v.title);
      if (!title) fail("title", "titleRequired");
      else if (title.length < TITLE_MIN || title.length > TITLE_MAX) fail("title", "titleLength");

      let serviceCategory: ServiceCategory | null = null;
      let specialty: string | null = null;
      if (category === "professionals") {
        const sc = v.serviceCategory.trim();
        if (oneOf(SERVICE_CATEGORIES, sc)) serviceCategory = sc;
        else fail("serviceCategory", sc ? "choiceInvalid" : "serviceCategoryRequired");
        specialty = trim(v.specialty) || null;
        if (specialty && specialty.length > SPECIALTY_MAX) fail("specialty", "tooLong");
      }

      let listingType: ListingType = "service";
      if (rules) {
        const lt = v.listingType.trim();
        if (rules.listingTypes.length === 1) listingType = rules.listingTypes[0] as ListingType;
        else if (oneOf(rules.listingTypes, lt)) listingType = lt;
        else fail("listingType", lt ? "choiceInvalid" : "listingTypeRequired");
      }

      let priceUsdCents = 0;
      if (!v.price.trim()) fail("price", "priceRequired");
      else {
        const cents = parsePriceToCents(v.price);
        if (cents === null) fail("price", "priceInvalid");
        else priceUsdCents = cents;
      }

      let priceType: PriceType | null = null;
      if (rules) {
        const pt = v.priceType.trim();
        if (oneOf(rules.priceTypes, pt)) priceType = pt;
        else if (pt) fail("priceType", "choiceInvalid");
        else if (rules.priceTypeRequired) fail("priceType", "priceTypeRequired");
      }

      const countryCode = v.countryCode.trim().toUpperCase();
      if (!countryCode) fail("countryCode", "countryRequired");
      else if (
        !/^[A-Z]{2}$/.test(countryCode) ||
        (options.countryCodes && !options.countryCodes.includes(countryCode))
      ) {
        fail("countryCode", "choiceInvalid");
      }

      const city = trim(v.city);
      if (!city) fail("city", "cityRequired");
      else if (city.length > PLACE_MAX) fail("city", "tooLong");
      const address = trim(v.address);
      if (!address) fail("address", "addressRequired");
      else if (address.length > ADDRESS_MAX) fail("address", "tooLong");

      // Paragraphs stay; trailing spaces and runs of blank lines go.
      const description = v.description
        .replace(/\r\n?/g, "\n")
        .replace(/[ \t]+$/gm, "")
        .replace(/\n{3,}/g, "\n\n")
        .trim();
      if (!description) fail("description", "descriptionRequired");
      else if (description.length > DESCRIPTION_MAX) fail("description", "tooLong");

      const optionalChoice = <T extends string>(
        field: keyof ListingFormValues,
        list: readonly T[],
        applies: boolean,
      ): T | null => {
        const value = String(v[field]).trim();
        if (!applies || !value) return null;
        if (oneOf(list, value)) return value;
        fail(field, "choiceInvalid");
        return null;
      };
      const wholeNumber = (
        field: "bedrooms" | "bathrooms" | "areaM2",
        applies: boolean,
        check: (n: number) => boolean,
        code: ListingErrorCode,
      ): number | null => {
        const value = v[field].trim();
        if (!applies || !value) return null;
        const n = Number(value);
        if (!WHOLE.test(value) || !check(n)) {
          fail(field, code);
          return null;
        }
        return n;
      };

      const propertyType = optionalChoice(
        "propertyType",
        rules?.propertyTypes ?? [],
        !!rules?.propertyTypes.length,
      );
      const completionStatus = optionalChoice(
        "completionStatus",
        COMPLETION_STATUSES,
        !!rules?.completion,
      );
      const bedrooms = wholeNumber("bedrooms", !!rules?.rooms, (n) => n <= 100, "roomsInvalid");
      const bathrooms = wholeNumber("bathrooms", !!rules?.rooms, (n) => n <= 100, "roomsInvalid");
      const areaM2 = wholeNumber(
        "areaM2",
        !!rules?.area,
        (n) => n > 0 && n <= 10_000_000,
        "areaInvalid",
      );
      const roomType = optionalChoice("roomType", ROOM_TYPES, !!rules?.studentHousing);
      const genderPreference = optionalChoice(
        "genderPreference",
        GENDER_PREFERENCES,
        !!rules?.studentHousing,
      );

      const chosen = <T extends string>(
        field: ListField,
        list: readonly T[],
        applies: boolean,
      ): T[] => {
        if (!applies) return [];
        const unique = [...new Set(v[field])];
        if (unique.some((item) => !oneOf(list, item))) fail(field, "choiceInvalid");
        return list.filter((item) => unique.includes(item));
      };
      const tourTypes = chosen("tourTypes", TOUR_TYPES, !!rules?.tours);
      const amenities = chosen("amenities", AMENITIES, rules?.features === "amenities");
      const serviceHighlights = chosen(
        "serviceHighlights",
        SERVICE_HIGHLIGHTS,
        rules?.features === "highlights",
      );

      const images = [...new Set(v.images)];
      if (images.length > MAX_LISTING_IMAGES) fail("images", "imageLimit");
      else if (images.some((key) => !STORAGE_KEY.test(key))) fail("images", "imageUnknown");

      let videoUrl: string | null = v.videoUrl.trim() || null;
      if (videoUrl && (videoUrl.length > VIDEO_URL_MAX || !videoEmbed(videoUrl))) {
        fail("videoUrl", "videoInvalid");
        videoUrl = null;
      }

      const method = v.contactMethod.trim() || "email";
      let contactMethod: ContactMethod = "email";
      if (oneOf(CONTACT_METHODS, method)) contactMethod = method;
      else fail("contactMethod", "contactMethodRequired");
      const contactPhone = trim(v.contactPhone) || null;
      if (contactPhone && (contactPhone.length > 30 || !isValidPhone(contactPhone))) {
        fail("contactPhone", "contactPhoneInvalid");
      } else if (contactMethod !== "email" && !contactPhone && !options.profilePhone?.trim()) {
        fail("contactPhone", "contactPhoneRequired");
      }

      return {
        title,
        category: category ?? "real-estate",
        listingType,
        serviceCategory,
        specialty,
        priceUsdCents,
        priceType,
        countryCode,
        city,
        address,
        description,
        propertyType,
        completionStatus,
        bedrooms,
        bathrooms,
        areaM2,
        roomType,
        genderPreference,
        tourTypes,
        amenities,
        serviceHighlights,
        images,
        videoUrl,
        contactMethod,
        contactPhone,
      };
    });
}

/** The first error code per field of a failed parse. */
export function listingFieldErrors(error: z.ZodError): Record<string, ListingErrorCode> {
  const errors: Record<string, ListingErrorCode> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    if (errors[field]) continue;
    errors[field] = oneOf(LISTING_ERROR_CODES, issue.message) ? issue.message : "choiceInvalid";
  }
  return errors;
}

/** Error codes → the messages shown under the fields. */
export function listingFieldMessages(
  codes: Record<string, ListingErrorCode>,
): Record<string, MessageKey> {
  const messages: Record<string, MessageKey> = {};
  for (const [field, code] of Object.entries(codes)) messages[field] = listingErrorMessage(code);
  return messages;
}

/** "Submission Failed" with the first problem; "Image Limit" when that is the problem. */
export function submissionFailedToast(first: MessageKey | undefined): Toast {
  if (first === listingErrorMessage("imageLimit")) return imageLimitToast();
  return {
    title: "publish.toasts.failed",
    description: first ?? "publish.toasts.failedDescription",
    variant: "destructive",
  };
}

export function imageLimitToast(): Toast {
  return {
    title: "publish.toasts.imageLimit",
    description: "publish.errors.imageLimit",
    variant: "destructive",
  };
}

/** What the /add-listing action answers when it refuses the form. */
export interface ListingFormResult {
  errors: Record<string, MessageKey>;
  toast: Toast;
  values: ListingFormValues;
}

// ── Images ────────────────────────────────────────────────────────────────────────────────────

/** The spec's helper text says "up to 10MB"; the server enforces it. */
export const MAX_LISTING_IMAGE_BYTES = 10 * 1024 * 1024;
export const LISTING_IMAGE_FORMATS = ["jpeg", "png", "gif", "webp"] as const;
export type ListingImageFormat = (typeof LISTING_IMAGE_FORMATS)[number];
/** For the file picker only: what a file is, is decided by its content. */
export const LISTING_IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";
export const LISTING_IMAGE_SNIFF_BYTES = 12;

/** JPEG, PNG and GIF by their magic numbers; WebP is "RIFF" + 4 bytes + "WEBP". */
export function sniffListingImageFormat(bytes: Uint8Array): ListingImageFormat | null {
  const known = sniffImageFormat(bytes);
  if (known) return known;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export type ListingImageProblem = "imageTooLarge" | "imageInvalidType";

/** The checks a browser can make before uploading; the server repeats them and decodes the file. */
export function listingImageProblem(size: number, head: Uint8Array): ListingImageProblem | null {
  if (size > MAX_LISTING_IMAGE_BYTES) return "imageTooLarge";
  if (size === 0 || !sniffListingImageFormat(head)) return "imageInvalidType";
  return null;
}

export function imageProblemToast(problem: ListingImageProblem, fileName?: string): Toast {
  return {
    title:
      problem === "imageTooLarge" ? "publish.toasts.fileTooLarge" : "publish.toasts.invalidType",
    description: `publish.images.${problem}`,
    params: { name: fileName ?? "" },
    variant: "destructive",
  };
}
