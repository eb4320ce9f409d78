import type { HeroContent } from "../../lib/hero.ts";

/**
 * Built-in reference data: the spec's 44 currencies and 54 countries, and the first hero content
 * and platform settings. The seeder inserts these only where rows are missing, so admin edits
 * always win.
 */

export interface CurrencySeed {
  code: string;
  name: string;
  symbol: string;
  /** Units per 1 USD, as a decimal string: the column is numeric, never a float. */
  ratePerUsd: string;
  countryCode: string;
  decimals: number;
}

export interface CountrySeed {
  code: string;
  name: string;
  currencyCode: string;
}

/**
 * The spec fixes USD, GBP, NGN, KES, ZAR, GHS and EGP; the others are sample rates of the
 * mid-2020s, meant to be edited by the admin. Decimals follow everyday practice: 0 where prices
 * are quoted without minor units (CFA francs, shillings of East Africa, ariary ...), 3 for the
 * dinars that really use millimes / dirhams.
 */
export const CURRENCIES: readonly CurrencySeed[] = [
  { code: "USD", name: "US Dollar", symbol: "$", ratePerUsd: "1", countryCode: "US", decimals: 2 },
  {
    code: "GBP",
    name: "British Pound",
    symbol: "£",
    ratePerUsd: "0.79",
    countryCode: "GB",
    decimals: 2,
  },
  {
    code: "NGN",
    name: "Nigerian Naira",
    symbol: "₦",
    ratePerUsd: "1480",
    countryCode: "NG",
    decimals: 2,
  },
  {
    code: "KES",
    name: "Kenyan Shilling",
    symbol: "KSh",
    ratePerUsd: "130",
    countryCode: "KE",
    decimals: 2,
  },
  {
    code: "ZAR",
    name: "South African Rand",
    symbol: "R",
    ratePerUsd: "18.5",
    countryCode: "ZA",
    decimals: 2,
  },
  {
    code: "GHS",
    name: "Ghanaian Cedi",
    symbol: "GH₵",
    ratePerUsd: "14.8",
    countryCode: "GH",
    decimals: 2,
  },
  {
    code: "EGP",
    name: "Egyptian Pound",
    symbol: "E£",
    ratePerUsd: "47.5",
    countryCode: "EG",
    decimals: 2,
  },
  {
    code: "DZD",
    name: "Algerian Dinar",
    symbol: "DA",
    ratePerUsd: "134.5",
    countryCode: "DZ",
    decimals: 2,
  },
  {
    code: "AOA",
    name: "Angolan Kwanza",
    symbol: "Kz",
    ratePerUsd: "915",
    countryCode: "AO",
    decimals: 2,
  },
  {
    code: "XOF",
    name: "West African CFA Franc",
    symbol: "F CFA",
    ratePerUsd: "600",
    countryCode: "CI",
    decimals: 0,
  },
  {
    code: "BWP",
    name: "Botswana Pula",
    symbol: "P",
    ratePerUsd: "13.6",
    countryCode: "BW",
    decimals: 2,
  },
  {
    code: "BIF",
    name: "Burundian Franc",
    symbol: "FBu",
    ratePerUsd: "2950",
    countryCode: "BI",
    decimals: 0,
  },
  {
    code: "CVE",
    name: "Cape Verdean Escudo",
    symbol: "Esc",
    ratePerUsd: "101",
    countryCode: "CV",
    decimals: 2,
  },
  {
    code: "XAF",
    name: "Central African CFA Franc",
    symbol: "FCFA",
    ratePerUsd: "600",
    countryCode: "CM",
    decimals: 0,
  },
  {
    code: "KMF",
    name: "Comorian Franc",
    symbol: "CF",
    ratePerUsd: "450",
    countryCode: "KM",
    decimals: 0,
  },
  {
    code: "CDF",
    name: "Congolese Franc",
    symbol: "FC",
    ratePerUsd: "2850",
    countryCode: "CD",
    decimals: 0,
  },
  {
    code: "DJF",
    name: "Djiboutian Franc",
    symbol: "Fdj",
    ratePerUsd: "178",
    countryCode: "DJ",
    decimals: 0,
  },
  {
    code: "ERN",
    name: "Eritrean Nakfa",
    symbol: "Nfk",
    ratePerUsd: "15",
    countryCode: "ER",
    decimals: 2,
  },
  {
    code: "SZL",
    name: "Swazi Lilangeni",
    symbol: "E",
    ratePerUsd: "18.5",
    countryCode: "SZ",
    decimals: 2,
  },
  {
    code: "ETB",
    name: "Ethiopian Birr",
    symbol: "Br",
    ratePerUsd: "138",
    countryCode: "ET",
    decimals: 2,
  },
  {
    code: "GMD",
    name: "Gambian Dalasi",
    symbol: "D",
    ratePerUsd: "71",
    countryCode: "GM",
    decimals: 2,
  },
  {
    code: "GNF",
    name: "Guinean Franc",
    symbol: "FG",
    ratePerUsd: "8650",
    countryCode: "GN",
    decimals: 0,
  },
  {
    code: "LSL",
    name: "Lesotho Loti",
    symbol: "M",
    ratePerUsd: "18.5",
    countryCode: "LS",
    decimals: 2,
  },
  {
    code: "LRD",
    name: "Liberian Dollar",
    symbol: "L$",
    ratePerUsd: "196",
    countryCode: "LR",
    decimals: 2,
  },
  {
    code: "LYD",
    name: "Libyan Dinar",
    symbol: "LD",
    ratePerUsd: "5.45",
    countryCode: "LY",
    decimals: 3,
  },
  {
    code: "MGA",
    name: "Malagasy Ariary",
    symbol: "Ar",
    ratePerUsd: "4550",
    countryCode: "MG",
    decimals: 0,
  },
  {
    code: "MWK",
    name: "Malawian Kwacha",
    symbol: "MK",
    ratePerUsd: "1735",
    countryCode: "MW",
    decimals: 2,
  },
  {
    code: "MRU",
    name: "Mauritanian Ouguiya",
    symbol: "UM",
    ratePerUsd: "39.8",
    countryCode: "MR",
    decimals: 2,
  },
  {
    code: "MUR",
    name: "Mauritian Rupee",
    symbol: "Rs",
    ratePerUsd: "45.8",
    countryCode: "MU",
    decimals: 2,
  },
  {
    code: "MAD",
    name: "Moroccan Dirham",
    symbol: "DH",
    ratePerUsd: "9.9",
    countryCode: "MA",
    decimals: 2,
  },
  {
    code: "MZN",
    name: "Mozambican Metical",
    symbol: "MT",
    ratePerUsd: "63.9",
    countryCode: "MZ",
    decimals: 2,
  },
  {
    code: "NAD",
    name: "Namibian Dollar",
    symbol: "N$",
    ratePerUsd: "18.5",
    countryCode: "NA",
    decimals: 2,
  },
  {
    code: "RWF",
    name: "Rwandan Franc",
    symbol: "FRw",
    ratePerUsd: "1440",
    countryCode: "RW",
    decimals: 0,
  },
  {
    code: "STN",
    name: "São Tomé and Príncipe Dobra",
    symbol: "Db",
    ratePerUsd: "22.6",
    countryCode: "ST",
    decimals: 2,
  },
  {
    code: "SCR",
    name: "Seychellois Rupee",
    symbol: "SRe",
    ratePerUsd: "14.3",
    countryCode: "SC",
    decimals: 2,
  },
  {
    code: "SLE",
    name: "Sierra Leonean Leone",
    symbol: "Le",
    ratePerUsd: "22.7",
    countryCode: "SL",
    decimals: 2,
  },
  {
    code: "SOS",
    name: "Somali Shilling",
    symbol: "Sh.So.",
    ratePerUsd: "571",
    countryCode: "SO",
    decimals: 0,
  },
  {
    code: "SSP",
    name: "South Sudanese Pound",
    symbol: "SS£",
    ratePerUsd: "4550",
    countryCode: "SS",
    decimals: 2,
  },
  {
    code: "SDG",
    name: "Sudanese Pound",
    symbol: "£SD",
    ratePerUsd: "600",
    countryCode: "SD",
    decimals: 2,
  },
  {
    code: "TZS",
    name: "Tanzanian Shilling",
    symbol: "TSh",
    ratePerUsd: "2550",
    countryCode: "TZ",
    decimals: 0,
  },
  {
    code: "TND",
    name: "Tunisian Dinar",
    symbol: "DT",
    ratePerUsd: "3.05",
    countryCode: "TN",
    decimals: 3,
  },
  {
    code: "UGX",
    name: "Ugandan Shilling",
    symbol: "USh",
    ratePerUsd: "3650",
    countryCode: "UG",
    decimals: 0,
  },
  {
    code: "ZMW",
    name: "Zambian Kwacha",
    symbol: "ZK",
    ratePerUsd: "26.5",
    countryCode: "ZM",
    decimals: 2,
  },
  {
    code: "ZWG",
    name: "Zimbabwe Gold",
    symbol: "ZiG",
    ratePerUsd: "26.8",
    countryCode: "ZW",
    decimals: 2,
  },
];

