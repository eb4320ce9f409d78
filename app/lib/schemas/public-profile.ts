import { z } from "zod";
import { CATEGORIES } from "../listing-values.ts";
import { brandColorReadable, normalizeHexColor } from "../contrast.ts";
import { listingSummarySchema } from "./listing-view.ts";
import { ratingSummarySchema, reviewSchema } from "./reviews.ts";
import { isStorableText, oneLine } from "./text.ts";

/**
 * A publisher's public page (/agents/<handle>, GET /api/v1/agents/{handle}) and what the property
 * website and custom branding perks let them set (docs/decisions/016). The dashboard's forms, the
 * services and the API parse with these schemas.
 */

const E = "agents.errors";

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 40;
/** Lowercase letters and digits in words joined by single hyphens. */
export const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Handles nobody may choose: words of the site's own addresses and roles, which would read as
 * the site speaking ("/agents/admin", "/agents/support").
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  "admin",
  "administrator",
  "agencies",
  "agency",
  "agents",
  "api",
  "about",
  "auth",
  "contact",
  "dashboard",
  "edit",
  "faq",
  "gateway",
  "gateway-africa",
  "help",
  "kyc",
  "listing",
  "listings",
  "login",
  "me",
  "media",
  "new",
  "official",
  "premium",
  "privacy",
  "root",
  "search",
  "settings",
  "signin",
  "signup",
  "staff",
  "support",
  "system",
  "team",
  "terms",
]);

/** A handle as typed: trimmed and lowercased, then checked for shape and reserved words. */
export const handleSchema = z
  .string({ error: `${E}.handleInvalid` })
  .trim()
  .toLowerCase()
  .min(HANDLE_MIN, `${E}.handleLength`)
  .max(HANDLE_MAX, `${E}.handleLength`)
  .regex(HANDLE_PATTERN, `${E}.handleInvalid`)
  .refine((handle) => !RESERVED_HANDLES.has(handle), `${E}.handleReserved`);

/** What an address may carry as a handle before it is looked up (anything else is not found). */
export function isHandleShaped(value: string): boolean {
  return value.length <= HANDLE_MAX && HANDLE_PATTERN.test(value);
}

/** The readable part of a handle made from a name: "Amara Okafor-Diallo" → "amara-okafor-diallo". */
export function handleBase(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, HANDLE_MAX - 4)
    .replace(/-+$/, "");
  return base.length >= HANDLE_MIN && !RESERVED_HANDLES.has(base)
    ? base
    : `host-${base}`.replace(/-$/, "");
}

// ── Languages (the profile page) ─────────────────────────────────────────────────────────────

export const MAX_LANGUAGES = 10;
export const MAX_LANGUAGE_LENGTH = 30;

