import type {
  AgentType,
  Amenity,
  Category,
  CompletionStatus,
  ContactMethod,
  GenderPreference,
  ListingStatus,
  ListingType,
  PriceType,
  PROFESSIONAL_PRICE_TYPES,
  PropertyType,
  RoomType,
  ServiceCategory,
  ServiceHighlight,
  TourType,
} from "../../app/lib/listing-values.ts";
import type { ArtworkMotif } from "./artwork.ts";

/**
 * The demo catalogue: a few agents and professionals and ~180 listings across the six sections,
 * built from hand-written places, packages and services with a seeded generator, so every run
 * (and every test) sees the same data for the same reference date.
 */

export const DEMO_EMAIL_DOMAIN = "demo.gateway-africa.test";

export interface DemoUser {
  id: string;
  name: string;
  email: string;
  role: "agent" | "professional";
  phone: string;
  emailVerified: true;
  createdAt: Date;
  updatedAt: Date;
}

/** One picture of a listing: which artwork scene, and which of its pre-rendered variants. */
export interface DemoImage {
  motif: ArtworkMotif;
  variant: number;
}

export interface DemoListing {
  userId: string;
  title: string;
  category: Category;
  listingType: ListingType;
  propertyType: PropertyType | null;
  completionStatus: CompletionStatus | null;
  serviceCategory: ServiceCategory | null;
  specialty: string | null;
  priceUsdCents: number;
  priceType: PriceType | null;
  countryCode: string;
  city: string;
  address: string;
  description: string;
  contactMethod: ContactMethod;
  contactPhone: string | null;
  status: ListingStatus;
  rejectionReason: string | null;
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
  views: number;
  createdAt: Date;
  updatedAt: Date;
  images: DemoImage[];
}

export interface DemoData {
  users: DemoUser[];
  listings: DemoListing[];
}

/** How many pre-rendered variants each scene has: busy scenes get more, so cards differ. */
export const ARTWORK_VARIANTS: Record<ArtworkMotif, number> = {
  skyline: 3,
  houses: 3,
  villa: 2,
  land: 2,
  "hotel-pool": 2,
  "beach-resort": 2,
  lodge: 2,
  campus: 2,
  dorm: 2,
  study: 2,
  blueprint: 1,
  survey: 1,
  scales: 1,
  briefcase: 2,
  interior: 3,
  paint: 1,
  savanna: 3,
  mountain: 2,
  beach: 2,
  desert: 2,
  airplane: 2,
  car: 2,
  luggage: 2,
};

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

