/**
 * The listing vocabularies of the spec (§3, §9) in one place: the database's CHECK constraints,
 * the zod schemas, the filters and the demo data all read these lists.
 */

/** The six browse sections; each listing belongs to exactly one. */
export const CATEGORIES = [
  "real-estate",
  "hospitality",
  "student-housing",
  "professionals",
  "travel-agencies",
  "concierge",
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The services sections: counted as "services", and the only ones sortable by rating. Here, not
 * with the browse schema, so that a listing's page knows them without loading that module.
 */
const SERVICE_SECTIONS: readonly Category[] = ["professionals", "travel-agencies", "concierge"];

export function isServiceSection(category: Category | "all"): boolean {
  return category !== "all" && SERVICE_SECTIONS.includes(category);
}

export const LISTING_TYPES = ["sale", "rent", "lease", "booking", "service"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const PROPERTY_TYPES = [
  "apartment",
  "house",
  "villa",
  "townhouse",
  "land",
  "commercial",
  "hotel",
  "guesthouse",
  "lodge",
  "resort",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/**
 * The property types of each section, in the order they are offered. The listing form and the
 * browse filter both read this list, so every type a listing can be given is one it can be found
 * by.
 */
export const SECTION_PROPERTY_TYPES = {
  "real-estate": ["apartment", "house", "villa", "townhouse", "land", "commercial"],
  hospitality: ["hotel", "guesthouse", "lodge", "resort", "apartment", "villa"],
  "student-housing": [],
  professionals: [],
  "travel-agencies": [],
  concierge: [],
} as const satisfies Record<Category, readonly PropertyType[]>;

export const COMPLETION_STATUSES = ["ready", "off-plan"] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

export const PRICE_TYPES = [
  "per_night",
  "per_week",
  "per_month",
  "per_year",
  "per_person",
  "per_hour",
  "per_project",
  "fixed",
  "consultation_fee",
  "retainer",
] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** Price structures a professional chooses from (a subset of PRICE_TYPES). */
export const PROFESSIONAL_PRICE_TYPES = [
  "per_hour",
  "per_project",
  "fixed",
  "consultation_fee",
  "retainer",
] as const satisfies readonly PriceType[];

export const SERVICE_CATEGORIES = [
  "architect",
  "surveyor",
  "lawyer",
  "real-estate-agent",
  "property-manager",
  "concierge-tours",
  "interior-designer",
  "painter-renovator",
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const CONTACT_METHODS = ["email", "phone", "whatsapp"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/**
 * `paused`: over the account's plan limits after its premium plan ended; out of public view until
 * a plan covers it again, when it goes back to the status it was paused from.
 */
export const LISTING_STATUSES = ["pending_approval", "approved", "rejected", "paused"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const AGENT_TYPES = ["standard", "premium"] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const ROOM_TYPES = ["single-room", "shared-room", "studio", "apartment"] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const GENDER_PREFERENCES = ["mixed", "male-only", "female-only"] as const;
export type GenderPreference = (typeof GENDER_PREFERENCES)[number];

export const TOUR_TYPES = ["safari", "cultural", "adventure", "beach", "city"] as const;
export type TourType = (typeof TOUR_TYPES)[number];

export const AMENITIES = [
  "WiFi",
  "AC",
  "Pool",
  "Parking",
  "Kitchen",
  "Gym",
  "Security",
  "Balcony",
  "OceanView",
  "PetFriendly",
  "Workspace",
  "WashingMachine",
  "Restaurant",
  "Bar",
  "Spa",
  "BeachAccess",
  "BreakfastIncluded",
  "AirportShuttle",
  "Furnished",
  "UtilitiesIncluded",
  "StudyDesk",
  "CommonRoom",
  "LaundryFacilities",
  "Elevator",
  "Garden",
  "HotTub",
  "Fireplace",
  "Accessible",
  "MeetingRooms",
  "RooftopTerrace",
  "NearCampus",
  "RoommateMatching",
  "QuietStudyAreas",
  "StudentOnly",
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const SERVICE_HIGHLIGHTS = [
  "free-consultation",
  "online-booking",
  "verified-credentials",
  "portfolio-available",
  "site-visits",
  "rics-certified",
  "detailed-reports",
  "fast-turnaround",
  "24-7-support",
  "multilingual",
  "custom-packages",
  "licensed-insured",
  "years-experience",
  "local-expertise",
  "flexible-hours",
  "remote-services",
  "payment-plans",
  "satisfaction-guarantee",
] as const;
export type ServiceHighlight = (typeof SERVICE_HIGHLIGHTS)[number];

export const MAX_LISTING_IMAGES = 5;

export const CONTACT_REASONS = ["general", "support", "partnership", "listing"] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];