/** "English, French, Swahili": a comma-separated list, each a name of letters and spaces. */
export const languagesSchema = z
  .string({ error: `${E}.languagesInvalid` })
  .refine(isStorableText, `${E}.languagesInvalid`)
  .transform((value) => [
    ...new Set(
      value
        .split(",")
        .map((part) => oneLine(part).trim())
        .filter((part) => part !== ""),
    ),
  ])
  .refine((list) => list.length <= MAX_LANGUAGES, `${E}.languagesTooMany`)
  .refine(
    (list) =>
      list.every(
        (name) => name.length <= MAX_LANGUAGE_LENGTH && /^[\p{L}][\p{L} '-]*$/u.test(name),
      ),
    `${E}.languagesInvalid`,
  );

export const languagesFormSchema = z.object({ languages: languagesSchema });

// ── Property website (perk propertyWebsite) ───────────────────────────────────────────────────

export const MAX_ABOUT_LENGTH = 4000;
export const MAX_FEATURED_LISTINGS = 6;

export const websiteFormSchema = z.object({
  handle: handleSchema,
  about: z
    .string({ error: `${E}.aboutInvalid` })
    .refine(isStorableText, `${E}.aboutInvalid`)
    .trim()
    .max(MAX_ABOUT_LENGTH, `${E}.aboutTooLong`)
    .transform((v) => (v === "" ? null : v)),
  featuredListingIds: z
    .array(
      z.coerce
        .number({ error: `${E}.featuredInvalid` })
        .int(`${E}.featuredInvalid`)
        .positive(`${E}.featuredInvalid`),
    )
    .max(MAX_FEATURED_LISTINGS, `${E}.featuredTooMany`)
    .transform((ids) => [...new Set(ids)]),
});
export type WebsiteForm = z.output<typeof websiteFormSchema>;

// ── Custom branding (perk customBranding) ─────────────────────────────────────────────────────

/** "#rrggbb" (or "#rgb"), readable at WCAG AA as text on the site's surfaces and under white text. */
export const brandColorSchema = z
  .string({ error: `${E}.colorInvalid` })
  .transform((value, ctx) => {
    const color = normalizeHexColor(value);
    if (color === null) {
      ctx.addIssue({ code: "custom", message: `${E}.colorInvalid` });
      return z.NEVER;
    }
    return color;
  })
  .refine(brandColorReadable, `${E}.colorContrast`);

export const brandingFormSchema = z.object({
  brandColor: z.union([z.literal("").transform(() => null), brandColorSchema]),
});

// ── The public page ───────────────────────────────────────────────────────────────────────────

/** What the site checked of who they are (issue 28): each true only while its approval holds. */
export const verificationSchema = z
  .object({
    emailConfirmed: z.boolean(),
    phoneVerified: z.boolean().meta({ description: "A phone number confirmed by an SMS code." }),
    identityVerified: z
      .boolean()
      .meta({ description: 'Identity documents checked by our team: the "Verified" badge.' }),
    businessVerified: z.boolean().meta({
      description: 'Business or professional credentials checked: "Verified business".',
    }),
  })
  .meta({ id: "AgentVerification" });
export type Verification = z.infer<typeof verificationSchema>;

export const responseStatsSchema = z
  .object({
    conversations: z.int().meta({ description: "Conversations started with them in the period." }),
    rate: z
      .number()
      .nullable()
      .meta({ description: "0 to 1: the share they answered; null with too few to tell." }),
    medianMinutes: z
      .int()
      .nullable()
      .meta({ description: "The median time to their first answer; null when unknown." }),
  })
  .meta({ id: "AgentResponse" });
export type ResponseStats = z.infer<typeof responseStatsSchema>;

/**
 * The trust signals of a host (issue 28, point 3), the same on a listing's contact card and their
 * public page: how long they have been here, what was verified, the work done through the site,
 * how they answer and how they are rated.
 */
export const trustSignalsSchema = z
  .object({
    memberSince: z.iso.datetime(),
    verification: verificationSchema,
    completedBookings: z.int().meta({ description: "Stays and tours they hosted to the end." }),
    completedJobs: z
      .int()
      .meta({ description: "Quoted jobs they completed (professionals; 0 for others)." }),
    response: responseStatsSchema,
    rating: z
      .string()
      .nullable()
      .meta({ description: "The average of their listings' visible reviews, 0.0 to 5.0." }),
    ratingCount: z.int(),
  })
  .meta({ id: "HostTrustSignals" });
export type TrustSignals = z.infer<typeof trustSignalsSchema>;

export const brandSchema = z
  .object({
    logoUrl: z.string().nullable(),
    logoWidth: z.int().nullable(),
    logoHeight: z.int().nullable(),
    color: z.string().nullable(),
  })
  .meta({ id: "AgentBrand" });
export type Brand = z.infer<typeof brandSchema>;

export const websiteSchema = z
  .object({
    coverUrl: z.string().nullable(),
    about: z.string().nullable(),
    featured: z.array(listingSummarySchema),
  })
  .meta({ id: "AgentWebsite" });

/** The publisher's listings on a public page, one page of them with the browse filters. */
export const pageListingsSchema = z.object({
  categories: z
    .array(z.enum(CATEGORIES))
    .meta({ description: "The sections of all their public listings, filters aside." }),
  items: z.array(listingSummarySchema),
  total: z.int(),
  page: z.int(),
  pageCount: z.int(),
});
export type PageListings = z.infer<typeof pageListingsSchema>;

/** The agency an agent publishes under, while its team runs: a link to /agencies/<handle>. */
export const agencyLinkSchema = z
  .object({ name: z.string(), handle: z.string() })
  .meta({ id: "AgencyLink" });
export type AgencyLink = z.infer<typeof agencyLinkSchema>;

export const publicProfileSchema = z
  .object({
    handle: z.string().meta({ description: "The address the page is canonical at." }),
    kind: z.enum(["agent", "professional"]),
    name: z.string(),
    avatarUrl: z.string(),
    memberSince: z.iso.datetime(),
    languages: z.array(z.string()),
    verification: verificationSchema,
    response: responseStatsSchema,
    trust: trustSignalsSchema,
    reviews: ratingSummarySchema.extend({ latest: z.array(reviewSchema) }),
    listings: pageListingsSchema,
    website: websiteSchema.nullable().meta({ description: "Shown while their plan grants it." }),
    brand: brandSchema.nullable().meta({ description: "Shown while their plan grants it." }),
    agency: agencyLinkSchema
      .nullable()
      .meta({ description: "The agency they publish under, while its team runs." }),
  })
  .meta({ id: "AgentProfile" });
export type PublicProfile = z.infer<typeof publicProfileSchema>;