export interface Random {
  next(): number;
  between(min: number, max: number): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** mulberry32: deterministic, so the demo catalogue is the same on every machine. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error("pick() from an empty list");
    return item;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    chance: (p) => next() < p,
    pick,
    sample: (items, count) => {
      const pool = [...items];
      const out: (typeof pool)[number][] = [];
      while (out.length < count && pool.length > 0) {
        const [item] = pool.splice(Math.floor(next() * pool.length), 1);
        if (item !== undefined) out.push(item);
      }
      return out;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// People

interface PersonSeed {
  id: string;
  name: string;
  country: string;
  role: "agent" | "professional";
}

const AGENTS: readonly PersonSeed[] = [
  { id: "demo-agent-1", name: "Chiamaka Okafor", country: "NG", role: "agent" },
  { id: "demo-agent-2", name: "Kwame Mensah", country: "GH", role: "agent" },
  { id: "demo-agent-3", name: "Wanjiru Kamau", country: "KE", role: "agent" },
  { id: "demo-agent-4", name: "Thabo Nkosi", country: "ZA", role: "agent" },
  { id: "demo-agent-5", name: "Aminata Diallo", country: "SN", role: "agent" },
  { id: "demo-agent-6", name: "Youssef El Amrani", country: "MA", role: "agent" },
  { id: "demo-agent-7", name: "Neema Mushi", country: "TZ", role: "agent" },
  { id: "demo-agent-8", name: "Aline Uwase", country: "RW", role: "agent" },
];

const PROFESSIONALS: readonly (PersonSeed & { serviceCategory: ServiceCategory })[] = [
  {
    id: "demo-pro-1",
    name: "Oluwaseun Adeyemi",
    country: "NG",
    role: "professional",
    serviceCategory: "architect",
  },
  {
    id: "demo-pro-2",
    name: "Akosua Boateng",
    country: "GH",
    role: "professional",
    serviceCategory: "lawyer",
  },
  {
    id: "demo-pro-3",
    name: "Brian Otieno",
    country: "KE",
    role: "professional",
    serviceCategory: "surveyor",
  },
  {
    id: "demo-pro-4",
    name: "Lerato Molefe",
    country: "ZA",
    role: "professional",
    serviceCategory: "interior-designer",
  },
  {
    id: "demo-pro-5",
    name: "Jean-Paul Habimana",
    country: "RW",
    role: "professional",
    serviceCategory: "property-manager",
  },
  {
    id: "demo-pro-6",
    name: "Nour El-Sayed",
    country: "EG",
    role: "professional",
    serviceCategory: "real-estate-agent",
  },
  {
    id: "demo-pro-7",
    name: "Tendai Moyo",
    country: "ZW",
    role: "professional",
    serviceCategory: "painter-renovator",
  },
  {
    id: "demo-pro-8",
    name: "Abebe Girma",
    country: "ET",
    role: "professional",
    serviceCategory: "concierge-tours",
  },
];

/** Mobile number formats of every country with demo people or listings; '#' is a random digit. */
const PHONE_FORMATS: Record<string, readonly string[]> = {
  BW: ["+267 71 ### ###", "+267 74 ### ###"],
  CI: ["+225 07 ## ## ## ##", "+225 05 ## ## ## ##"],
  CM: ["+237 677 ## ## ##", "+237 699 ## ## ##"],
  CV: ["+238 991 ## ##", "+238 953 ## ##"],
  EG: ["+20 100 ### ####", "+20 122 ### ####"],
  ET: ["+251 91 ### ####", "+251 92 ### ####"],
  GH: ["+233 24 ### ####", "+233 20 ### ####", "+233 55 ### ####"],
  GM: ["+220 7## ####", "+220 3## ####"],
  KE: ["+254 712 ### ###", "+254 722 ### ###", "+254 733 ### ###"],
  MA: ["+212 6 ## ## ## ##", "+212 7 ## ## ## ##"],
  MG: ["+261 32 ## ### ##", "+261 34 ## ### ##"],
  MU: ["+230 5### ####"],
  MW: ["+265 99# ## ## ##", "+265 88# ## ## ##"],
  MZ: ["+258 84 ### ####", "+258 82 ### ####"],
  NA: ["+264 81 ### ####", "+264 85 ### ####"],
  NG: ["+234 803 ### ####", "+234 806 ### ####", "+234 813 ### ####", "+234 705 ### ####"],
  RW: ["+250 788 ### ###", "+250 783 ### ###"],
  SC: ["+248 2 ## ## ##"],
  SN: ["+221 77 ### ## ##", "+221 78 ### ## ##"],
  TN: ["+216 2# ### ###", "+216 5# ### ###", "+216 9# ### ###"],
  TZ: ["+255 754 ### ###", "+255 713 ### ###"],
  UG: ["+256 77# ### ###", "+256 70# ### ###"],
  ZA: ["+27 82 ### ####", "+27 83 ### ####", "+27 72 ### ####"],
  ZM: ["+260 97# ### ###", "+260 96# ### ###"],
  ZW: ["+263 77 ### ####", "+263 71 ### ####"],
};

function phoneFor(rnd: Random, country: string): string {
  const formats = PHONE_FORMATS[country];
  if (!formats) throw new Error(`No demo phone format for country ${country}.`);
  return rnd.pick(formats).replace(/#/g, () => String(rnd.int(0, 9)));
}

/**
 * The number a listing gives for calls and WhatsApp: a number of the listing's own country, so a
 * flat in Casablanca never shows an Egyptian line. At home that is the lister's own phone;
 * elsewhere a local line of theirs, the same one for all their listings in that country. It draws
 * on its own generator, so it changes nothing else in the catalogue.
 */
function listingPhone(lister: PersonSeed, ownPhone: string, cc: string): string {
  if (cc === lister.country) return ownPhone;
  let hash = 2166136261;
  for (const ch of `${lister.id}:${cc}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return phoneFor(createRandom(hash), cc);
}

/** A demo person's address at the demo domain, from their name ("ama.owusu@…"). */
export function emailFor(name: string): string {
  const ascii = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const [first = "demo", ...rest] = ascii.split(" ");
  return `${first}.${rest.join("").replace(/[^a-z-]/g, "")}@${DEMO_EMAIL_DOMAIN}`;
}

// ---------------------------------------------------------------------------------------------
// Places

interface Place {
  cc: string;
  city: string;
  area: string;
  /** '{n}' becomes a house or plot number. */
  street: string;
  /** Price level against prime Lagos / Cape Town (1.0). */
  level: number;
  near: string;
}

const URBAN: readonly Place[] = [
  {
    cc: "NG",
    city: "Lagos",
    area: "Ikoyi",
    street: "{n} Bourdillon Road",
    level: 1,
    near: "the Lekki–Ikoyi Link Bridge",
  },
  {
    cc: "NG",
    city: "Lagos",
    area: "Victoria Island",
    street: "{n} Adeola Odeku Street",
    level: 0.9,
    near: "Eko Atlantic City",
  },
  {
    cc: "NG",
    city: "Lagos",
    area: "Lekki Phase 1",
    street: "{n} Admiralty Way",
    level: 0.7,
    near: "the Lekki Conservation Centre",
  },
  {
    cc: "NG",
    city: "Abuja",
    area: "Maitama",
    street: "{n} Aguiyi Ironsi Street",
    level: 0.85,
    near: "Millennium Park",
  },
  {
    cc: "NG",
    city: "Abuja",
    area: "Wuse II",
    street: "{n} Aminu Kano Crescent",
    level: 0.65,
    near: "Banex Plaza",
  },
  {
    cc: "GH",
    city: "Accra",
    area: "East Legon",
    street: "{n} Lagos Avenue",
    level: 0.7,
    near: "the A&C Mall",
  },
  {
    cc: "GH",
    city: "Accra",
    area: "Airport Residential Area",
    street: "{n} Patrice Lumumba Road",
    level: 0.8,
    near: "Kotoka International Airport",
  },
  {
    cc: "GH",
    city: "Accra",
    area: "Osu",
    street: "{n} Oxford Street",
    level: 0.55,
    near: "Osu Castle and the Labadi beachfront",
  },
  {
    cc: "GH",
    city: "Accra",
    area: "Cantonments",
    street: "{n} Switchback Road",
    level: 0.8,
    near: "the Accra Polo Club",
  },
  {
    cc: "KE",
    city: "Nairobi",
    area: "Westlands",
    street: "{n} Waiyaki Way",
    level: 0.75,
    near: "the Sarit Centre",
  },
  {
    cc: "KE",
    city: "Nairobi",
    area: "Kilimani",
    street: "{n} Argwings Kodhek Road",
    level: 0.65,
    near: "the Yaya Centre",
  },
  {
    cc: "KE",
    city: "Nairobi",
    area: "Karen",
    street: "{n} Karen Road",
    level: 0.9,
    near: "the Karen Blixen Museum",
  },
  {
    cc: "KE",
    city: "Nairobi",
    area: "Lavington",
    street: "{n} James Gichuru Road",
    level: 0.8,
    near: "Lavington Mall",
  },
  {
    cc: "KE",
    city: "Mombasa",
    area: "Nyali",
    street: "{n} Links Road",
    level: 0.55,
    near: "Nyali Beach",
  },
  {
    cc: "ZA",
    city: "Cape Town",
    area: "Sea Point",
    street: "{n} Beach Road",
    level: 1,
    near: "the Sea Point Promenade",
  },
  {
    cc: "ZA",
    city: "Cape Town",
    area: "Camps Bay",
    street: "{n} Victoria Road",
    level: 1.2,
    near: "Camps Bay Beach",
  },
  {
    cc: "ZA",
    city: "Cape Town",
    area: "Gardens",
    street: "{n} Kloof Street",
    level: 0.8,
    near: "the Table Mountain cableway",
  },
  {
    cc: "ZA",
    city: "Johannesburg",
    area: "Sandton",
    street: "{n} Rivonia Road",
    level: 0.9,
    near: "Sandton City and the Gautrain",
  },
  {
    cc: "ZA",
    city: "Johannesburg",
    area: "Rosebank",
    street: "{n} Oxford Road",
    level: 0.75,
    near: "the Rosebank Gautrain station",
  },
  {
    cc: "ZA",
    city: "Durban",
    area: "Umhlanga",
    street: "{n} Lighthouse Road",
    level: 0.75,
    near: "the Umhlanga Promenade",
  },
  {
    cc: "EG",
    city: "Cairo",
    area: "Zamalek",
    street: "{n} 26th of July Street",
    level: 0.55,
    near: "the Cairo Tower and the Nile",
  },
  {
    cc: "EG",
    city: "Cairo",
    area: "New Cairo",
    street: "Villa {n}, 90th Street, Fifth Settlement",
    level: 0.45,
    near: "the American University in Cairo",
  },
  {
    cc: "EG",
    city: "Cairo",
    area: "Maadi",
    street: "{n} Road 9",
    level: 0.45,
    near: "the Maadi Corniche",
  },
  {
    cc: "EG",
    city: "Alexandria",
    area: "Stanley",
    street: "{n} El Geish Road",
    level: 0.35,
    near: "Stanley Bridge",
  },
  {
    cc: "MA",
    city: "Marrakech",
    area: "Hivernage",
    street: "{n} Avenue Echouhada",
    level: 0.7,
    near: "Jemaa el-Fnaa and the Koutoubia",
  },
  {
    cc: "MA",
    city: "Marrakech",
    area: "Medina",
    street: "{n} Derb Dabachi",
    level: 0.6,
    near: "Jemaa el-Fnaa",
  },
  {
    cc: "MA",
    city: "Casablanca",
    area: "Anfa",
    street: "{n} Boulevard d'Anfa",
    level: 0.7,
    near: "the Hassan II Mosque",
  },
  {
    cc: "MA",
    city: "Rabat",
    area: "Agdal",
    street: "{n} Avenue Fal Ould Oumeir",
    level: 0.5,
    near: "the Rabat-Agdal train station",
  },
  {
    cc: "TZ",
    city: "Dar es Salaam",
    area: "Masaki",
    street: "{n} Haile Selassie Road",
    level: 0.7,
    near: "Coco Beach on the Msasani Peninsula",
  },
  {
    cc: "TZ",
    city: "Arusha",
    area: "Njiro",
    street: "{n} Njiro Road",
    level: 0.45,
    near: "views of Mount Meru",
  },
  {
    cc: "TZ",
    city: "Zanzibar",
    area: "Stone Town",
    street: "{n} Kenyatta Road",
    level: 0.55,
    near: "the Old Fort and Forodhani Gardens",
  },
  {
    cc: "RW",
    city: "Kigali",
    area: "Kiyovu",
    street: "KN {n} Ave",
    level: 0.6,
    near: "the Kigali Convention Centre",
  },
  {
    cc: "RW",
    city: "Kigali",
    area: "Nyarutarama",
    street: "KG {n} St",
    level: 0.7,
    near: "the Kigali Golf Resort",
  },
  {
    cc: "UG",
    city: "Kampala",
    area: "Kololo",
    street: "{n} Acacia Avenue",
    level: 0.6,
    near: "the Kololo Ceremonial Grounds",
  },
  {
    cc: "UG",
    city: "Kampala",
    area: "Muyenga",
    street: "{n} Tank Hill Road",
    level: 0.5,
    near: "Lake Victoria viewpoints",
  },
  {
    cc: "ET",
    city: "Addis Ababa",
    area: "Bole",
    street: "{n} Africa Avenue",
    level: 0.5,
    near: "Bole International Airport",
  },
  {
    cc: "ET",
    city: "Addis Ababa",
    area: "Kazanchis",
    street: "{n} Ras Desta Damtew Street",
    level: 0.45,
    near: "the UN Conference Centre",
  },
  {
    cc: "SN",
    city: "Dakar",
    area: "Almadies",
    street: "{n} Route des Almadies",
    level: 0.8,
    near: "Pointe des Almadies",
  },
  {
    cc: "SN",
    city: "Dakar",
    area: "Plateau",
    street: "{n} Avenue Léopold Sédar Senghor",
    level: 0.65,
    near: "Place de l'Indépendance",
  },
  {
    cc: "CI",
    city: "Abidjan",
    area: "Cocody",
    street: "{n} Boulevard Latrille",
    level: 0.7,
    near: "the Sofitel Hôtel Ivoire",
  },
  {
    cc: "CI",
    city: "Abidjan",
    area: "Marcory Zone 4",
    street: "{n} Rue Paul Langevin",
    level: 0.6,
    near: "the Zone 4 restaurant strip",
  },
  {
    cc: "NA",
    city: "Windhoek",
    area: "Klein Windhoek",
    street: "{n} Nelson Mandela Avenue",
    level: 0.5,
    near: "Windhoek's city centre",
  },
  {
    cc: "BW",
    city: "Gaborone",
    area: "Phakalane",
    street: "Plot {n}, Phakalane Golf Estate",
    level: 0.45,
    near: "the Phakalane golf course",
  },
  {
    cc: "ZM",
    city: "Lusaka",
    area: "Kabulonga",
    street: "{n} Kabulonga Road",
    level: 0.45,
    near: "the Arcades shopping centre",
  },
  {
    cc: "ZW",
    city: "Harare",
    area: "Borrowdale",
    street: "{n} Borrowdale Road",
    level: 0.45,
    near: "Sam Levy's Village",
  },
  {
    cc: "MU",
    city: "Grand Baie",
    area: "Pereybère",
    street: "{n} Royal Road",
    level: 0.9,
    near: "Pereybère public beach",
  },
  {
    cc: "TN",
    city: "Tunis",
    area: "Les Berges du Lac",
    street: "{n} Rue du Lac Windermere",
    level: 0.4,
    near: "the Lac de Tunis promenade",
  },
  {
    cc: "CM",
    city: "Douala",
    area: "Bonapriso",
    street: "{n} Rue Njo-Njo",
    level: 0.5,
    near: "the Wouri waterfront",
  },
  {
    cc: "MZ",
    city: "Maputo",
    area: "Sommerschield",
    street: "{n} Avenida Julius Nyerere",
    level: 0.6,
    near: "Maputo Bay and the Marginal",
  },
];

interface Campus extends Place {
  university: string;
}

const CAMPUSES: readonly Campus[] = [
  {
    cc: "NG",
    city: "Lagos",
    area: "Akoka",
    street: "{n} St. Finbarr's College Road",
    level: 1,
    near: "the UNILAG main gate",
    university: "the University of Lagos",
  },
  {
    cc: "GH",
    city: "Accra",
    area: "Legon",
    street: "{n} Okponglo Road",
    level: 1,
    near: "the Legon campus",
    university: "the University of Ghana",
  },
  {
    cc: "GH",
    city: "Kumasi",
    area: "Ayeduase",
    street: "{n} Ayeduase Road",
    level: 0.8,
    near: "the KNUST campus",
    university: "KNUST",
  },
  {
    cc: "KE",
    city: "Nairobi",
    area: "Madaraka",
    street: "{n} Ole Sangale Road",
    level: 1,
    near: "Strathmore's Madaraka campus",
    university: "Strathmore University",
  },
  {
    cc: "KE",
    city: "Nairobi",
    area: "Kahawa Wendani",
    street: "{n} Kahawa Road",
    level: 0.8,
    near: "the Thika Road superhighway",
    university: "Kenyatta University",
  },
  {
    cc: "KE",
    city: "Nairobi",
    area: "Parklands",
    street: "{n} Limuru Road",
    level: 1,
    near: "the University of Nairobi's Chiromo campus",
    university: "the University of Nairobi",
  },
  {
    cc: "ZA",
    city: "Cape Town",
    area: "Rondebosch",
    street: "{n} Main Road",
    level: 1.3,
    near: "the Jammie Shuttle stop",
    university: "the University of Cape Town",
  },
  {
    cc: "ZA",
    city: "Johannesburg",
    area: "Braamfontein",
    street: "{n} Jorissen Street",
    level: 1.15,
    near: "the Wits East Campus",
    university: "Wits University",
  },
  {
    cc: "ZA",
    city: "Stellenbosch",
    area: "Die Boord",
    street: "{n} Dorp Street",
    level: 1.2,
    near: "the Stellenbosch campus",
    university: "Stellenbosch University",
  },
  {
    cc: "UG",
    city: "Kampala",
    area: "Kikoni",
    street: "{n} Makerere Hill Road",
    level: 0.8,
    near: "Makerere's main gate",
    university: "Makerere University",
  },
  {
    cc: "RW",
    city: "Kigali",
    area: "Nyarugenge",
    street: "KN {n} St",
    level: 0.8,
    near: "the College of Science and Technology",
    university: "the University of Rwanda",
  },
  {
    cc: "TZ",
    city: "Dar es Salaam",
    area: "Mwenge",
    street: "{n} Sam Nujoma Road",
    level: 0.8,
    near: "the Mlimani City mall",
    university: "the University of Dar es Salaam",
  },
  {
    cc: "EG",
    city: "Giza",
    area: "Dokki",
    street: "{n} Tahrir Street",
    level: 0.8,
    near: "the Cairo University main gate",
    university: "Cairo University",
  },
  {
    cc: "EG",
    city: "Cairo",
    area: "New Cairo",
    street: "{n} South 90th Street",
    level: 1.1,
    near: "the AUC New Cairo campus",
    university: "the American University in Cairo",
  },
  {
    cc: "SN",
    city: "Dakar",
    area: "Fann",
    street: "{n} Avenue Cheikh Anta Diop",
    level: 0.9,
    near: "the UCAD campus",
    university: "Université Cheikh Anta Diop",
  },
  {
    cc: "CI",
    city: "Abidjan",
    area: "Cocody",
    street: "{n} Boulevard de l'Université",
    level: 0.9,
    near: "the Félix Houphouët-Boigny campus",
    university: "Université Félix Houphouët-Boigny",
  },
  {
    cc: "ET",
    city: "Addis Ababa",
    area: "Arat Kilo",
    street: "{n} Queen Elizabeth II Street",
    level: 0.7,
    near: "the Sidist Kilo campus",
    university: "Addis Ababa University",
  },
  {
    cc: "ZM",
    city: "Lusaka",
    area: "Roma",
    street: "{n} Great East Road",
    level: 0.7,
    near: "the UNZA Great East Road campus",
    university: "the University of Zambia",
  },
  {
    cc: "MA",
    city: "Rabat",
    area: "Agdal",
    street: "{n} Avenue des Nations Unies",
    level: 0.9,
    near: "the Agdal faculties",
    university: "Mohammed V University",
  },
  {
    cc: "NA",
    city: "Windhoek",
    area: "Pionierspark",
    street: "{n} Mandume Ndemufayo Avenue",
    level: 0.9,
    near: "the UNAM main campus",
    university: "the University of Namibia",
  },
];

interface Getaway {
  cc: string;
  city: string;
  address: string;
  name: string;
  level: number;
  setting: string;
}

const SAFARI: readonly Getaway[] = [
  {
    cc: "KE",
    city: "Maasai Mara",
    address: "Talek Gate Road, Narok County",
    name: "Olare Tented Camp",
    level: 1.2,
    setting:
      "on the edge of the Maasai Mara, where the Great Migration crosses from July to October",
  },
  {
    cc: "TZ",
    city: "Serengeti",
    address: "Seronera Valley, Serengeti National Park",
    name: "Seronera Kopje Lodge",
    level: 1.3,
    setting: "among granite kopjes in the central Serengeti, famous for its resident lions",
  },
  {
    cc: "TZ",
    city: "Karatu",
    address: "Ngorongoro Highlands, Karatu",
    name: "Highlands Coffee Farm Lodge",
    level: 0.8,
    setting: "on a working coffee farm twenty minutes from the Ngorongoro Crater gate",
  },
  {
    cc: "BW",
    city: "Maun",
    address: "Shorobe Road, Okavango Delta",
    name: "Delta Lagoon Camp",
    level: 1.4,
    setting: "on a palm island in the Okavango Delta, reached by light aircraft or boat",
  },
  {
    cc: "BW",
    city: "Kasane",
    address: "President Avenue, Chobe Riverfront",
    name: "Chobe River Lodge",
    level: 0.9,
    setting: "on the Chobe riverfront, home to some of Africa's largest elephant herds",
  },
  {
    cc: "ZA",
    city: "Hazyview",
    address: "Sabi Sand Game Reserve, Mpumalanga",
    name: "Sabi Sand Bush Lodge",
    level: 1.3,
    setting: "in a private reserve sharing unfenced borders with the Kruger National Park",
  },
  {
    cc: "RW",
    city: "Musanze",
    address: "Kinigi, Volcanoes National Park",
    name: "Virunga Volcano Lodge",
    level: 1.1,
    setting:
      "at the foot of the Virunga volcanoes, minutes from the gorilla trekking briefing point",
  },
  {
    cc: "UG",
    city: "Bwindi",
    address: "Buhoma, Bwindi Impenetrable Forest",
    name: "Buhoma Forest Lodge",
    level: 0.9,
    setting: "on the edge of Bwindi Impenetrable Forest, beside the Buhoma trailhead",
  },
  {
    cc: "ZM",
    city: "Mfuwe",
    address: "Mfuwe Road, South Luangwa National Park",
    name: "Luangwa River Camp",
    level: 1,
    setting: "on the banks of the Luangwa River, the birthplace of the walking safari",
  },
  {
    cc: "NA",
    city: "Etosha",
    address: "Okaukuejo, Etosha National Park",
    name: "Etosha Waterhole Lodge",
    level: 0.7,
    setting: "next to a floodlit waterhole where black rhino come to drink after dark",
  },
  {
    cc: "ZW",
    city: "Victoria Falls",
    address: "Parkway Drive, Victoria Falls",
    name: "Zambezi Gorge Lodge",
    level: 0.8,
    setting: "on the rim of the Zambezi gorge, a short walk from the Falls",
  },
  {
    cc: "KE",
    city: "Naivasha",
    address: "Moi South Lake Road, Naivasha",
    name: "Lake Naivasha Fever Tree Lodge",
    level: 0.6,
    setting:
      "in fever-tree woodland on the shore of Lake Naivasha, with hippos grazing on the lawn",
  },
];

const COAST: readonly Getaway[] = [
  {
    cc: "KE",
    city: "Diani",
    address: "Diani Beach Road, Kwale County",
    name: "Diani Coral Beach Resort",
    level: 0.8,
    setting: "on Diani's white-sand beach, with a coral reef lagoon at low tide",
  },
  {
    cc: "KE",
    city: "Watamu",
    address: "Turtle Bay Road, Watamu",
    name: "Watamu Turtle Bay Resort",
    level: 0.7,
    setting: "inside the Watamu Marine National Park, famous for its sea turtles",
  },
  {
    cc: "TZ",
    city: "Nungwi",
    address: "Nungwi Beach, North Unguja, Zanzibar",
    name: "Nungwi Dhow Beach Resort",
    level: 0.9,
    setting:
      "on Zanzibar's northern tip, where the tides barely change and sunsets fall into the sea",
  },
  {
    cc: "TZ",
    city: "Paje",
    address: "Paje Beach, South-East Zanzibar",
    name: "Paje Kite Beach Villas",
    level: 0.6,
    setting: "on Paje's shallow lagoon, one of the world's best kitesurfing spots",
  },
  {
    cc: "MU",
    city: "Flic en Flac",
    address: "Coastal Road, Flic en Flac",
    name: "Flic en Flac Lagoon Resort",
    level: 1.1,
    setting: "on the sheltered west coast of Mauritius, known for its calm lagoon and sunsets",
  },
  {
    cc: "SC",
    city: "Mahé",
    address: "Beau Vallon Beach, Mahé",
    name: "Beau Vallon Bay Resort",
    level: 1.4,
    setting: "on Beau Vallon, Mahé's longest beach, with granite hills behind",
  },
  {
    cc: "EG",
    city: "Hurghada",
    address: "El Gouna Road, Hurghada",
    name: "Red Sea Reef Resort",
    level: 0.5,
    setting: "on the Red Sea with a house reef a few strokes from the jetty",
  },
  {
    cc: "EG",
    city: "Sharm El Sheikh",
    address: "Naama Bay, Sharm El Sheikh",
    name: "Naama Bay Coral Resort",
    level: 0.5,
    setting: "in Naama Bay, a short boat ride from the reefs of Ras Mohammed",
  },
  {
    cc: "TN",
    city: "Hammamet",
    address: "Yasmine Hammamet, Nabeul",
    name: "Yasmine Hammamet Beach Resort",
    level: 0.45,
    setting: "in Yasmine Hammamet, next to the marina and the medina",
  },
  {
    cc: "SN",
    city: "Saly",
    address: "Saly Portudal, Petite-Côte",
    name: "Petite-Côte Beach Resort",
    level: 0.55,
    setting: "on the Petite-Côte, an hour from Blaise Diagne International Airport",
  },
  {
    cc: "CI",
    city: "Assinie",
    address: "Assinie-Mafia, Sud-Comoé",
    name: "Assinie Lagoon Beach Club",
    level: 0.7,
    setting: "on the strip between the Aby lagoon and the Atlantic, Abidjan's weekend escape",
  },
  {
    cc: "CV",
    city: "Santa Maria",
    address: "Rua 1° de Junho, Santa Maria, Sal",
    name: "Santa Maria Sal Beach Resort",
    level: 0.7,
    setting:
      "on Santa Maria beach on the island of Sal, with year-round sun and steady trade winds",
  },
  {
    cc: "GM",
    city: "Kololi",
    address: "Senegambia Strip, Kololi",
    name: "Senegambia Palm Beach Hotel",
    level: 0.4,
    setting: "on the Senegambia strip, with a palm-fringed Atlantic beach and a bird-filled garden",
  },
  {
    cc: "MG",
    city: "Nosy Be",
    address: "Ambatoloaka, Nosy Be",
    name: "Nosy Be Ylang Ylang Resort",
    level: 0.7,
    setting: "in Ambatoloaka bay, scented by ylang-ylang plantations and close to Lokobe reserve",
  },
  {
    cc: "MZ",
    city: "Tofo",
    address: "Praia do Tofo, Inhambane",
    name: "Tofo Reef Beach Lodge",
    level: 0.55,
    setting: "on Tofo beach, where whale sharks and manta rays feed offshore all year",
  },
  {
    cc: "MW",
    city: "Cape Maclear",
    address: "Chembe Village, Lake Malawi National Park",
    name: "Cape Maclear Lakeshore Resort",
    level: 0.45,
    setting: "on the shores of Lake Malawi, with hundreds of species of colourful cichlid fish",
  },
];

// ---------------------------------------------------------------------------------------------
// Wording helpers

const AMENITY_PHRASES: Record<Amenity, string> = {
  WiFi: "fibre Wi-Fi",
  AC: "air conditioning",
  Pool: "a swimming pool",
  Parking: "secure parking",
  Kitchen: "a fitted kitchen",
  Gym: "a gym",
  Security: "24-hour security",
  Balcony: "a private balcony",
  OceanView: "ocean views",
  PetFriendly: "a pet-friendly policy",
  Workspace: "a home office",
  WashingMachine: "a washing machine",
  Restaurant: "an on-site restaurant",
  Bar: "a bar",
  Spa: "a spa",
  BeachAccess: "direct beach access",
  BreakfastIncluded: "daily breakfast",
  AirportShuttle: "an airport shuttle",
  Furnished: "full furnishing",
  UtilitiesIncluded: "all utilities",
  StudyDesk: "a study desk in every room",
  CommonRoom: "a common room",
  LaundryFacilities: "laundry facilities",
  Elevator: "lifts",
  Garden: "a landscaped garden",
  HotTub: "a hot tub",
  Fireplace: "a fireplace",
  Accessible: "step-free access",
  MeetingRooms: "meeting rooms",
  RooftopTerrace: "a rooftop terrace",
  NearCampus: "a short walk to campus",
  RoommateMatching: "roommate matching",
  QuietStudyAreas: "quiet study areas",
  StudentOnly: "students-only residents",
};

function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1] ?? ""}`;
}

function amenitySentence(lead: string, amenities: readonly Amenity[], count = 4): string {
  return `${lead} ${listPhrase(amenities.slice(0, count).map((a) => AMENITY_PHRASES[a]))}.`;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function withNumber(rnd: Random, street: string, max = 120): string {
  return street.replace("{n}", String(rnd.int(2, max)));
}

function addressOf(rnd: Random, street: string, area: string, max = 120): string {
  return `${withNumber(rnd, street, max)}, ${area}`;
}

function streetName(street: string): string {
  return street
    .replace(/^Villa \{n\}, /, "")
    .replace(/^Plot \{n\}, /, "")
    .replace(/\{n\}\s*/, "")
    .trim();
}

/** Price in US cents, scaled by the place's level and rounded to a realistic step. */
function priceCents(rnd: Random, min: number, max: number, level = 1): number {
  const dollars = rnd.between(min, max) * level;
  const step =
    dollars >= 100_000
      ? 5_000
      : dollars >= 10_000
        ? 500
        : dollars >= 1_000
          ? 50
          : dollars >= 100
            ? 5
            : 1;
  return Math.max(step, Math.round(dollars / step) * step) * 100;
}

const TITLE_DEEDS: Record<string, string> = {
  NG: "The title is a registered Certificate of Occupancy with Governor's Consent",
  GH: "The land is registered with the Lands Commission and comes with a Land Title Certificate",
  KE: "Sold with a clean freehold title deed and all rates paid up",
  ZA: "Transfer is handled by a registered conveyancer; the title is clear of bonds",
  EG: "The unit is registered at the Real Estate Publicity Department (Shahr El Akary)",
  MA: "The property has a registered titre foncier from the Conservation Foncière",
};

function tenureSentence(cc: string): string {
  return (
    TITLE_DEEDS[cc] ??
    "The title is registered and the documents are available for your lawyer to review"
  );
}

function rentTermsSentence(cc: string, city: string): string {
  if (cc === "NG" || cc === "GH") {
    return `Rent is paid one year in advance, as is customary in ${city}, plus a refundable caution fee.`;
  }
  return "Rent is paid monthly with a two-month refundable deposit; available from the start of next month.";
}

// ---------------------------------------------------------------------------------------------
// Builders

interface Draft extends Omit<
  DemoListing,
  | "status"
  | "rejectionReason"
  | "featured"
  | "agentType"
  | "views"
  | "createdAt"
  | "updatedAt"
  | "contactMethod"
  | "contactPhone"
> {
  /** Listings worth featuring (prime places, signature packages). */
  showcase?: boolean;
}

const BLANK = {
  propertyType: null,
  completionStatus: null,
  serviceCategory: null,
  specialty: null,
  amenities: [],
  serviceHighlights: [],
  tourTypes: [],
  bedrooms: null,
  bathrooms: null,
  areaM2: null,
  roomType: null,
  genderPreference: null,
} satisfies Partial<Draft>;

function images(rnd: Random, primary: ArtworkMotif, others: readonly ArtworkMotif[]): DemoImage[] {
  const count = rnd.int(1, 3);
  const motifs = [
    primary,
    ...rnd.sample(
      others.filter((m) => m !== primary),
      count - 1,
    ),
  ];
  return motifs.map((motif) => ({ motif, variant: rnd.int(0, ARTWORK_VARIANTS[motif] - 1) }));
}

const REGION_AGENTS: Record<string, string> = {
  NG: "demo-agent-1",
  CM: "demo-agent-1",
  GH: "demo-agent-2",
  GM: "demo-agent-2",
  CV: "demo-agent-2",
  KE: "demo-agent-3",
  UG: "demo-agent-3",
  ET: "demo-agent-3",
  ZA: "demo-agent-4",
  NA: "demo-agent-4",
  BW: "demo-agent-4",
  ZM: "demo-agent-4",
  ZW: "demo-agent-4",
  MZ: "demo-agent-4",
  MW: "demo-agent-4",
  SN: "demo-agent-5",
  CI: "demo-agent-5",
  MA: "demo-agent-6",
  EG: "demo-agent-6",
  TN: "demo-agent-6",
  TZ: "demo-agent-7",
  MU: "demo-agent-7",
  SC: "demo-agent-7",
  MG: "demo-agent-7",
  RW: "demo-agent-8",
};

const agentFor = (cc: string): string => REGION_AGENTS[cc] ?? "demo-agent-2";

function realEstate(rnd: Random): Draft[] {
  const plan: [EstateType, number][] = [
    ["apartment", 17],
    ["house", 12],
    ["villa", 8],
    ["townhouse", 6],
    ["land", 7],
    ["commercial", 7],
  ];
  const drafts: Draft[] = [];
  const places = rnd.sample(URBAN, URBAN.length);
  let placeIndex = 0;
  const nextPlace = (): Place => {
    const place = places[placeIndex % places.length];
    placeIndex++;
    if (!place) throw new Error("no places");
    return place;
  };
  // A few signature listings every demo should show, whatever the shuffle does.
  const anchors: [string, EstateType, "sale" | "rent"][] = [
    ["Ikoyi", "apartment", "sale"],
    ["Westlands", "apartment", "rent"],
    ["Camps Bay", "villa", "sale"],
    ["East Legon", "house", "sale"],
    ["Kiyovu", "apartment", "rent"],
  ];
  for (const [area, propertyType, deal] of anchors) {
    const place = URBAN.find((p) => p.area === area) ?? nextPlace();
    drafts.push(realEstateListing(rnd, place, propertyType, deal));
  }
  for (const [propertyType, planned] of plan) {
    const count = planned - anchors.filter(([, type]) => type === propertyType).length;
    for (let i = 0; i < count; i++) {
      drafts.push(realEstateListing(rnd, nextPlace(), propertyType));
    }
  }
  return drafts;
}

type EstateType = "apartment" | "house" | "villa" | "townhouse" | "land" | "commercial";

function realEstateListing(
  rnd: Random,
  place: Place,
  propertyType: EstateType,
  deal?: "sale" | "rent",
): Draft {
  const { cc, city, area, level } = place;
  const street = streetName(place.street);
  const address = addressOf(rnd, place.street, area);
  const nearby = rnd.pick([
    "minutes from",
    "a short drive from",
    "within walking distance of",
    "close to",
  ]);
  const base = {
    ...BLANK,
    userId: agentFor(cc),
    category: "real-estate" as const,
    propertyType,
    countryCode: cc,
    city,
    address,
  };

  if (propertyType === "land") {
    const areaM2 = rnd.pick([450, 500, 600, 648, 900, 1000, 1200, 1800, 2400, 4000]);
    const lease = rnd.chance(0.25);
    const title = lease
      ? `${areaM2.toLocaleString("en-US")} m² Serviced Plot for Long Lease, ${area}`
      : rnd.pick([
          `${areaM2.toLocaleString("en-US")} m² Residential Plot in ${area}, ${city}`,
          `Titled ${areaM2 >= 1000 ? "Corner" : "Gated-Estate"} Plot of ${areaM2.toLocaleString("en-US")} m², ${area}`,
          `Dry, Fenced Building Plot off ${street}, ${area}`,
        ]);
    const description = [
      `A ${areaM2.toLocaleString("en-US")} m² plot off ${street} in ${area}, ${nearby} ${place.near}.`,
      rnd.pick([
        "The land is dry, fenced and beaconed, with road access and mains power at the boundary.",
        "The plot is flat and fully fenced, in a gated estate with tarred roads, drainage and street lighting.",
        "Zoned residential, suitable for a family home or a block of four to six apartments.",
      ]),
      lease
        ? "Offered on a 25-year renewable lease, with the annual rent reviewed every five years."
        : `${tenureSentence(cc)}.`,
    ].join(" ");
    return {
      ...base,
      title,
      description,
      listingType: lease ? "lease" : "sale",
      priceUsdCents: lease
        ? priceCents(rnd, 6_000, 30_000, level)
        : priceCents(rnd, 80_000, 700_000, level * (areaM2 / 1500) ** 0.5),
      priceType: lease ? "per_year" : null,
      areaM2,
      amenities: rnd.sample(["Security", "Garden", "Parking"] as const, rnd.int(1, 2)),
      images: images(rnd, "land", ["survey", "blueprint"]),
      showcase: level >= 0.9,
    };
  }

  if (propertyType === "commercial") {
    const areaM2 = rnd.pick([120, 180, 250, 320, 450, 600, 850, 1200, 2000]);
    const sale = rnd.chance(0.35);
    const kind = rnd.pick(["office floor", "retail unit", "showroom", "warehouse"] as const);
    const title = {
      "office floor": `Grade-A Office Floor, ${areaM2.toLocaleString("en-US")} m², on ${street}`,
      "retail unit": `Ground-Floor Retail Unit on ${street}, ${area}`,
      showroom: `Corner Showroom with Frontage on ${street}, ${area}`,
      warehouse: `Warehouse and Office Space, ${areaM2.toLocaleString("en-US")} m², ${city}`,
    }[kind];
    const amenities = rnd.sample(
      ["AC", "Parking", "Security", "Elevator", "MeetingRooms", "WiFi", "Accessible"] as const,
      rnd.int(3, 5),
    );
    const description = [
      `${capitalise(kind === "office floor" ? "an open-plan office floor" : `a ${kind}`)} of ${areaM2.toLocaleString("en-US")} m² in ${area}, ${city}, ${nearby} ${place.near}.`,
      amenitySentence("The building offers", amenities),
      rnd.pick([
        "Backup power and water storage keep the space running through outages.",
        "Suitable for a regional headquarters, a bank branch or a flagship store.",
        "Service charge covers cleaning of common areas, security and maintenance.",
      ]),
      sale
        ? `${tenureSentence(cc)}.`
        : "Minimum lease of three years with a fit-out period negotiable.",
    ].join(" ");
    return {
      ...base,
      title,
      description,
      listingType: sale ? "sale" : "lease",
      priceUsdCents: sale
        ? priceCents(rnd, 450_000, 3_500_000, level * (areaM2 / 600) ** 0.5)
        : priceCents(rnd, 2_500, 18_000, level * (areaM2 / 600) ** 0.6),
      priceType: sale ? null : "per_month",
      areaM2,
      completionStatus: "ready",
      amenities,
      images: images(rnd, "skyline", ["briefcase", "interior"]),
      showcase: level >= 0.9 && sale,
    };
  }

  const homes: Record<
    "apartment" | "house" | "villa" | "townhouse",
    {
      beds: [number, number];
      sale: [number, number];
      rent: [number, number];
      m2PerBed: [number, number];
      amenities: readonly Amenity[];
      motif: ArtworkMotif;
    }
  > = {
    apartment: {
      beds: [1, 4],
      sale: [250_000, 900_000],
      rent: [1_100, 3_500],
      m2PerBed: [45, 70],
      amenities: [
        "Pool",
        "Gym",
        "Security",
        "Parking",
        "Elevator",
        "AC",
        "Balcony",
        "WiFi",
        "RooftopTerrace",
        "Furnished",
        "Kitchen",
      ],
      motif: "skyline",
    },
    house: {
      beds: [3, 5],
      sale: [350_000, 1_400_000],
      rent: [2_000, 6_000],
      m2PerBed: [60, 90],
      amenities: [
        "Garden",
        "Parking",
        "Security",
        "AC",
        "Kitchen",
        "Workspace",
        "PetFriendly",
        "WashingMachine",
        "Balcony",
      ],
      motif: "houses",
    },
    villa: {
      beds: [4, 6],
      sale: [700_000, 2_800_000],
      rent: [3_500, 9_000],
      m2PerBed: [80, 120],
      amenities: [
        "Pool",
        "Garden",
        "Security",
        "Parking",
        "AC",
        "Gym",
        "HotTub",
        "OceanView",
        "Workspace",
        "Kitchen",
      ],
      motif: "villa",
    },
    townhouse: {
      beds: [2, 4],
      sale: [220_000, 750_000],
      rent: [1_400, 4_000],
      m2PerBed: [55, 75],
      amenities: [
        "Security",
        "Parking",
        "Garden",
        "AC",
        "Kitchen",
        "Balcony",
        "Pool",
        "PetFriendly",
      ],
      motif: "houses",
    },
  };
  const spec = homes[propertyType];
  const bedrooms = rnd.int(spec.beds[0], spec.beds[1]);
  const bathrooms = Math.max(1, bedrooms + rnd.int(-1, 1));
  const areaM2 =
    Math.round((bedrooms * rnd.between(spec.m2PerBed[0], spec.m2PerBed[1]) + 30) / 5) * 5;
  const rent = deal ? deal === "rent" : rnd.chance(0.42);
  const offPlan =
    !rent && (propertyType === "apartment" || propertyType === "townhouse") && rnd.chance(0.3);
  const amenities = rnd.sample(spec.amenities, rnd.int(4, 7));
  const word = propertyType;
  // Its rooms and surroundings: another building's outside would read as a second property.
  const extraMotifs: ArtworkMotif[] =
    propertyType === "villa" ? ["interior", "beach", "study"] : ["interior", "study"];
  const adjective = rnd.pick([
    "bright",
    "spacious",
    "newly finished",
    "well-kept",
    "modern",
    "elegant",
  ]);
  const feature = rnd.pick(
    amenities.includes("Pool")
      ? ["a Pool", "Pool and Gym", "a Private Pool"]
      : amenities.includes("Garden")
        ? ["a Garden", "a Mature Garden", "Staff Quarters"]
        : ["Backup Power", "24/7 Security", "a Balcony"],
  );
  const title = offPlan
    ? `Off-Plan ${bedrooms}-Bedroom ${capitalise(word)}s, ${area}: Payment Plan Available`
    : rnd.pick([
        `${bedrooms}-Bedroom ${capitalise(word)} with ${feature} in ${area}`,
        `${capitalise(adjective)} ${bedrooms}-Bed ${capitalise(word)}, ${area}, ${city}`,
        `${rent ? "Furnished" : "Move-In Ready"} ${bedrooms}-Bedroom ${capitalise(word)} on ${street}`,
      ]);
  const intro = offPlan
    ? `${bedrooms}-bedroom ${word}s under construction on ${street} in ${area}, ${nearby} ${place.near}.`
    : `${capitalise(adjective)} ${bedrooms}-bedroom ${word} on ${street} in ${area}, ${nearby} ${place.near}.`;
  const layout = rnd.pick([
    `${bathrooms} bathrooms, an open-plan kitchen and living area and about ${areaM2} m² of floor space.`,
    `All bedrooms are en suite, with a guest toilet, a family lounge and ${areaM2} m² under roof.`,
    `The ${areaM2} m² layout has ${bathrooms} bathrooms, a separate dining room and a laundry.`,
  ]);
  const terms = rent
    ? rentTermsSentence(cc, city)
    : offPlan
      ? `Completion is planned for ${rnd.pick(["the end of next year", "the third quarter of next year", "eighteen months from now"])}; a 30% deposit secures a unit, with the balance in quarterly instalments.`
      : `${tenureSentence(cc)}.`;
  return {
    ...base,
    title,
    description: [
      intro,
      layout,
      amenitySentence(
        propertyType === "apartment" ? "Residents enjoy" : "It comes with",
        amenities,
      ),
      terms,
    ].join(" "),
    listingType: rent ? "rent" : "sale",
    completionStatus: offPlan ? "off-plan" : "ready",
    priceUsdCents: rent
      ? priceCents(rnd, spec.rent[0], spec.rent[1], level)
      : priceCents(rnd, spec.sale[0], spec.sale[1], level),
    priceType: rent ? "per_month" : null,
    bedrooms,
    bathrooms,
    areaM2,
    amenities,
    images: images(
      rnd,
      spec.motif,
      extraMotifs.filter((m) => m !== spec.motif),
    ),
    showcase: level >= 0.8 && !rent,
  };
}

function hospitality(rnd: Random): Draft[] {
  const drafts: Draft[] = [];
  const cityPlaces = rnd.sample(URBAN, 17);
  cityPlaces.forEach((place, i) => {
    const hotel = i < 9;
    const address = addressOf(rnd, place.street, place.area, 90);
    const street = streetName(place.street);
    const name = hotel
      ? rnd.pick([
          `The ${place.area} Grand`,
          `${place.area} Boutique Hotel`,
          `${place.city} Palm Hotel, ${place.area}`,
          `The ${place.area} Courtyard Hotel`,
        ])
      : rnd.pick([
          `${place.area} Garden Guesthouse`,
          `Casa ${place.area}`,
          `The Acacia House, ${place.area}`,
          `${place.area} Family Guesthouse`,
        ]);
    const amenities = hotel
      ? rnd.sample(
          [
            "WiFi",
            "AC",
            "Pool",
            "Gym",
            "Restaurant",
            "Bar",
            "Spa",
            "BreakfastIncluded",
            "AirportShuttle",
            "Parking",
            "Security",
            "MeetingRooms",
            "RooftopTerrace",
            "Elevator",
          ] as const,
          rnd.int(5, 8),
        )
      : rnd.sample(
          [
            "WiFi",
            "AC",
            "BreakfastIncluded",
            "Garden",
            "Parking",
            "Security",
            "Kitchen",
            "WashingMachine",
            "PetFriendly",
            "AirportShuttle",
          ] as const,
          rnd.int(4, 6),
        );
    const room = rnd.pick(
      hotel
        ? ["Deluxe King Room", "Executive Suite", "Superior Twin Room", "Junior Suite"]
        : ["Double Room", "Garden Room", "Twin Room", "Family Room"],
    );
    drafts.push({
      ...BLANK,
      userId: agentFor(place.cc),
      title: `${name}: ${room}${amenities.includes("BreakfastIncluded") ? " with Breakfast" : ""}`,
      category: "hospitality",
      listingType: "booking",
      propertyType: hotel ? "hotel" : "guesthouse",
      countryCode: place.cc,
      city: place.city,
      address,
      description: [
        hotel
          ? `A ${rnd.pick(["four-star", "business", "boutique", "design-led"])} hotel on ${street} in ${place.area}, ${rnd.pick(["minutes from", "close to", "a short ride from"])} ${place.near}.`
          : `A ${rnd.pick(["family-run", "quiet", "homely", "leafy"])} guesthouse in ${place.area}, ${place.city}, ${rnd.pick(["minutes from", "close to", "within walking distance of"])} ${place.near}.`,
        `The ${room.toLowerCase()} sleeps ${room.includes("Family") ? "four" : "two"} and has ${rnd.pick(["a rain shower", "a writing desk and blackout curtains", "a kitchenette", "garden views"])}.`,
        amenitySentence("Guests have", amenities),
        rnd.pick([
          "Free cancellation up to 48 hours before arrival.",
          "Check-in from 2 pm, late check-out on request.",
          "Long-stay rates available for a week or more.",
        ]),
      ].join(" "),
      priceUsdCents: hotel
        ? priceCents(rnd, 90, 320, Math.sqrt(place.level))
        : priceCents(rnd, 30, 120, Math.sqrt(place.level)),
      priceType: "per_night",
      bedrooms: 1,
      bathrooms: 1,
      amenities,
      images: images(rnd, hotel ? "hotel-pool" : "houses", ["interior", "study"]),
      showcase: hotel && place.level >= 0.8,
    });
  });
  for (const lodge of rnd.sample(SAFARI, 7)) {
    const amenities = rnd.sample(
      [
        "BreakfastIncluded",
        "Restaurant",
        "Bar",
        "Pool",
        "WiFi",
        "AirportShuttle",
        "Spa",
        "Parking",
      ] as const,
      rnd.int(4, 6),
    );
    drafts.push({
      ...BLANK,
      userId: agentFor(lodge.cc),
      title: `${lodge.name}: ${rnd.pick(["Luxury Tent", "Thatched Chalet", "Family Cottage", "Riverside Suite"])}, Full Board`,
      category: "hospitality",
      listingType: "booking",
      propertyType: "lodge",
      countryCode: lodge.cc,
      city: lodge.city,
      address: lodge.address,
      description: [
        `A ${rnd.pick(["small", "owner-run", "eco-certified", "intimate"])} safari lodge ${lodge.setting}.`,
        `Rates are per night for two and include all meals, ${rnd.pick(["two game drives a day", "guided walks and sundowners", "morning and evening game drives with a private guide"])}.`,
        amenitySentence("The lodge has", amenities, 3),
      ].join(" "),
      priceUsdCents: priceCents(rnd, 220, 850, lodge.level),
      priceType: "per_night",
      bedrooms: 1,
      bathrooms: 1,
      amenities,
      images: images(rnd, "lodge", ["savanna"]),
      showcase: lodge.level >= 1.2,
    });
  }
  for (const resort of rnd.sample(COAST, 6)) {
    const amenities = rnd.sample(
      [
        "BeachAccess",
        "OceanView",
        "Pool",
        "Spa",
        "Restaurant",
        "Bar",
        "BreakfastIncluded",
        "AirportShuttle",
        "WiFi",
        "AC",
        "Gym",
      ] as const,
      rnd.int(5, 8),
    );
    drafts.push({
      ...BLANK,
      userId: agentFor(resort.cc),
      title: `${resort.name}: ${rnd.pick(["Ocean-View Room", "Beachfront Villa", "Garden Bungalow", "Sea-View Suite"])}`,
      category: "hospitality",
      listingType: "booking",
      propertyType: "resort",
      countryCode: resort.cc,
      city: resort.city,
      address: resort.address,
      description: [
        `A beach resort ${resort.setting}.`,
        amenitySentence("Guests enjoy", amenities),
        rnd.pick([
          "Snorkelling trips and sunset cruises can be booked at reception.",
          "Children under six stay free when sharing their parents' room.",
          "Honeymoon packages include a couples' massage and a private dinner on the beach.",
        ]),
      ].join(" "),
      priceUsdCents: priceCents(rnd, 140, 520, resort.level),
      priceType: "per_night",
      bedrooms: 1,
      bathrooms: 1,
      amenities,
      images: images(rnd, "beach-resort", ["beach", "interior"]),
      showcase: resort.level >= 1,
    });
  }
  return drafts;
}

function studentHousing(rnd: Random): Draft[] {
  const drafts: Draft[] = [];
  const campuses = [...rnd.sample(CAMPUSES, CAMPUSES.length), ...rnd.sample(CAMPUSES, 2)];
  for (const campus of campuses) {
    const roomType = rnd.pick([
      "single-room",
      "single-room",
      "shared-room",
      "studio",
      "apartment",
    ] as const);
    const genderPreference = rnd.pick(["mixed", "mixed", "female-only", "male-only"] as const);
    const amenities: Amenity[] = [
      "StudyDesk",
      "NearCampus",
      ...rnd.sample(
        [
          "WiFi",
          "Furnished",
          "LaundryFacilities",
          "CommonRoom",
          "QuietStudyAreas",
          "Security",
          "StudentOnly",
          "UtilitiesIncluded",
          "Kitchen",
        ] as const,
        rnd.int(3, 5),
      ),
      ...(roomType === "shared-room" || roomType === "apartment"
        ? (["RoommateMatching"] as const)
        : []),
    ];
    const genderLabel =
      genderPreference === "female-only"
        ? "Female-Only "
        : genderPreference === "male-only"
          ? "Male-Only "
          : "";
    const walk = rnd.int(3, 15);
    const title = {
      "single-room": rnd.pick([
        `${genderLabel}Single En-Suite Room near ${campus.university}`,
        `${genderLabel}Single Room, ${walk} Minutes' Walk from ${campus.university}`,
      ]),
      "shared-room": `${genderLabel}Shared Twin Room in ${campus.area} Student Hostel`,
      studio: `Furnished Student Studio in ${campus.area}, near ${campus.university}`,
      apartment: `${rnd.int(2, 4)}-Bedroom Student Apartment to Share, ${campus.area}`,
    }[roomType];
    const bedrooms = roomType === "apartment" ? rnd.int(2, 4) : 1;
    drafts.push({
      ...BLANK,
      userId: agentFor(campus.cc),
      title: capitalise(title),
      category: "student-housing",
      listingType: "rent",
      countryCode: campus.cc,
      city: campus.city,
      address: addressOf(rnd, campus.street, campus.area, 80),
      description: [
        `${capitalise(roomType === "apartment" ? "a shared apartment" : roomType === "studio" ? "a self-contained studio" : `a ${roomType.replace("-", " ")}`)} in ${campus.area}, ${walk} minutes on foot from ${campus.near}.`,
        amenitySentence(
          "Residents get",
          amenities.filter((a) => a !== "NearCampus"),
        ),
        genderPreference === "mixed"
          ? "Open to all students; a student ID or admission letter is required to book."
          : `This is a ${genderPreference} residence with a resident warden; a student ID or admission letter is required.`,
        rnd.pick([
          "Leases run per semester or for the full academic year.",
          "Rent is paid per semester; a one-month deposit is refunded at move-out.",
          "Parents can pay the rent directly and receive monthly statements.",
        ]),
      ].join(" "),
      priceUsdCents: priceCents(rnd, 80, 240, campus.level),
      priceType: "per_month",
      bedrooms,
      bathrooms: roomType === "apartment" ? Math.max(1, bedrooms - 1) : 1,
      roomType,
      genderPreference,
      amenities,
      images: images(
        rnd,
        roomType === "shared-room" || roomType === "apartment" ? "dorm" : "study",
        ["interior", "dorm", "study"],
      ),
    });
  }
  return drafts;
}

interface ServiceSeed {
  title: string;
  cc: string;
  city: string;
  area: string;
  street: string;
  specialty: string;
  priceType: (typeof PROFESSIONAL_PRICE_TYPES)[number];
  price: [number, number];
  about: string;
  highlights: ServiceHighlight[];
}

const SERVICES: Record<ServiceCategory, readonly ServiceSeed[]> = {
  architect: [
    {
      title: "Residential Architecture & Building Permit Drawings",
      cc: "NG",
      city: "Lagos",
      area: "Lekki Phase 1",
      street: "{n} Admiralty Way",
      specialty: "Residential design and LASPPPA planning approvals",
      priceType: "per_project",
      price: [2_500, 12_000],
      about:
        "We design family homes and small apartment blocks, and take the drawings through Lagos State planning approval for you.",
      highlights: ["portfolio-available", "site-visits", "verified-credentials", "payment-plans"],
    },
    {
      title: "Tropical Modern Villa Design Studio",
      cc: "NG",
      city: "Abuja",
      area: "Maitama",
      street: "{n} Aguiyi Ironsi Street",
      specialty: "Luxury residential and tropical modernism",
      priceType: "consultation_fee",
      price: [100, 250],
      about:
        "Deep roof overhangs, cross-ventilation and courtyards: villas designed for the climate, with 3D walkthroughs before construction starts.",
      highlights: [
        "free-consultation",
        "portfolio-available",
        "remote-services",
        "years-experience",
      ],
    },
    {
      title: "Commercial & Mixed-Use Architecture",
      cc: "GH",
      city: "Accra",
      area: "Osu",
      street: "{n} Oxford Street",
      specialty: "Offices, retail and mixed-use developments",
      priceType: "per_hour",
      price: [60, 120],
      about:
        "From feasibility massing to tender drawings for offices, shops and mixed-use blocks in Greater Accra.",
      highlights: ["detailed-reports", "site-visits", "licensed-insured", "local-expertise"],
    },
    {
      title: "Green Building Design & EDGE Certification",
      cc: "KE",
      city: "Nairobi",
      area: "Westlands",
      street: "{n} Waiyaki Way",
      specialty: "Sustainable design and EDGE green certification",
      priceType: "per_project",
      price: [3_000, 15_000],
      about:
        "Passive cooling, solar and rainwater design that cuts running costs and qualifies projects for IFC EDGE certification.",
      highlights: [
        "verified-credentials",
        "detailed-reports",
        "remote-services",
        "satisfaction-guarantee",
      ],
    },
  ],
  surveyor: [
    {
      title: "Land Surveying, Beacons & Title Verification",
      cc: "KE",
      city: "Nairobi",
      area: "Karen",
      street: "{n} Karen Road",
      specialty: "Cadastral and boundary surveys",
      priceType: "per_project",
      price: [400, 1_800],
      about:
        "Licensed surveyors who re-establish beacons, check the registry index map and confirm the land you are buying is the land on the title.",
      highlights: ["site-visits", "verified-credentials", "fast-turnaround", "local-expertise"],
    },
    {
      title: "Property Valuation Reports for Mortgages & Probate",
      cc: "KE",
      city: "Nairobi",
      area: "Kilimani",
      street: "{n} Argwings Kodhek Road",
      specialty: "Residential and commercial valuation",
      priceType: "fixed",
      price: [250, 700],
      about:
        "Bank-panel valuations for mortgages, insurance, probate and disputes, delivered within five working days of the inspection.",
      highlights: ["rics-certified", "detailed-reports", "fast-turnaround", "licensed-insured"],
    },
    {
      title: "Topographic & Drone Surveys for Developers",
      cc: "TZ",
      city: "Dar es Salaam",
      area: "Masaki",
      street: "{n} Haile Selassie Road",
      specialty: "Topographic surveys and drone mapping",
      priceType: "per_project",
      price: [900, 4_000],
      about:
        "Drone photogrammetry and total-station surveys with contour plans ready for your architect and engineer.",
      highlights: ["detailed-reports", "site-visits", "rics-certified", "years-experience"],
    },
    {
      title: "Quantity Surveying & Construction Cost Control",
      cc: "UG",
      city: "Kampala",
      area: "Kololo",
      street: "{n} Acacia Avenue",
      specialty: "Bills of quantities and cost monitoring",
      priceType: "per_project",
      price: [800, 3_500],
      about:
        "Bills of quantities, tender analysis and monthly valuations, so diaspora clients know exactly what their builder has done.",
      highlights: ["detailed-reports", "remote-services", "verified-credentials", "payment-plans"],
    },
  ],
  lawyer: [
    {
      title: "Property Conveyancing & Land Title Searches",
      cc: "GH",
      city: "Accra",
      area: "Cantonments",
      street: "{n} Switchback Road",
      specialty: "Conveyancing and Lands Commission searches",
      priceType: "per_hour",
      price: [80, 180],
      about:
        "Searches at the Lands Commission, vetting of indentures and stamp duty, and registration of your title after purchase.",
      highlights: [
        "verified-credentials",
        "detailed-reports",
        "remote-services",
        "years-experience",
      ],
    },
    {
      title: "Immigration Lawyer: Residence & Work Permits",
      cc: "GH",
      city: "Accra",
      area: "Airport Residential Area",
      street: "{n} Patrice Lumumba Road",
      specialty: "Residence permits, work permits and Right of Abode",
      priceType: "consultation_fee",
      price: [60, 150],
      about:
        "Applications to the Ghana Immigration Service for residence and work permits, Right of Abode for the diaspora and company quota approvals.",
      highlights: ["free-consultation", "multilingual", "verified-credentials", "local-expertise"],
    },
    {
      title: "Diaspora Property Purchase Legal Package",
      cc: "NG",
      city: "Lagos",
      area: "Ikoyi",
      street: "{n} Bourdillon Road",
      specialty: "Due diligence and Governor's Consent",
      priceType: "retainer",
      price: [800, 2_500],
      about:
        "We search the Lagos Land Registry, verify the seller, draft the deed of assignment and obtain Governor's Consent while you are abroad.",
      highlights: ["remote-services", "verified-credentials", "detailed-reports", "payment-plans"],
    },
    {
      title: "Tenancy Disputes, Evictions & Lease Drafting",
      cc: "KE",
      city: "Nairobi",
      area: "Westlands",
      street: "{n} Waiyaki Way",
      specialty: "Landlord and tenant law",
      priceType: "fixed",
      price: [150, 450],
      about:
        "Fixed-fee lease drafting and representation at the Business Premises Rent Tribunal for landlords and tenants.",
      highlights: ["fast-turnaround", "free-consultation", "flexible-hours", "licensed-insured"],
    },
  ],
  "real-estate-agent": [
    {
      title: "Buyer's Agent for Apartments in New Cairo",
      cc: "EG",
      city: "Cairo",
      area: "New Cairo",
      street: "Villa {n}, 90th Street, Fifth Settlement",
      specialty: "Resale and off-plan apartments in New Cairo",
      priceType: "fixed",
      price: [500, 1_500],
      about:
        "We shortlist compounds, check developer delivery records and negotiate payment plans on your behalf.",
      highlights: ["local-expertise", "multilingual", "site-visits", "payment-plans"],
    },
    {
      title: "Red Sea Holiday Home Search, Hurghada & El Gouna",
      cc: "EG",
      city: "Hurghada",
      area: "El Kawther",
      street: "{n} Sheraton Road",
      specialty: "Holiday homes and rental yield",
      priceType: "per_project",
      price: [800, 2_000],
      about:
        "Video viewings, rental-yield estimates and handover inspections for buyers purchasing by the Red Sea from abroad.",
      highlights: ["remote-services", "multilingual", "portfolio-available", "custom-packages"],
    },
    {
      title: "Licensed Broker for Marrakech Riads & Villas",
      cc: "MA",
      city: "Marrakech",
      area: "Medina",
      street: "{n} Derb Dabachi",
      specialty: "Riads in the Medina and Palmeraie villas",
      priceType: "consultation_fee",
      price: [80, 150],
      about:
        "Riads with titre foncier only, structural checks before you commit and a notary we trust for the completion.",
      highlights: ["verified-credentials", "multilingual", "local-expertise", "site-visits"],
    },
    {
      title: "Commercial Leasing Broker, Casablanca Finance City",
      cc: "MA",
      city: "Casablanca",
      area: "Anfa",
      street: "{n} Boulevard d'Anfa",
      specialty: "Office leasing and tenant representation",
      priceType: "per_project",
      price: [1_000, 4_000],
      about:
        "Tenant representation for regional offices in Casablanca Finance City: search, negotiation and fit-out coordination.",
      highlights: ["detailed-reports", "years-experience", "multilingual", "custom-packages"],
    },
  ],
  "property-manager": [
    {
      title: "Short-Let & Airbnb Management in Kigali",
      cc: "RW",
      city: "Kigali",
      area: "Kiyovu",
      street: "KN {n} Ave",
      specialty: "Short-term rentals and guest management",
      priceType: "retainer",
      price: [150, 450],
      about:
        "Listing, pricing, guest check-in, cleaning and monthly owner statements for furnished apartments in Kigali.",
      highlights: ["24-7-support", "local-expertise", "multilingual", "detailed-reports"],
    },
    {
      title: "Residential Rental Management: Tenants, Rent & Repairs",
      cc: "RW",
      city: "Kigali",
      area: "Nyarutarama",
      street: "KG {n} St",
      specialty: "Long-term residential lettings",
      priceType: "retainer",
      price: [120, 350],
      about:
        "Tenant vetting, rent collection into your account and trusted artisans for repairs, with photos of every job.",
      highlights: [
        "verified-credentials",
        "local-expertise",
        "remote-services",
        "satisfaction-guarantee",
      ],
    },
    {
      title: "Diaspora Property Care & Monthly Inspection Reports",
      cc: "UG",
      city: "Kampala",
      area: "Muyenga",
      street: "{n} Tank Hill Road",
      specialty: "Property care for owners abroad",
      priceType: "retainer",
      price: [100, 300],
      about:
        "Monthly visits, utility payments and a photo report for homes and plots whose owners live abroad.",
      highlights: ["remote-services", "detailed-reports", "flexible-hours", "local-expertise"],
    },
    {
      title: "Estate & Facility Management for Apartment Blocks",
      cc: "KE",
      city: "Nairobi",
      area: "Kilimani",
      street: "{n} Argwings Kodhek Road",
      specialty: "Service charge and facility management",
      priceType: "retainer",
      price: [600, 2_500],
      about:
        "Service-charge budgets, security and cleaning contracts, lift and generator maintenance and annual audited accounts.",
      highlights: ["24-7-support", "licensed-insured", "detailed-reports", "years-experience"],
    },
  ],
  "concierge-tours": [
    {
      title: "Private Addis Ababa City Guide & Coffee Ceremony",
      cc: "ET",
      city: "Addis Ababa",
      area: "Bole",
      street: "{n} Africa Avenue",
      specialty: "City tours and Ethiopian food culture",
      priceType: "per_hour",
      price: [20, 45],
      about:
        "Merkato market, the National Museum's Lucy, Holy Trinity Cathedral and a traditional coffee ceremony, at your pace.",
      highlights: ["multilingual", "flexible-hours", "local-expertise", "custom-packages"],
    },
    {
      title: "Relocation Concierge for Expats in Addis Ababa",
      cc: "ET",
      city: "Addis Ababa",
      area: "Kazanchis",
      street: "{n} Ras Desta Damtew Street",
      specialty: "Relocation, housing search and school visits",
      priceType: "per_project",
      price: [600, 1_800],
      about:
        "House hunting, school visits, residence ID paperwork and a driver for your first week in the city.",
      highlights: ["custom-packages", "multilingual", "24-7-support", "local-expertise"],
    },
    {
      title: "Bespoke Tour Planning: Lalibela, Gondar & Axum",
      cc: "ET",
      city: "Addis Ababa",
      area: "Bole",
      street: "{n} Bole Road",
      specialty: "Historic route itineraries",
      priceType: "consultation_fee",
      price: [40, 90],
      about:
        "Domestic flights, licensed local guides and hotels along Ethiopia's historic route, timed around festivals like Timkat and Meskel.",
      highlights: ["custom-packages", "free-consultation", "years-experience", "local-expertise"],
    },
    {
      title: "Business Travel Fixer: Meetings, Drivers & Interpreters",
      cc: "KE",
      city: "Nairobi",
      area: "Westlands",
      street: "{n} Waiyaki Way",
      specialty: "Business travel logistics",
      priceType: "per_hour",
      price: [30, 70],
      about:
        "Airport meet-and-greet, vetted drivers, interpreters and meeting rooms for delegations visiting Nairobi.",
      highlights: ["24-7-support", "multilingual", "flexible-hours", "verified-credentials"],
    },
  ],
  "interior-designer": [
    {
      title: "Turnkey Interior Design for Apartments & Short-Lets",
      cc: "ZA",
      city: "Johannesburg",
      area: "Rosebank",
      street: "{n} Oxford Road",
      specialty: "Turnkey furnishing for rental apartments",
      priceType: "per_project",
      price: [2_500, 18_000],
      about:
        "Design, sourcing, installation and styling, handed over photo-ready for Airbnb or long-term tenants.",
      highlights: ["portfolio-available", "custom-packages", "fast-turnaround", "payment-plans"],
    },
    {
      title: "Afro-Contemporary Interior Styling & Décor",
      cc: "ZA",
      city: "Cape Town",
      area: "Gardens",
      street: "{n} Kloof Street",
      specialty: "Afro-contemporary styling with local makers",
      priceType: "consultation_fee",
      price: [90, 250],
      about:
        "Interiors that mix local craft (Zulu baskets, Ndebele-inspired prints, Kente textiles) with clean contemporary pieces.",
      highlights: [
        "portfolio-available",
        "free-consultation",
        "local-expertise",
        "satisfaction-guarantee",
      ],
    },
    {
      title: "Office & Co-Working Fit-Out Design",
      cc: "ZA",
      city: "Johannesburg",
      area: "Sandton",
      street: "{n} Rivonia Road",
      specialty: "Workplace and co-working design",
      priceType: "per_project",
      price: [6_000, 40_000],
      about:
        "Space planning, acoustics, lighting and furniture for offices and co-working floors, with project management through to handover.",
      highlights: [
        "detailed-reports",
        "licensed-insured",
        "years-experience",
        "portfolio-available",
      ],
    },
    {
      title: "Virtual Interior Design Consultations",
      cc: "ZA",
      city: "Durban",
      area: "Umhlanga",
      street: "{n} Lighthouse Road",
      specialty: "E-design and mood boards",
      priceType: "fixed",
      price: [150, 400],
      about:
        "Send photos and measurements; receive a mood board, a floor plan and a shoppable list within ten days.",
      highlights: ["remote-services", "free-consultation", "fast-turnaround", "flexible-hours"],
    },
  ],
  "painter-renovator": [
    {
      title: "Interior & Exterior Painting, Northern Suburbs",
      cc: "ZW",
      city: "Harare",
      area: "Borrowdale",
      street: "{n} Borrowdale Road",
      specialty: "Residential painting",
      priceType: "per_project",
      price: [400, 3_500],
      about:
        "Surface preparation, crack filling and two coats of quality paint, with furniture protected and the site cleaned daily.",
      highlights: [
        "free-consultation",
        "satisfaction-guarantee",
        "years-experience",
        "site-visits",
      ],
    },
    {
      title: "Roof Repairs, Waterproofing & Damp Treatment",
      cc: "ZW",
      city: "Harare",
      area: "Avondale",
      street: "{n} King George Road",
      specialty: "Roofing and waterproofing",
      priceType: "per_project",
      price: [600, 4_500],
      about:
        "Leak detection, torch-on waterproofing and rising-damp treatment before the rains, with a two-year workmanship guarantee.",
      highlights: ["licensed-insured", "satisfaction-guarantee", "site-visits", "fast-turnaround"],
    },
    {
      title: "Kitchen & Bathroom Renovations",
      cc: "ZM",
      city: "Lusaka",
      area: "Kabulonga",
      street: "{n} Kabulonga Road",
      specialty: "Kitchen and bathroom remodelling",
      priceType: "per_project",
      price: [2_500, 12_000],
      about:
        "Tiling, plumbing, cabinetry and fittings under one contract, with a fixed quote and a written schedule.",
      highlights: ["portfolio-available", "payment-plans", "licensed-insured", "detailed-reports"],
    },
    {
      title: "Painting & Handyman Services by the Hour",
      cc: "BW",
      city: "Gaborone",
      area: "Phakalane",
      street: "Plot {n}, Phakalane Golf Estate",
      specialty: "Small repairs and touch-ups",
      priceType: "per_hour",
      price: [12, 30],
      about:
        "Touch-ups between tenants, door and tap repairs, curtain rails and shelving, booked by the hour.",
      highlights: [
        "flexible-hours",
        "satisfaction-guarantee",
        "fast-turnaround",
        "local-expertise",
      ],
    },
  ],
};

const SERVICE_MOTIFS: Record<ServiceCategory, [ArtworkMotif, ArtworkMotif[]]> = {
  architect: ["blueprint", ["villa", "houses", "interior"]],
  surveyor: ["survey", ["land", "blueprint"]],
  lawyer: ["scales", ["briefcase"]],
  "real-estate-agent": ["briefcase", ["houses", "villa", "skyline"]],
  "property-manager": ["skyline", ["briefcase", "interior", "houses"]],
  "concierge-tours": ["car", ["savanna", "mountain", "airplane"]],
  "interior-designer": ["interior", ["paint", "villa"]],
  "painter-renovator": ["paint", ["houses", "interior"]],
};

function professionals(rnd: Random): Draft[] {
  const drafts: Draft[] = [];
  for (const pro of PROFESSIONALS) {
    const [primary, others] = SERVICE_MOTIFS[pro.serviceCategory];
    for (const service of SERVICES[pro.serviceCategory]) {
      const extraHighlights = rnd.sample(
        [
          "years-experience",
          "local-expertise",
          "verified-credentials",
          "free-consultation",
          "multilingual",
        ] as const,
        rnd.int(0, 2),
      );
      drafts.push({
        ...BLANK,
        userId: pro.id,
        title: service.title,
        category: "professionals",
        listingType: "service",
        serviceCategory: pro.serviceCategory,
        specialty: service.specialty,
        countryCode: service.cc,
        city: service.city,
        address: addressOf(rnd, service.street, service.area, 60),
        description: [
          service.about,
          rnd.pick([
            `Based in ${service.area}, ${service.city}, and working across the region.`,
            `Our office is in ${service.area}, ${service.city}; first meetings can also be held online.`,
            `We serve clients in ${service.city} and abroad, with quotes in writing before any work starts.`,
          ]),
        ].join(" "),
        priceUsdCents: priceCents(rnd, service.price[0], service.price[1]),
        priceType: service.priceType,
        serviceHighlights: [...new Set([...service.highlights, ...extraHighlights])],
        images: images(rnd, primary, others),
        showcase: service.priceType === "per_project",
      });
    }
  }
  return drafts;
}

interface PackageSeed {
  title: string;
  cc: string;
  city: string;
  office: string;
  tourTypes: TourType[];
  price: [number, number];
  motif: ArtworkMotif;
  about: string;
}

const PACKAGES: readonly PackageSeed[] = [
  {
    title: "7-Day Maasai Mara & Lake Nakuru Safari",
    cc: "KE",
    city: "Nairobi",
    office: "{n} Waiyaki Way, Westlands",
    tourTypes: ["safari"],
    price: [1_800, 2_600],
    motif: "savanna",
    about:
      "Three nights in the Mara during the migration season, flamingos and rhino at Lake Nakuru, and a night at Lake Naivasha on the way back.",
  },
  {
    title: "Gorilla Trekking in Volcanoes National Park, 3 Days",
    cc: "RW",
    city: "Kigali",
    office: "KN {n} Ave, Kiyovu",
    tourTypes: ["safari", "adventure"],
    price: [2_400, 3_800],
    motif: "mountain",
    about:
      "The gorilla permit, a guided trek to a habituated family in the Virungas, golden monkeys on day two and transfers from Kigali.",
  },
  {
    title: "Kilimanjaro Machame Route Climb, 7 Days",
    cc: "TZ",
    city: "Moshi",
    office: "{n} Boma Road, Moshi",
    tourTypes: ["adventure"],
    price: [2_100, 2_900],
    motif: "mountain",
    about:
      "The 'whiskey route' with an extra acclimatisation day, certified mountain guides, porters paid fairly and all park fees.",
  },
  {
    title: "Serengeti Great Migration Fly-In Safari, 5 Days",
    cc: "TZ",
    city: "Arusha",
    office: "{n} Njiro Road, Njiro",
    tourTypes: ["safari"],
    price: [3_900, 6_000],
    motif: "savanna",
    about:
      "Light-aircraft flights from Arusha to a mobile camp that follows the herds, with river-crossing drives from July to September.",
  },
  {
    title: "Zanzibar Stone Town, Spice Farm & Beach Escape, 6 Days",
    cc: "TZ",
    city: "Zanzibar",
    office: "{n} Kenyatta Road, Stone Town",
    tourTypes: ["cultural", "beach"],
    price: [900, 1_400],
    motif: "beach",
    about:
      "A guided walk through Stone Town's carved doors and markets, a spice farm lunch, then four nights on the beach at Nungwi.",
  },
  {
    title: "Cape Town & Garden Route Road Trip, 10 Days",
    cc: "ZA",
    city: "Cape Town",
    office: "{n} Kloof Street, Gardens",
    tourTypes: ["city", "adventure", "beach"],
    price: [1_600, 2_400],
    motif: "mountain",
    about:
      "Table Mountain, the Cape Winelands, whale watching in Hermanus and the forests and lagoons of Knysna and Tsitsikamma.",
  },
  {
    title: "Kruger Big Five Private Reserve Safari, 4 Days",
    cc: "ZA",
    city: "Johannesburg",
    office: "{n} Oxford Road, Rosebank",
    tourTypes: ["safari"],
    price: [1_500, 3_200],
    motif: "savanna",
    about:
      "Open-vehicle game drives with a tracker in a private reserve bordering Kruger, where off-road driving brings you close to leopard.",
  },
  {
    title: "Okavango Delta Mokoro & Chobe River Safari, 8 Days",
    cc: "BW",
    city: "Maun",
    office: "{n} Sir Seretse Khama Road, Maun",
    tourTypes: ["safari", "adventure"],
    price: [3_200, 5_500],
    motif: "savanna",
    about:
      "Glide through the delta's channels by mokoro, walk on palm islands and end with boat safaris among Chobe's elephant herds.",
  },
  {
    title: "Victoria Falls Adventure Weekend: Rafting, Bungee & Sunset Cruise",
    cc: "ZW",
    city: "Victoria Falls",
    office: "{n} Livingstone Way",
    tourTypes: ["adventure"],
    price: [650, 1_100],
    motif: "mountain",
    about:
      "Grade-five rapids below the Falls, the bridge bungee or gorge swing, a guided tour of the rainforest and a Zambezi sunset cruise.",
  },
  {
    title: "Marrakech Medina & Sahara Desert Camp, 4 Days",
    cc: "MA",
    city: "Marrakech",
    office: "{n} Avenue Echouhada, Hivernage",
    tourTypes: ["cultural", "adventure"],
    price: [550, 900],
    motif: "desert",
    about:
      "The Atlas passes, Aït Benhaddou's kasbah, a camel ride into the Merzouga dunes and a night in a Berber camp under the stars.",
  },
  {
    title: "Cairo Pyramids & Nile Cruise to Aswan, 8 Days",
    cc: "EG",
    city: "Cairo",
    office: "{n} 26th of July Street, Zamalek",
    tourTypes: ["cultural"],
    price: [1_200, 2_100],
    motif: "desert",
    about:
      "Giza and the Grand Egyptian Museum with an Egyptologist, then a four-night Nile cruise from Luxor to Aswan with Karnak and the Valley of the Kings.",
  },
  {
    title: "Cape Coast Castles & Kakum Canopy Walk Day Trip",
    cc: "GH",
    city: "Accra",
    office: "{n} Oxford Street, Osu",
    tourTypes: ["cultural"],
    price: [85, 140],
    motif: "beach",
    about:
      "A sobering guided tour of Cape Coast and Elmina castles and the canopy walkway in Kakum's rainforest, with lunch by the sea.",
  },
  {
    title: "Sossusvlei Dunes & Etosha Self-Drive, 9 Days",
    cc: "NA",
    city: "Windhoek",
    office: "{n} Nelson Mandela Avenue, Klein Windhoek",
    tourTypes: ["safari", "adventure"],
    price: [1_900, 3_000],
    motif: "desert",
    about:
      "A 4x4 with rooftop tent, pre-booked lodges, sunrise on Dune 45, Deadvlei's ancient trees and three days of waterhole game viewing in Etosha.",
  },
  {
    title: "Lalibela Rock Churches & Simien Mountains Trek, 7 Days",
    cc: "ET",
    city: "Addis Ababa",
    office: "{n} Bole Road, Bole",
    tourTypes: ["cultural", "adventure"],
    price: [1_400, 2_300],
    motif: "mountain",
    about:
      "Lalibela's rock-hewn churches with a priest-guide, then three days trekking the Simien escarpment among gelada baboons.",
  },
  {
    title: "Dakar City Tour with Gorée Island & the Pink Lake",
    cc: "SN",
    city: "Dakar",
    office: "{n} Route des Almadies, Almadies",
    tourTypes: ["cultural", "city"],
    price: [70, 130],
    motif: "beach",
    about:
      "The ferry to Gorée and the House of Slaves, Dakar's markets and the African Renaissance Monument, ending at Lac Rose.",
  },
  {
    title: "Murchison Falls & Kibale Chimpanzee Tracking, 5 Days",
    cc: "UG",
    city: "Kampala",
    office: "{n} Acacia Avenue, Kololo",
    tourTypes: ["safari", "adventure"],
    price: [1_300, 2_200],
    motif: "savanna",
    about:
      "A boat to the foot of Murchison Falls, rhino tracking at Ziwa and a chimpanzee trek in Kibale Forest.",
  },
  {
    title: "Lamu Old Town & Dhow Sailing Retreat, 4 Days",
    cc: "KE",
    city: "Lamu",
    office: "{n} Harambee Avenue, Lamu Old Town",
    tourTypes: ["cultural", "beach"],
    price: [700, 1_200],
    motif: "beach",
    about:
      "Swahili architecture in a UNESCO-listed town without cars, a sunset dhow sail and a day on Shela beach.",
  },
  {
    title: "Nosy Be Island Hopping & Snorkelling, 6 Days",
    cc: "MG",
    city: "Nosy Be",
    office: "Ambatoloaka, Nosy Be",
    tourTypes: ["beach", "adventure"],
    price: [850, 1_500],
    motif: "beach",
    about:
      "Boat days to Nosy Tanikely's marine reserve and Nosy Iranja's sandbar, lemurs at Lokobe and seafood on the beach.",
  },
  {
    title: "Tunis, Carthage & Sidi Bou Said Heritage Day Tour",
    cc: "TN",
    city: "Tunis",
    office: "{n} Rue du Lac Windermere, Les Berges du Lac",
    tourTypes: ["cultural", "city"],
    price: [60, 110],
    motif: "beach",
    about:
      "The Bardo's mosaics, the ruins of Carthage and the blue-and-white cliff village of Sidi Bou Said, with mint tea at Café des Délices.",
  },
  {
    title: "Lagos City Culture Tour: Nike Art Gallery, Lekki Market & Freedom Park",
    cc: "NG",
    city: "Lagos",
    office: "{n} Admiralty Way, Lekki Phase 1",
    tourTypes: ["city", "cultural"],
    price: [45, 90],
    motif: "skyline",
    about:
      "Five floors of Nigerian art at Nike, haggling for fabric at Lekki Arts & Crafts Market and live music at Freedom Park.",
  },
  {
    title: "Mount Kenya Sirimon–Chogoria Trek, 5 Days",
    cc: "KE",
    city: "Nanyuki",
    office: "{n} Kenyatta Avenue, Nanyuki",
    tourTypes: ["adventure"],
    price: [900, 1_500],
    motif: "mountain",
    about:
      "Up through bamboo forest and moorland to Point Lenana at 4,985 m, down the spectacular Chogoria gorge.",
  },
  {
    title: "Akagera Big Five Day Safari from Kigali",
    cc: "RW",
    city: "Kigali",
    office: "KG {n} St, Nyarutarama",
    tourTypes: ["safari"],
    price: [180, 320],
    motif: "savanna",
    about:
      "An early start for a full day of game drives and a boat trip on Lake Ihema, home to hippos and crocodiles.",
  },
  {
    title: "South Luangwa Walking Safari, 5 Days",
    cc: "ZM",
    city: "Mfuwe",
    office: "Mfuwe Road, South Luangwa",
    tourTypes: ["safari", "adventure"],
    price: [2_000, 3_600],
    motif: "savanna",
    about:
      "Walk with an armed scout and expert guide in the valley where walking safaris began, with night drives for leopard.",
  },
  {
    title: "Mauritius Catamaran Cruise to Île aux Cerfs",
    cc: "MU",
    city: "Trou d'Eau Douce",
    office: "Coastal Road, Trou d'Eau Douce",
    tourTypes: ["beach"],
    price: [90, 150],
    motif: "beach",
    about:
      "A day under sail with snorkelling stops, a barbecue lunch on board and time on Île aux Cerfs' white beaches.",
  },
];

const TRAVEL_MOTIFS: readonly ArtworkMotif[] = ["savanna", "mountain", "beach", "desert"];

function travel(rnd: Random): Draft[] {
  return PACKAGES.map((pkg) => {
    const amenities = rnd.sample(
      ["AirportShuttle", "BreakfastIncluded", "WiFi"] as const,
      rnd.int(0, 2),
    );
    return {
      ...BLANK,
      userId: agentFor(pkg.cc),
      title: pkg.title,
      category: "travel-agencies" as const,
      listingType: "booking" as const,
      countryCode: pkg.cc,
      city: pkg.city,
      address: withNumber(rnd, pkg.office, 90),
      description: [
        pkg.about,
        /\d+[- ]Days?\b/.test(pkg.title)
          ? rnd.pick([
              "Price per person sharing, including park fees, accommodation and transport; international flights are extra.",
              "Per person, based on two sharing; private departures on any date for groups of two or more.",
              "Price per person with a licensed guide throughout; single supplement on request.",
            ])
          : rnd.pick([
              "Price per person, including hotel pickup, entrance fees and lunch.",
              "Per person with a licensed guide; small groups of up to eight, daily departures.",
            ]),
      ].join(" "),
      priceUsdCents: priceCents(rnd, pkg.price[0], pkg.price[1]),
      priceType: "per_person" as const,
      tourTypes: pkg.tourTypes,
      amenities,
      images: images(
        rnd,
        pkg.motif,
        TRAVEL_MOTIFS.filter((m) => m !== pkg.motif),
      ),
      showcase: pkg.price[1] >= 2_500,
    };
  });
}

interface ConciergeSeed {
  title: string;
  cc: string;
  city: string;
  address: string;
  listingType: "service" | "booking";
  priceType: PriceType;
  price: [number, number];
  motif: ArtworkMotif;
  about: string;
}

const CONCIERGE: readonly ConciergeSeed[] = [
  {
    title: "Kotoka Airport Pickup with Meet & Greet (ACC)",
    cc: "GH",
    city: "Accra",
    address: "Kotoka International Airport, Terminal 3",
    listingType: "service",
    priceType: "fixed",
    price: [35, 60],
    motif: "car",
    about:
      "Your driver waits in arrivals with a name board, helps with bags and takes you to any address in Accra in an air-conditioned car.",
  },
  {
    title: "JKIA Fast-Track Arrival & Transfer to Nairobi Hotels",
    cc: "KE",
    city: "Nairobi",
    address: "Jomo Kenyatta International Airport, Terminal 1A",
    listingType: "service",
    priceType: "fixed",
    price: [45, 80],
    motif: "airplane",
    about:
      "An agent meets you at the aircraft door, escorts you through immigration and hands you over to a driver for the ride into town.",
  },
  {
    title: "Chauffeur-Driven SUV in Lagos, Full Day with Security Escort",
    cc: "NG",
    city: "Lagos",
    address: "Adeola Odeku Street, Victoria Island",
    listingType: "service",
    priceType: "fixed",
    price: [180, 320],
    motif: "car",
    about:
      "A late-model SUV, an experienced Lagos driver and an optional police escort for ten hours of meetings across the island and mainland.",
  },
  {
    title: "Murtala Muhammed Airport Protocol & Transfer (LOS)",
    cc: "NG",
    city: "Lagos",
    address: "Murtala Muhammed International Airport, Ikeja",
    listingType: "service",
    priceType: "fixed",
    price: [70, 140],
    motif: "airplane",
    about:
      "Protocol officers speed you through arrival formalities and baggage claim, then a driver takes you to Ikoyi, VI or Lekki.",
  },
  {
    title: "Cape Town Airport Transfer + Hotel Bundle, 3 Nights",
    cc: "ZA",
    city: "Cape Town",
    address: "Cape Town International Airport",
    listingType: "booking",
    priceType: "per_person",
    price: [420, 780],
    motif: "luggage",
    about:
      "Return airport transfers and three nights in a four-star Sea Point hotel with breakfast, booked as one package.",
  },
  {
    title: "Flights Desk: Regional Flights, Visas & Invitation Letters",
    cc: "KE",
    city: "Nairobi",
    address: "Waiyaki Way, Westlands",
    listingType: "service",
    priceType: "fixed",
    price: [25, 50],
    motif: "airplane",
    about:
      "We find the best connections across Africa, handle e-visas and invitation letters, and rebook you when schedules change.",
  },
  {
    title: "Kigali Airport Pickup & Local SIM Setup",
    cc: "RW",
    city: "Kigali",
    address: "Kigali International Airport, Kanombe",
    listingType: "service",
    priceType: "fixed",
    price: [30, 50],
    motif: "car",
    about:
      "Pickup at arrivals, a local SIM card with data activated before you leave the car, and a short orientation drive.",
  },
  {
    title: "Marrakech Menara Airport Private Transfer to Your Riad",
    cc: "MA",
    city: "Marrakech",
    address: "Marrakech Menara Airport",
    listingType: "service",
    priceType: "fixed",
    price: [25, 45],
    motif: "car",
    about:
      "A driver to the edge of the Medina and a porter with a cart to carry your luggage through the alleys to your riad's door.",
  },
  {
    title: "Cairo Airport VIP Meet & Assist with Visa on Arrival",
    cc: "EG",
    city: "Cairo",
    address: "Cairo International Airport, Terminal 2",
    listingType: "service",
    priceType: "fixed",
    price: [40, 75],
    motif: "airplane",
    about:
      "An assistant buys your visa stamp, walks you through passport control and customs and sees you to your car.",
  },
  {
    title: "Addis Ababa Layover City Tour & Lounge Package",
    cc: "ET",
    city: "Addis Ababa",
    address: "Bole International Airport",
    listingType: "booking",
    priceType: "per_person",
    price: [60, 120],
    motif: "airplane",
    about:
      "For layovers of eight hours or more: a transit visa, a driver-guide for the city's highlights, an Ethiopian lunch and lounge access.",
  },
  {
    title: "Dakar Blaise Diagne Airport Transfer & Hotel Check-In",
    cc: "SN",
    city: "Dakar",
    address: "Blaise Diagne International Airport, Diass",
    listingType: "service",
    priceType: "fixed",
    price: [40, 70],
    motif: "car",
    about:
      "The 45-minute toll-road transfer into Dakar with a French- and English-speaking driver who handles your hotel check-in.",
  },
  {
    title: "Zanzibar Airport Pickup & Ferry Connection to Dar",
    cc: "TZ",
    city: "Zanzibar",
    address: "Abeid Amani Karume International Airport",
    listingType: "service",
    priceType: "fixed",
    price: [35, 65],
    motif: "luggage",
    about:
      "Pickup on arrival, a night's luggage storage if you need it and a VIP ferry ticket to Dar es Salaam.",
  },
  {
    title: "Executive Chauffeur Service in Sandton, per Hour",
    cc: "ZA",
    city: "Johannesburg",
    address: "Rivonia Road, Sandton",
    listingType: "service",
    priceType: "per_hour",
    price: [35, 60],
    motif: "car",
    about:
      "A business sedan with a vetted chauffeur, Wi-Fi and bottled water, booked by the hour with a two-hour minimum.",
  },
  {
    title: "Relocation Concierge: Flights, Temporary Housing & Airport Pickup",
    cc: "GH",
    city: "Accra",
    address: "Patrice Lumumba Road, Airport Residential Area",
    listingType: "service",
    priceType: "fixed",
    price: [600, 1_200],
    motif: "luggage",
    about:
      "One point of contact for your move: one-way flights, a furnished apartment for the first month, pickup and bank and SIM setup.",
  },
  {
    title: "Abidjan Airport Pickup & Car Hire with Driver",
    cc: "CI",
    city: "Abidjan",
    address: "Félix-Houphouët-Boigny International Airport, Port-Bouët",
    listingType: "service",
    priceType: "fixed",
    price: [45, 90],
    motif: "car",
    about:
      "Pickup at Port-Bouët and a car with driver for the day, crossing the lagoon bridges to Plateau, Cocody or Marcory.",
  },
  {
    title: "Entebbe Airport Transfer to Kampala via the Expressway",
    cc: "UG",
    city: "Entebbe",
    address: "Entebbe International Airport",
    listingType: "service",
    priceType: "fixed",
    price: [35, 55],
    motif: "car",
    about:
      "The fastest route into Kampala on the Entebbe Expressway, tolls included, with a stop at a forex bureau on request.",
  },
  {
    title: "Victoria Falls Airport Transfer & Hotel Bundle, 2 Nights",
    cc: "ZW",
    city: "Victoria Falls",
    address: "Victoria Falls International Airport",
    listingType: "booking",
    priceType: "per_person",
    price: [350, 650],
    motif: "luggage",
    about:
      "Transfers, two nights with breakfast near the Falls and a guided tour of the rainforest trail, per person sharing.",
  },
  {
    title: "Mauritius Airport Transfer + Beach Hotel Bundle, 5 Nights",
    cc: "MU",
    city: "Grand Baie",
    address: "Sir Seewoosagur Ramgoolam International Airport",
    listingType: "booking",
    priceType: "per_person",
    price: [900, 1_600],
    motif: "airplane",
    about:
      "Private transfers and five nights half board at a beach hotel in the north of the island, per person sharing.",
  },
];

const CONCIERGE_MOTIFS: readonly ArtworkMotif[] = ["airplane", "car", "luggage"];

function concierge(rnd: Random): Draft[] {
  return CONCIERGE.map((item) => ({
    ...BLANK,
    userId: agentFor(item.cc),
    title: item.title,
    category: "concierge" as const,
    listingType: item.listingType,
    countryCode: item.cc,
    city: item.city,
    address: item.address,
    description: [
      item.about,
      rnd.pick([
        "Book at least 24 hours ahead; flight delays are tracked at no extra cost.",
        "Available around the clock, with confirmation by WhatsApp within the hour.",
        "Child seats and extra luggage space on request.",
      ]),
    ].join(" "),
    priceUsdCents: priceCents(rnd, item.price[0], item.price[1]),
    priceType: item.priceType,
    amenities: rnd.sample(["AirportShuttle", "WiFi", "AC"] as const, rnd.int(1, 3)),
    images: images(
      rnd,
      item.motif,
      CONCIERGE_MOTIFS.filter((m) => m !== item.motif),
    ),
    showcase: item.listingType === "booking",
  }));
}

// ---------------------------------------------------------------------------------------------
// Assembly

const REJECTION_REASONS = [
  "The photos do not show the actual property. Please upload recent photos of this unit.",
  "The price looks like a placeholder. Please enter the full asking price in US dollars.",
  "This duplicates another of your listings. Please edit the existing listing instead.",
];

/**
 * The whole demo catalogue. `now` anchors every date, so the same reference date gives the
 * same rows down to the millisecond.
 */
export function buildDemoData(now: Date, seed = 20_240_601): DemoData {
  const rnd = createRandom(seed);
  const people: readonly PersonSeed[] = [...AGENTS, ...PROFESSIONALS];
  const users: DemoUser[] = people.map((person) => {
    const createdAt = new Date(now.getTime() - rnd.int(150, 220) * DAY_MS - rnd.int(0, DAY_MS - 1));
    return {
      id: person.id,
      name: person.name,
      email: emailFor(person.name),
      role: person.role,
      phone: phoneFor(rnd, person.country),
      emailVerified: true,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const contactPhoneFor = (draft: Draft): string => {
    const index = people.findIndex((p) => p.id === draft.userId);
    const [lister, user] = [people[index], users[index]];
    if (!lister || !user) throw new Error(`No demo person ${draft.userId}.`);
    return listingPhone(lister, user.phone, draft.countryCode);
  };

  const drafts = [
    ...realEstate(rnd),
    ...hospitality(rnd),
    ...studentHousing(rnd),
    ...professionals(rnd),
    ...travel(rnd),
    ...concierge(rnd),
  ];

  const dated = drafts.map((draft) => ({
    draft,
    createdAt: new Date(now.getTime() - Math.floor(rnd.between(0.05, 120) * DAY_MS)),
  }));
  // Oldest first, so identity ids (the "newest" sort) follow creation dates.
  dated.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // The newest few await moderation; a few older ones were turned down.
  const pending = new Set(
    rnd.sample(
      dated.slice(-15).map((_, i) => dated.length - 15 + i),
      4,
    ),
  );
  const rejectedCandidates = dated.map((_, i) => i).filter((i) => i < dated.length - 15);
  const rejected = new Set(rnd.sample(rejectedCandidates, 3));
  const showcase = dated
    .map((d, i) => ({ i, showcase: d.draft.showcase === true }))
    .filter((d) => d.showcase && !pending.has(d.i) && !rejected.has(d.i))
    .map((d) => d.i);
  const featured = new Set(rnd.sample(showcase, Math.min(18, showcase.length)));

  let rejectionIndex = 0;
  const listings: DemoListing[] = dated.map(({ draft, createdAt }, i) => {
    const { showcase: _showcase, ...fields } = draft;
    const status: ListingStatus = pending.has(i)
      ? "pending_approval"
      : rejected.has(i)
        ? "rejected"
        : "approved";
    const live = status === "approved";
    const contactMethod = rnd.pick(["whatsapp", "whatsapp", "phone", "email", "email"] as const);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
    const isFeatured = featured.has(i);
    return {
      ...fields,
      contactMethod,
      contactPhone: contactMethod === "email" ? null : contactPhoneFor(draft),
      status,
      rejectionReason:
        status === "rejected"
          ? (REJECTION_REASONS[rejectionIndex++ % REJECTION_REASONS.length] ?? null)
          : null,
      featured: isFeatured,
      agentType: isFeatured
        ? rnd.chance(0.6)
          ? "premium"
          : "standard"
        : rnd.chance(0.12)
          ? "premium"
          : "standard",
      views: live
        ? Math.round(rnd.between(15, 45) * (ageDays + 2) * (isFeatured ? 2.5 : 1))
        : rnd.int(0, 12),
      createdAt,
      updatedAt: new Date(
        createdAt.getTime() + rnd.int(0, Math.floor(Math.min(ageDays, 10) * DAY_MS)),
      ),
    };
  });
  return { users, listings };
}
