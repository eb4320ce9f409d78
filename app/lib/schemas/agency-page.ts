import { z } from "zod";
import { ratingSummarySchema, reviewSchema } from "./reviews.ts";
import {
  brandSchema,
  pageListingsSchema,
  responseStatsSchema,
  websiteSchema,
} from "./public-profile.ts";

/**
 * An agency's public page (/agencies/<handle>, GET /api/v1/agencies/{handle}): the team, every
 * published listing under the agency, their reviews, and the owner's property website and
 * branding while the owner's plan grants them (docs/decisions/016).
 */

export const agencyMemberCardSchema = z
  .object({
    name: z.string(),
    avatarUrl: z.string(),
    handle: z.string().meta({ description: "Their own page: /agents/<handle>." }),
    role: z.enum(["owner", "member"]),
    joinedAt: z.iso.datetime(),
    verified: z
      .boolean()
      .meta({ description: 'Their identity documents were checked: the "Verified" badge.' }),
    businessVerified: z.boolean().meta({ description: "Their business credentials were checked." }),
  })
  .meta({ id: "AgencyMember" });
export type AgencyMemberCard = z.infer<typeof agencyMemberCardSchema>;

export const agencyPageSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    avatarUrl: z.string().meta({ description: "The agency's initials, generated." }),
    memberSince: z.iso.datetime().meta({ description: "When the agency was started." }),
    running: z.boolean().meta({
      description:
        "Whether the owner's plan grants team access now; a paused team shows no members.",
    }),
    badge: z.object({ verified: z.boolean() }).nullable().meta({
      description: "The agency badge, when the owner's plan grants it; pending until verified.",
    }),
    members: z.array(agencyMemberCardSchema),
    languages: z.array(z.string()).meta({
      description: "Every language the team speaks (the owner's alone while the team is paused).",
    }),
    response: responseStatsSchema.meta({
      description: "How the team answers the conversations about the agency's listings.",
    }),
    owner: z.object({ name: z.string(), handle: z.string() }),
    reviews: ratingSummarySchema.extend({ latest: z.array(reviewSchema) }),
    listings: pageListingsSchema,
    website: websiteSchema
      .nullable()
      .meta({ description: "The owner's, while their plan grants it." }),
    brand: brandSchema.nullable().meta({ description: "The owner's, while their plan grants it." }),
  })
  .meta({ id: "AgencyPage" });
export type AgencyPage = z.infer<typeof agencyPageSchema>;
