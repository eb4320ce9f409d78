import { COUNTRIES, COUNTRY_NAMES } from "../../app/db/reference/reference-data.ts";
import { listingSearchText } from "../../app/lib/listing-search-text.ts";
import type { ListingStatus } from "../../app/lib/listing-values.ts";
import { buildDemoData, createRandom, type DemoListing, type Random } from "../demo/demo-data.ts";
import { CITIES, PRICE_LEVEL } from "./cities.ts";

/** Every generated account's address ends with this; `--reset` removes exactly these. */
export const SCALE_EMAIL_DOMAIN = "scale.gateway-africa.test";
/** The one password of every generated account, so the benchmark can sign any of them in. */
export const SCALE_PASSWORD = "scale-bench-2026";

const DAY_MS = 86_400_000;
const ROLES = ["user", "user", "user", "agent", "agent", "professional"] as const;
type Role = (typeof ROLES)[number];

export interface ScaleUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: true;
  createdAt: Date;
  updatedAt: Date;
}

export type ScaleListing = Omit<DemoListing, "images"> & { searchText: string };

const FIRST = [
  "Amara",
  "Kwame",
  "Zainab",
  "Tendai",
  "Chidi",
  "Fatou",
  "Lerato",
  "Yaw",
  "Nia",
  "Omar",
  "Aisha",
  "Thabo",
  "Wanjiru",
  "Kofi",
  "Mariam",
  "Sipho",
  "Adaeze",
  "Moussa",
  "Halima",
  "Jabari",
];
const LAST = [
  "Okafor",
  "Mensah",
  "Diallo",
  "Mwangi",
  "Ndlovu",
  "Traoré",
  "Abebe",
  "Banda",
  "Kamara",
  "Osei",
  "Njoroge",
  "Haddad",
  "Moyo",
  "Sow",
  "Adeyemi",
  "Kariuki",
  "Bello",
  "Tshabalala",
  "Keita",
  "Achieng",
];
const ADJECTIVES = [
  "Bright",
  "Spacious",
  "Modern",
  "Quiet",
  "Sunny",
  "Elegant",
  "Cosy",
  "Renovated",
  "Central",
  "Leafy",
  "Airy",
  "Secure",
];
const STREETS = [
  "Independence Avenue",
  "Market Street",
  "Unity Road",
  "Church Street",
  "Lagoon Drive",
  "Palm Close",
  "Station Road",
  "Harbour View",
  "Garden Lane",
  "Airport Road",
];

export function scaleUsers(count: number, seed: number, now: Date): ScaleUser[] {
  const rnd = createRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const name = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
    const createdAt = new Date(now.getTime() - rnd.int(30, 400) * DAY_MS);
    return {
      id: `scale-${seed}-${i}`,
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${seed}.${i}@${SCALE_EMAIL_DOMAIN}`,
      role: ROLES[i % ROLES.length] ?? "user",
      emailVerified: true,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/**
 * Listings drawn from the demo catalogue's listings, one template each, so every row keeps the
 * category-specific fields the listing form would give it; the place, price, title, rooms,
 * status and dates are drawn afresh, across all 54 countries.
 */
export function* scaleListings(
  count: number,
  seed: number,
  now: Date,
  owners: { listers: readonly string[]; professionals: readonly string[] },
): Generator<ScaleListing> {
  const rnd = createRandom(seed ^ 0x5eed);
  const templates = buildDemoData(now).listings;
  for (let i = 0; i < count; i++) {
    yield listingFrom(rnd.pick(templates), rnd, now, owners, count - i);
  }
}

function listingFrom(
  template: DemoListing,
  rnd: Random,
  now: Date,
  owners: { listers: readonly string[]; professionals: readonly string[] },
  age: number,
): ScaleListing {
  const { images: _images, ...fields } = template;
  const country = rnd.pick(COUNTRIES);
  const city = rnd.pick(CITIES[country.code] ?? [country.name]);
  const countryName = COUNTRY_NAMES.get(country.code) ?? country.name;
  const level = PRICE_LEVEL[country.code] ?? 0.8;
  const price = Math.max(
    100,
    Math.round((template.priceUsdCents * level * rnd.between(0.5, 1.8)) / 100) * 100,
  );
  const bedrooms =
    template.bedrooms === null ? null : Math.max(0, template.bedrooms + rnd.int(-1, 2));
  const title = titleFor(template, rnd, city, bedrooms);
  const status: ListingStatus = rnd.chance(0.9)
    ? "approved"
    : rnd.chance(0.6)
      ? "pending_approval"
      : "rejected";
  // Older rows first, so identity ids (the "newest" sort) follow creation dates, as in the app.
  const createdAt = new Date(now.getTime() - age * 300_000 - rnd.int(0, 299_999));
  const live = status === "approved";
  const listing = {
    ...fields,
    userId: rnd.pick(fields.category === "professionals" ? owners.professionals : owners.listers),
    title,
    countryCode: country.code,
    city,
    address: `${rnd.int(1, 240)} ${rnd.pick(STREETS)}, ${city}`,
    description: `${fields.description} Located in ${city}, ${countryName}.`,
    priceUsdCents: price,
    bedrooms,
    status,
    rejectionReason: status === "rejected" ? "The photos do not show the actual property." : null,
    featured: live && rnd.chance(0.01),
    rating: live ? rnd.between(3.2, 5).toFixed(1) : null,
    ratingCount: live ? rnd.int(0, 120) : 0,
    views: live ? rnd.int(0, 4000) : rnd.int(0, 10),
    createdAt,
    updatedAt: createdAt,
  };
  return { ...listing, searchText: listingSearchText({ ...listing, countryName }) };
}

/** The template's title with its own place swapped for the new one, or a new one in its words. */
function titleFor(
  template: DemoListing,
  rnd: Random,
  city: string,
  bedrooms: number | null,
): string {
  if (template.title.includes(template.city)) {
    return template.title.replaceAll(template.city, city).slice(0, 140);
  }
  const what =
    template.propertyType ?? template.specialty ?? template.category.replaceAll("-", " ");
  const rooms = bedrooms ? `${bedrooms}-bedroom ` : "";
  return `${rnd.pick(ADJECTIVES)} ${rooms}${what} in ${city}`.slice(0, 140);
}