/**
 * The 54 member states of the African Union / UN in Africa, with the currency in everyday use.
 * Names keep their accents; only ASCII letters are upper case, so PostgreSQL's lower() (which
 * the slug check uses, in any locale) agrees with JavaScript's toLowerCase().
 */
export const COUNTRIES: readonly CountrySeed[] = [
  { code: "DZ", name: "Algeria", currencyCode: "DZD" },
  { code: "AO", name: "Angola", currencyCode: "AOA" },
  { code: "BJ", name: "Benin", currencyCode: "XOF" },
  { code: "BW", name: "Botswana", currencyCode: "BWP" },
  { code: "BF", name: "Burkina Faso", currencyCode: "XOF" },
  { code: "BI", name: "Burundi", currencyCode: "BIF" },
  { code: "CV", name: "Cabo Verde", currencyCode: "CVE" },
  { code: "CM", name: "Cameroon", currencyCode: "XAF" },
  { code: "CF", name: "Central African Republic", currencyCode: "XAF" },
  { code: "TD", name: "Chad", currencyCode: "XAF" },
  { code: "KM", name: "Comoros", currencyCode: "KMF" },
  { code: "CG", name: "Republic of the Congo", currencyCode: "XAF" },
  { code: "CD", name: "Democratic Republic of the Congo", currencyCode: "CDF" },
  { code: "CI", name: "Côte d'Ivoire", currencyCode: "XOF" },
  { code: "DJ", name: "Djibouti", currencyCode: "DJF" },
  { code: "EG", name: "Egypt", currencyCode: "EGP" },
  { code: "GQ", name: "Equatorial Guinea", currencyCode: "XAF" },
  { code: "ER", name: "Eritrea", currencyCode: "ERN" },
  { code: "SZ", name: "Eswatini", currencyCode: "SZL" },
  { code: "ET", name: "Ethiopia", currencyCode: "ETB" },
  { code: "GA", name: "Gabon", currencyCode: "XAF" },
  { code: "GM", name: "Gambia", currencyCode: "GMD" },
  { code: "GH", name: "Ghana", currencyCode: "GHS" },
  { code: "GN", name: "Guinea", currencyCode: "GNF" },
  { code: "GW", name: "Guinea-Bissau", currencyCode: "XOF" },
  { code: "KE", name: "Kenya", currencyCode: "KES" },
  { code: "LS", name: "Lesotho", currencyCode: "LSL" },
  { code: "LR", name: "Liberia", currencyCode: "LRD" },
  { code: "LY", name: "Libya", currencyCode: "LYD" },
  { code: "MG", name: "Madagascar", currencyCode: "MGA" },
  { code: "MW", name: "Malawi", currencyCode: "MWK" },
  { code: "ML", name: "Mali", currencyCode: "XOF" },
  { code: "MR", name: "Mauritania", currencyCode: "MRU" },
  { code: "MU", name: "Mauritius", currencyCode: "MUR" },
  { code: "MA", name: "Morocco", currencyCode: "MAD" },
  { code: "MZ", name: "Mozambique", currencyCode: "MZN" },
  { code: "NA", name: "Namibia", currencyCode: "NAD" },
  { code: "NE", name: "Niger", currencyCode: "XOF" },
  { code: "NG", name: "Nigeria", currencyCode: "NGN" },
  { code: "RW", name: "Rwanda", currencyCode: "RWF" },
  { code: "ST", name: "São Tomé and Príncipe", currencyCode: "STN" },
  { code: "SN", name: "Senegal", currencyCode: "XOF" },
  { code: "SC", name: "Seychelles", currencyCode: "SCR" },
  { code: "SL", name: "Sierra Leone", currencyCode: "SLE" },
  { code: "SO", name: "Somalia", currencyCode: "SOS" },
  { code: "ZA", name: "South Africa", currencyCode: "ZAR" },
  { code: "SS", name: "South Sudan", currencyCode: "SSP" },
  { code: "SD", name: "Sudan", currencyCode: "SDG" },
  { code: "TZ", name: "Tanzania", currencyCode: "TZS" },
  { code: "TG", name: "Togo", currencyCode: "XOF" },
  { code: "TN", name: "Tunisia", currencyCode: "TND" },
  { code: "UG", name: "Uganda", currencyCode: "UGX" },
  { code: "ZM", name: "Zambia", currencyCode: "ZMW" },
  { code: "ZW", name: "Zimbabwe", currencyCode: "ZWG" },
];

