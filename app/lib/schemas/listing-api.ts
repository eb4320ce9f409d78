import { z } from "zod";
import { listingDetailSchema, listingSummarySchema } from "./listing-view.ts";

/**
 * Listings as /api/v1 answers them: the website's listing views with images as absolute URLs of
 * their variants, and the listing's own page as `url`, for clients that are not this website.
 */

export const apiImageSchema = z.object({
  width: z.int(),
  height: z.int(),
  thumb: z.url().meta({ description: "160 px wide WebP." }),
  card: z.url().meta({ description: "640 px wide WebP." }),
  gallery: z.url().meta({ description: "1280 px wide WebP." }),
});

const url = z.url().meta({ description: "The listing's page." });

export const apiListingSummarySchema = listingSummarySchema
  .omit({ cover: true })
  .extend({ url, cover: apiImageSchema.nullable() });

export const apiListingDetailSchema = listingDetailSchema
  .omit({ images: true })
  .extend({ url, images: z.array(apiImageSchema) });

export const apiListingPageSchema = z.object({
  listings: z.array(apiListingSummarySchema),
  page: z.int(),
  pageSize: z.int(),
  pageCount: z.int(),
  total: z.int().meta({ description: "Matching listings, counted up to 10,000." }),
  totalCapped: z.boolean().meta({
    description: "True when more than 10,000 listings match: total is then a lower bound.",
  }),
  query: z.record(z.string(), z.unknown()).meta({
    description: "The parameters as applied, defaults included.",
  }),
});
