import { z } from "zod";
import { MAX_RATING, MAX_REVIEW_BODY, MIN_RATING } from "../conversation-values.ts";
import { idSchema } from "./id.ts";
import { isStorableText } from "./text.ts";

/**
 * The reviews contract: what a guest or client writes about a completed booking or job, the
 * lister's one reply, the administrator's hiding, and what the pages and the API show. Forms and
 * the JSON API parse the same schemas; their messages are i18n keys of `reviews.errors`.
 */

const E = {
  source: "reviews.errors.source",
  rating: "reviews.errors.rating",
  body: "reviews.errors.body",
  bodyLong: "reviews.errors.bodyTooLong",
  reply: "reviews.errors.reply",
  replyLong: "reviews.errors.replyTooLong",
  reason: "reviews.errors.reason",
  text: "reviews.errors.text",
} as const;

/** Text as typed, line breaks kept, surrounding white space dropped: required, up to `max`. */
function requiredText(empty: string, tooLong: string, max: number) {
  return z
    .string({ error: empty })
    .trim()
    .min(1, empty)
    .max(max, tooLong)
    .refine(isStorableText, E.text);
}

/** A rating from a form's radio (text) or a JSON number: a whole number of stars. */
const ratingSchema = z
  .union([z.number(), z.string()], { error: E.rating })
  .transform((value) => (typeof value === "string" ? Number(value.trim() || Number.NaN) : value))
  .pipe(
    z.number({ error: E.rating }).int(E.rating).min(MIN_RATING, E.rating).max(MAX_RATING, E.rating),
  )
  .meta({ description: `Stars, ${MIN_RATING} to ${MAX_RATING}.`, example: 5 });

/** A form's empty hidden field is no id at all. */
function optionalId(description: string) {
  return z
    .preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      idSchema.optional(),
    )
    .meta({ description });
}

/** A review of exactly one completed booking (its guest) or job (its client). */
export const reviewInputSchema = z
  .object({
    bookingId: optionalId("The completed booking reviewed (or jobId)."),
    jobId: optionalId("The completed job reviewed (or bookingId)."),
    rating: ratingSchema,
    body: requiredText(E.body, E.bodyLong, MAX_REVIEW_BODY).meta({
      description: `What the stay or the work was like, up to ${MAX_REVIEW_BODY} characters.`,
    }),
  })
  .refine((input) => (input.bookingId === undefined) !== (input.jobId === undefined), {
    path: ["bookingId"],
    message: E.source,
  });
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The lister's answer, as the API's body and the form's field. */
export const replyBodySchema = z.object({
  reply: requiredText(E.reply, E.replyLong, MAX_REVIEW_BODY),
});

export const replyInputSchema = replyBodySchema.extend({ reviewId: idSchema });
export type ReplyInput = z.output<typeof replyInputSchema>;

/** Why the administrator hides a review: required, shown in the audit log. */
export const hideBodySchema = z.object({
  reason: requiredText(E.reason, E.reason, 500).meta({
    description: "Why the review is hidden (kept with it and in the audit log).",
  }),
});

export const hideInputSchema = hideBodySchema.extend({ reviewId: idSchema });
export type HideInput = z.output<typeof hideInputSchema>;

/** A visible review as the listing page and the API show it. */
export const reviewSchema = z.object({
  id: z.int(),
  listingId: z.int(),
  authorName: z.string(),
  rating: z.int().min(MIN_RATING).max(MAX_RATING),
  body: z.string(),
  createdAt: z.iso.datetime(),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
});
export type ReviewView = z.infer<typeof reviewSchema>;

/** An average kept by the reviews service: one decimal as text, null while nothing is rated. */
export const ratingSummarySchema = z.object({
  rating: z.string().nullable().meta({ description: "0.0 to 5.0, one decimal; null when none." }),
  ratingCount: z.int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** One page of a listing's visible reviews, newest first, with its and its lister's averages. */
export const reviewPageSchema = ratingSummarySchema.extend({
  listingId: z.int(),
  lister: ratingSummarySchema.extend({ name: z.string() }),
  reviews: z.array(reviewSchema),
  page: z.int(),
  pageCount: z.int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** Which page of reviews a query asks for: anything unreadable is the first. */
export const reviewPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

/** A review after the administrator hid it. */
export const hiddenReviewSchema = z.object({
  id: z.int(),
  listingId: z.int(),
  hiddenAt: z.iso.datetime(),
  hiddenReason: z.string(),
});
export type HiddenReview = z.infer<typeof hiddenReviewSchema>;

/** What the signed-in person may still review: completed bookings and jobs without a review. */
export const reviewableSchema = z.object({
  bookings: z.array(
    z.object({
      bookingId: z.int(),
      listingId: z.int(),
      listingTitle: z.string(),
      checkIn: z.string(),
      checkOut: z.string(),
    }),
  ),
  jobs: z.array(
    z.object({
      jobId: z.int(),
      listingId: z.int(),
      listingTitle: z.string(),
      completedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type Reviewable = z.infer<typeof reviewableSchema>;

/** How many reviews the reviews dashboard shows per page. */
export const REVIEWS_DASHBOARD_PAGE_SIZE = 10;
/** How many months (this one included) the reviews dashboard's trend covers. */
export const REVIEWS_TREND_MONTHS = 6;
/** A rating at or below this is a low one for the dashboard's filter. */
export const LOW_RATING = 2;

/** A query flag as the filters' links write it ("1"); anything else is off (undefined). */
function flag(description: string) {
  return z.enum(["1"]).optional().catch(undefined).meta({ description });
}

/**
 * The reviews dashboard's filters and page, from the URL: anything unreadable is no filter (and
 * the first page), never an error.
 */
export const reviewsDashboardQuerySchema = z.object({
  unanswered: flag("1: only reviews without a reply."),
  low: flag(`1: only ratings of ${LOW_RATING} stars or fewer.`),
  listing: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .catch(undefined)
    .meta({ description: "Only this listing's reviews (its number)." }),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type ReviewsDashboardQuery = z.output<typeof reviewsDashboardQuerySchema>;

/** Every visible review of the account's listings, filtered and paged, with its figures. */
export const reviewsDashboardSchema = z.object({
  reviews: z.array(reviewSchema.extend({ listingTitle: z.string() })),
  page: z.int(),
  pageCount: z.int(),
  total: z.int().meta({ description: "Reviews matching the filters." }),
  /** Of every visible review received (the filters do not apply). */
  distribution: z
    .array(z.object({ rating: z.int(), count: z.int() }))
    .meta({ description: "How many reviews gave each rating, 1 to 5." }),
  trend: z
    .array(z.object({ month: z.string(), average: z.number().nullable(), count: z.int() }))
    .meta({ description: "Average rating per month (YYYY-MM), oldest first; null without any." }),
  listings: z
    .array(z.object({ id: z.int(), title: z.string() }))
    .meta({ description: "The account's reviewed listings, for the listing filter." }),
});
export type ReviewsDashboard = z.infer<typeof reviewsDashboardSchema>;
