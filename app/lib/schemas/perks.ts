import { z } from "zod";
import { ENTITLEMENT_LIMITS, type Perks } from "../entitlements.ts";

const E = "dashboard.premium.errors.entitlements";

const granted = z.literal(true, { error: E }).optional();

/** A plan's perks as its `entitlements` column stores them (app/lib/entitlements.ts names them). */
export const perksSchema = z.strictObject(
  {
    analytics: z
      .enum(["basic", "premium"], { error: E })
      .optional()
      .meta({ description: "Basic: 30-day totals. Premium: per listing, 90 days, lead sources." }),
    support: z
      .enum(["basic", "priority"], { error: E })
      .optional()
      .meta({ description: "Chat support; priority conversations are answered first." }),
    reviewsDashboard: granted,
    watermarkRemoval: granted,
    agencyBadge: granted,
    whatsappLeads: granted,
    videoListing: granted,
    leadDownload: granted,
    socialBoost: z
      .strictObject(
        { perPeriod: z.int({ error: E }).min(1, E).max(ENTITLEMENT_LIMITS.maxBoosts, E) },
        { error: E },
      )
      .optional()
      .meta({ description: "Listings boosted on social media per plan period." }),
    team: z
      .strictObject(
        { seats: z.int({ error: E }).min(1, E).max(ENTITLEMENT_LIMITS.maxSeats, E) },
        { error: E },
      )
      .optional()
      .meta({ description: "Team access for this many members." }),
    propertyWebsite: granted,
    customBranding: granted,
  },
  { error: E },
) satisfies z.ZodType<Perks>;
