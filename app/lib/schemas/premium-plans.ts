import { z } from "zod";
import { parseAmount } from "../amount.ts";
import { PERK_KINDS, PERK_NAMES } from "../entitlements.ts";
import { perksSchema } from "./perks.ts";
import { isStorableText, oneLine } from "./text.ts";

/** A premium plan as the plans page and GET /api/v1/premium-plans show it. */
export const premiumPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceUsd: z.number().meta({ description: "Price in US dollars." }),
  months: z.int().meta({ description: "How long the plan lasts." }),
  listingLimit: z.int().nullable().meta({ description: "Listings allowed; null: unlimited." }),
  featuredAds: z.int(),
  entitlements: perksSchema.meta({
    description: "The plan's perks beside its listing and featured-ad limits.",
  }),
  popular: z.boolean().meta({ description: "Marked Popular; at most one plan is." }),
});

export type PremiumPlan = z.infer<typeof premiumPlanSchema>;

/** The limits the premium_plans table's checks hold (price numeric(10,2)). */
export const PLAN_LIMITS = {
  nameLength: 60,
  maxPrice: 99_999_999.99,
  maxMonths: 36,
  maxListings: 1_000_000,
  maxFeaturedAds: 100_000,
} as const;

const E = {
  name: "dashboard.premium.errors.name",
  price: "dashboard.premium.errors.price",
  months: "dashboard.premium.errors.months",
  listingLimit: "dashboard.premium.errors.listingLimit",
  featuredAds: "dashboard.premium.errors.featuredAds",
  popular: "dashboard.premium.errors.popular",
} as const;

const wholeNumber = (error: string, min: number, max: number) =>
  z.int({ error }).min(min, error).max(max, error);

/**
 * The administrator's edit of a plan: the one input of the plans page's edit form (after
 * `planFormValues`) and of PATCH /api/v1/admin/premium-plans/{planId}.
 */
export const premiumPlanInputSchema = z.object({
  name: z
    .string({ error: E.name })
    .refine(isStorableText, E.name)
    .overwrite(oneLine)
    .trim()
    .min(1, E.name)
    .max(PLAN_LIMITS.nameLength, E.name),
  priceUsd: z
    .number({ error: E.price })
    .min(0.01, E.price)
    .max(PLAN_LIMITS.maxPrice, E.price)
    .transform((price) => Math.round(price * 100) / 100)
    .meta({ description: "US dollars, rounded to cents." }),
  months: wholeNumber(E.months, 1, PLAN_LIMITS.maxMonths),
  listingLimit: wholeNumber(E.listingLimit, 1, PLAN_LIMITS.maxListings)
    .nullable()
    .meta({ description: "Listings allowed; null: unlimited." }),
  featuredAds: wholeNumber(E.featuredAds, 0, PLAN_LIMITS.maxFeaturedAds),
  entitlements: perksSchema.meta({
    description: "The plan's perks, from the catalogue only; an omitted perk is not granted.",
  }),
  popular: z.boolean({ error: E.popular }),
});

export type PremiumPlanInput = z.output<typeof premiumPlanInputSchema>;

function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A whole number typed in a form; text that is not one stays a non-integer and is refused. */
function formWholeNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** US dollars typed in the form, read by the shared strict parser; anything else is refused. */
function usdFromText(text: string): number {
  const cents = parseAmount(text, 2);
  return cents === null ? Number.NaN : cents / 100;
}

/**
 * The perks the editor's fields grant: a ticked box, a chosen level, a count typed (an empty one
 * grants nothing; other text stays a non-integer and is refused).
 */
function formPerks(form: FormData): Record<string, unknown> {
  const perks: Record<string, unknown> = {};
  for (const name of PERK_NAMES) {
    const kind = PERK_KINDS[name];
    const text = formText(form, `perk.${name}`).trim();
    if (kind.kind === "flag") {
      if (form.get(`perk.${name}`) === "on") perks[name] = true;
    } else if (kind.kind === "level") {
      if (text !== "") perks[name] = text;
    } else if (text !== "") {
      perks[name] = { [kind.param]: formWholeNumber(text) };
    }
  }
  return perks;
}

function formPerkText(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of PERK_NAMES) {
    const text = formText(form, `perk.${name}`);
    values[name] = PERK_KINDS[name].kind === "flag" ? (text === "on" ? "on" : "") : text;
  }
  return values;
}

/**
 * The edit form's fields as the schema's input: numbers from their text, an empty listing limit
 * as unlimited, the perks chosen and the Popular checkbox.
 */
export function planFormValues(form: FormData) {
  const limit = formText(form, "listingLimit").trim();
  return {
    name: formText(form, "name"),
    priceUsd: usdFromText(formText(form, "priceUsd")),
    months: formWholeNumber(formText(form, "months")),
    listingLimit: limit === "" ? null : formWholeNumber(limit),
    featuredAds: formWholeNumber(formText(form, "featuredAds")),
    entitlements: formPerks(form),
    popular: form.get("popular") === "on",
  };
}

/** What the edit form shows again after a refusal: the text as typed. */
export function planFormEcho(form: FormData) {
  return {
    name: formText(form, "name"),
    priceUsd: formText(form, "priceUsd"),
    months: formText(form, "months"),
    listingLimit: formText(form, "listingLimit"),
    featuredAds: formText(form, "featuredAds"),
    perks: formPerkText(form),
    popular: form.get("popular") === "on",
  };
}

export type PlanFormEcho = ReturnType<typeof planFormEcho>;