/** Country name by ISO code, for the demo data and search text. */
export const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(
  COUNTRIES.map((c) => [c.code, c.name]),
);

export const DEFAULT_HERO_CONTENT: HeroContent = {
  title: "Property, Stays and Journeys Across Africa, All in One Place",
  subtitle: "Gateway to Africa's Best",
  description:
    "Gateway Africa brings the continent's fragmented real estate and travel markets together: " +
    "verified property listings, hotels and student housing, trusted professionals, tour " +
    "packages and travel concierge services from all 54 countries, on one platform.",
  slides: [
    {
      imageUrl: "/images/hero/slide-1.webp",
      alt: "A modern African city skyline at dusk, lit windows reflected in the lagoon",
      description: "Apartments, houses and commercial space in Africa's fastest-growing cities.",
    },
    {
      imageUrl: "/images/hero/slide-2.webp",
      alt: "Giraffes and acacia trees on the savanna at sunset",
      description: "Safaris, cultural journeys and tour packages with trusted local agencies.",
    },
    {
      imageUrl: "/images/hero/slide-3.webp",
      alt: "A beach resort with thatched cottages and palm trees by the ocean",
      description: "Hotels, guesthouses, lodges and resorts from the coast to the bush.",
    },
    {
      imageUrl: "/images/hero/slide-4.webp",
      alt: "A university campus with a clock tower, lawns and shade trees",
      description: "Safe, affordable student housing close to campus.",
    },
    {
      imageUrl: "/images/hero/slide-5.webp",
      alt: "Snow-capped mountains above a valley and a mountain lake",
      description: "Architects, lawyers, surveyors and concierge services to get you there.",
    },
  ],
};

export interface PlatformSettingsSeed {
  siteName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  notificationEmail: string;
  requireManualApproval: boolean;
}

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettingsSeed = {
  siteName: "Gateway Africa",
  tagline: "Africa's marketplace for property, stays and travel",
  supportEmail: "support@gateway-africa.test",
  supportPhone: "+233 30 270 4455",
  notificationEmail: "notifications@gateway-africa.test",
  requireManualApproval: true,
};
