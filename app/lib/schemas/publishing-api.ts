import { z } from "zod";
import { MODERATION_DECISIONS } from "../listing-status.ts";
import { AGENT_TYPES, LISTING_STATUSES } from "../listing-values.ts";
import { SIGNAL_FILTERS } from "../signal-values.ts";
import { dashboardListingRowSchema } from "./listing-view.ts";
import { listingSignalSchema } from "./signals.ts";

/** What the publishing endpoints of /api/v1 answer: uploads, My Listings and the admin's tools. */

export const uploadedImageSchema = z.object({
  key: z.string().meta({ description: "Goes into a listing's `images`, in gallery order." }),
  width: z.int(),
  height: z.int(),
  thumbUrl: z.string(),
  cardUrl: z.string(),
});

export const pendingUploadsSchema = z.object({ uploads: z.array(uploadedImageSchema) });

export const myListingsPageSchema = z.object({
  listings: z.array(dashboardListingRowSchema),
  page: z.int(),
  pageSize: z.int(),
  pageCount: z.int(),
  total: z.int(),
});

export const savedListingSchema = z.object({
  id: z.int(),
  status: z.enum(LISTING_STATUSES),
  backToReview: z.boolean().meta({
    description: "An owner's edit sent a live or rejected listing back to review.",
  }),
});

export const editableListingSchema = z.object({
  id: z.int(),
  ownerId: z.string(),
  status: z.enum(LISTING_STATUSES),
  rejectionReason: z.string().nullable(),
  values: z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .meta({ description: "The listing form's fields as the form holds them (text)." }),
  images: z.array(uploadedImageSchema),
  ownerPhone: z.string().nullable().meta({
    description: "The owner's profile phone: phone and WhatsApp contact fall back to it.",
  }),
});

export const moderationQueueSchema = z.object({
  listings: z.array(
    dashboardListingRowSchema.extend({
      signals: z.array(listingSignalSchema),
      ownerName: z.string(),
      ownerEmail: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const moderationResultSchema = z.object({
  id: z.int(),
  status: z.enum(MODERATION_DECISIONS),
});

export const managedListingsPageSchema = z.object({
  rows: z.array(dashboardListingRowSchema.extend({ signals: z.array(listingSignalSchema) })),
  total: z.int(),
  page: z.int(),
  pageCount: z.int(),
  query: z.string(),
  filter: z.enum(SIGNAL_FILTERS),
});

/** PATCH /api/v1/admin/listings/{id}: Featured, Premium or both. */
export const listingAttributesSchema = z
  .object({ featured: z.boolean().optional(), premium: z.boolean().optional() })
  .strict()
  .refine((v) => v.featured !== undefined || v.premium !== undefined, {
    message: "api.errors.badRequest",
  });

export const listingAttributesResultSchema = z.object({
  id: z.int(),
  featured: z.boolean(),
  agentType: z.enum(AGENT_TYPES),
});
