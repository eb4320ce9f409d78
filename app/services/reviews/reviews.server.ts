import { and, desc, eq, isNull, notExists, sql } from "drizzle-orm";
import { getDb, type Database, type DbTransaction } from "../../db/client.server.ts";
import { bookings, jobs, listings, reviews, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { REVIEWS_PAGE_SIZE } from "../../lib/conversation-values.ts";
import { can } from "../../lib/permissions.ts";
import {
  hideInputSchema,
  replyBodySchema,
  reviewInputSchema,
  type HiddenReview,
  type Reviewable,
  type ReviewPage,
  type ReviewView,
} from "../../lib/schemas/reviews.ts";
import { idSchema } from "../../lib/schemas/id.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { recordAudit } from "../admin/audit.server.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import { isPublicListing } from "../../auth/standing.server.ts";

/**
 * Reviews of completed bookings and jobs. Only the guest or client of a completed one writes its
 * one review; the lister replies once; the administrator hides a reported one. Whenever a review
 * is added or hidden, the listing's and the lister's averages are computed again from the visible
 * reviews in the same transaction, so cards, the detail page and the rating sort read them as
 * they are.
 */

type ReviewRow = typeof reviews.$inferSelect;

/**
 * Locks the listing's and the lister's rows (always in this order) before their averages are
 * read again: two reviews committed at once would otherwise each count without the other.
 */
async function lockRated(tx: DbTransaction, listingId: number, subjectId: string) {
  await tx
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for("update");
  await tx.select({ id: user.id }).from(user).where(eq(user.id, subjectId)).for("update");
}

/** The average of the visible reviews, one decimal (null when none), and their count. */
async function recomputeAggregates(tx: DbTransaction, listingId: number, subjectId: string) {
  const visible = (column: typeof reviews.listingId | typeof reviews.subjectId, value: unknown) =>
    sql`${reviews.hiddenAt} IS NULL AND ${column} = ${value}`;
  await tx
    .update(listings)
    .set({
      rating: sql`(SELECT round(avg(${reviews.rating}), 1) FROM ${reviews} WHERE ${visible(reviews.listingId, listingId)})`,
      ratingCount: sql`(SELECT count(*)::int FROM ${reviews} WHERE ${visible(reviews.listingId, listingId)})`,
    })
    .where(eq(listings.id, listingId));
  await tx
    .update(user)
    .set({
      rating: sql`(SELECT round(avg(${reviews.rating}), 1) FROM ${reviews} WHERE ${visible(reviews.subjectId, subjectId)})`,
      ratingCount: sql`(SELECT count(*)::int FROM ${reviews} WHERE ${visible(reviews.subjectId, subjectId)})`,
    })
    .where(eq(user.id, subjectId));
}

/**
 * Every listing's and lister's averages from the visible reviews at once (the demo seed, after
 * loading its reviews). Those without a visible review are left as they are.
 */
export async function recomputeAllRatings(db: Database | DbTransaction) {
  const visible = sql`${reviews.hiddenAt} IS NULL`;
  const byListing = db
    .select({
      id: reviews.listingId,
      rating: sql<string>`round(avg(${reviews.rating}), 1)`.as("average"),
      count: sql<number>`count(*)::int`.as("total"),
    })
    .from(reviews)
    .where(visible)
    .groupBy(reviews.listingId)
    .as("by_listing");
  await db
    .update(listings)
    .set({ rating: sql`${byListing.rating}`, ratingCount: sql`${byListing.count}` })
    .from(byListing)
    .where(eq(listings.id, byListing.id));
  const bySubject = db
    .select({
      id: reviews.subjectId,
      rating: sql<string>`round(avg(${reviews.rating}), 1)`.as("average"),
      count: sql<number>`count(*)::int`.as("total"),
    })
    .from(reviews)
    .where(visible)
    .groupBy(reviews.subjectId)
    .as("by_subject");
  await db
    .update(user)
    .set({ rating: sql`${bySubject.rating}`, ratingCount: sql`${bySubject.count}` })
    .from(bySubject)
    .where(eq(user.id, bySubject.id));
}

/** A review's columns as its view reads them (the dashboard adds the listing's title). */
export const reviewViewColumns = {
  id: reviews.id,
  listingId: reviews.listingId,
  authorName: user.name,
  rating: reviews.rating,
  body: reviews.body,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
};

export function toView(row: {
  id: number;
  listingId: number;
  authorName: string;
  rating: number;
  body: string;
  createdAt: Date;
  reply: string | null;
  repliedAt: Date | null;
}): ReviewView {
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    repliedAt: row.repliedAt ? new Date(row.repliedAt).toISOString() : null,
  };
}

async function reviewView(db: Database | DbTransaction, id: number): Promise<ReviewView> {
  const [row] = await db
    .select(reviewViewColumns)
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.authorId))
    .where(eq(reviews.id, id));
  if (!row) throw new AppError("NOT_FOUND", "reviews.errors.notFound");
  return toView(row);
}

/** What is reviewed: its listing, the lister (the subject) and which of the two it is. */
interface Reviewed {
  listingId: number;
  listingTitle: string;
  subjectId: string;
  bookingId: number | null;
  jobId: number | null;
}

/** The booking's guest, once it is completed, may review it. */
async function reviewedBooking(actor: Actor, bookingId: number): Promise<Reviewed> {
  const db = await getDb();
  const [row] = await db
    .select({
      guestId: bookings.guestId,
      status: bookings.status,
      listingId: listings.id,
      listingTitle: listings.title,
      subjectId: listings.userId,
    })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new AppError("NOT_FOUND", "reviews.errors.bookingNotFound");
  if (row.guestId !== actor.id) throw new AppError("FORBIDDEN", "reviews.errors.notYourBooking");
  if (row.status !== "completed") {
    throw new AppError("CONFLICT", "reviews.errors.bookingNotCompleted");
  }
  return { ...row, bookingId, jobId: null };
}

/** The job's client, once the professional completed it, may review it. */
async function reviewedJob(actor: Actor, jobId: number): Promise<Reviewed> {
  const db = await getDb();
  const [row] = await db
    .select({
      clientId: jobs.clientId,
      status: jobs.status,
      listingId: listings.id,
      listingTitle: listings.title,
      subjectId: listings.userId,
    })
    .from(jobs)
    .innerJoin(listings, eq(listings.id, jobs.listingId))
    .where(eq(jobs.id, jobId));
  if (!row) throw new AppError("NOT_FOUND", "reviews.errors.jobNotFound");
  if (row.clientId !== actor.id) throw new AppError("FORBIDDEN", "reviews.errors.notYourJob");
  if (row.status !== "completed") throw new AppError("CONFLICT", "reviews.errors.jobNotCompleted");
  return { ...row, bookingId: null, jobId };
}

export type WrittenReview = ReviewView & { listingTitle: string };

/**
 * The one review of a completed booking (by its guest) or job (by its client), about the
 * listing's lister. A second review of the same booking or job is refused.
 */
export async function writeReview(
  actor: Actor | null,
  input: unknown,
  now = new Date(),
): Promise<WrittenReview> {
  requireAllowed(actor, "review:write");
  await requireUnderWriteLimit("review", actor);
  const review = parsedOrRefused(reviewInputSchema.safeParse(input), "reviews.errors.body");
  const reviewed =
    review.bookingId !== undefined
      ? await reviewedBooking(actor, review.bookingId)
      : await reviewedJob(actor, review.jobId!);
  const alreadyReviewed = new AppError(
    "CONFLICT",
    reviewed.bookingId !== null ? "reviews.errors.bookingReviewed" : "reviews.errors.jobReviewed",
  );
  const db = await getDb();
  // A second review of the same booking or job, even one sent at the same moment, waits for the
  // first to commit and then inserts nothing.
  const id = await db.transaction(async (tx) => {
    await lockRated(tx, reviewed.listingId, reviewed.subjectId);
    const [row] = await tx
      .insert(reviews)
      .values({
        listingId: reviewed.listingId,
        authorId: actor.id,
        subjectId: reviewed.subjectId,
        bookingId: reviewed.bookingId,
        jobId: reviewed.jobId,
        rating: review.rating,
        body: review.body,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!row) throw alreadyReviewed;
    await recomputeAggregates(tx, reviewed.listingId, reviewed.subjectId);
    return row.id;
  });
  return { ...(await reviewView(db, id)), listingTitle: reviewed.listingTitle };
}

/** A review shown on the pages (a hidden one is gone for everybody but the audit log). */
async function visibleReview(rawReviewId: unknown): Promise<ReviewRow> {
  const parsed = idSchema.safeParse(rawReviewId);
  if (!parsed.success) throw new AppError("NOT_FOUND", "reviews.errors.notFound");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, parsed.data), isNull(reviews.hiddenAt)));
  if (!row) throw new AppError("NOT_FOUND", "reviews.errors.notFound");
  return row;
}

/** The reviewed lister's one reply, shown under the review. */
export async function replyToReview(
  actor: Actor | null,
  input: { reviewId: unknown; reply?: unknown },
  now = new Date(),
): Promise<ReviewView> {
  requireAllowed(actor, "review:write");
  await requireUnderWriteLimit("review", actor);
  const review = await visibleReview(input.reviewId);
  // Refused before the text is read: someone else's review is theirs to answer, whatever is sent.
  if (!can(actor, "review:reply", { ownerId: review.subjectId })) {
    throw new AppError("FORBIDDEN", "reviews.errors.notYourListing");
  }
  const { reply } = parsedOrRefused(
    replyBodySchema.safeParse({ reply: input.reply }),
    "reviews.errors.reply",
  );
  const db = await getDb();
  const [answered] = await db
    .update(reviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(reviews.id, review.id), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (!answered) throw new AppError("CONFLICT", "reviews.errors.alreadyReplied");
  return reviewView(db, review.id);
}

/**
 * Hides a review (the administrator, with a reason, usually from a report): off the pages and
 * out of the averages, which are computed again, with the audit entry in the same transaction.
 */
export async function hideReview(
  actor: Actor | null,
  input: { reviewId: unknown; reason?: unknown },
  now = new Date(),
): Promise<HiddenReview> {
  requireAllowed(actor, "review:hide");
  const { reviewId, reason } = parsedOrRefused(
    hideInputSchema.safeParse(input),
    "reviews.errors.reason",
  );
  const db = await getDb();
  const [review] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  if (!review) throw new AppError("NOT_FOUND", "reviews.errors.notFound");
  await db.transaction(async (tx) => {
    await lockRated(tx, review.listingId, review.subjectId);
    const [hidden] = await tx
      .update(reviews)
      .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: actor.id })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!hidden) throw new AppError("CONFLICT", "reviews.errors.alreadyHidden");
    await recomputeAggregates(tx, review.listingId, review.subjectId);
    await recordAudit(tx, actor.id, {
      action: "review.hide",
      targetType: "review",
      targetId: reviewId,
      detail: { listing: review.listingId, rating: review.rating, reason },
    });
  });
  return {
    id: reviewId,
    listingId: review.listingId,
    hiddenAt: now.toISOString(),
    hiddenReason: reason,
  };
}

/**
 * One page of a public listing's visible reviews, newest first, with the listing's and its
 * lister's averages (and, for this module only, who the lister is). A page past the last shows
 * the last.
 */
async function reviewPage(
  rawListingId: unknown,
  page: number,
): Promise<ReviewPage & { listerId: string }> {
  const listingId = requireId(rawListingId, "listing");
  const db = await getDb();
  const [listing] = await db
    .select({
      rating: listings.rating,
      ratingCount: listings.ratingCount,
      public: isPublicListing(),
      listerId: user.id,
      listerName: user.name,
      listerRating: user.rating,
      listerRatingCount: user.ratingCount,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(eq(listings.id, listingId));
  if (!listing || !listing.public) {
    throw new AppError("LISTING_NOT_FOUND", "detail.notFound.description");
  }
  const pageCount = Math.max(1, Math.ceil(listing.ratingCount / REVIEWS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows =
    listing.ratingCount === 0
      ? []
      : await db
          .select(reviewViewColumns)
          .from(reviews)
          .innerJoin(user, eq(user.id, reviews.authorId))
          .where(and(eq(reviews.listingId, listingId), isNull(reviews.hiddenAt)))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PAGE_SIZE)
          .offset((current - 1) * REVIEWS_PAGE_SIZE);
  return {
    listingId,
    rating: listing.rating,
    ratingCount: listing.ratingCount,
    listerId: listing.listerId,
    lister: {
      name: listing.listerName,
      rating: listing.listerRating,
      ratingCount: listing.listerRatingCount,
    },
    reviews: rows.map(toView),
    page: current,
    pageCount,
  };
}

/** A public listing's reviews, one page at a time (GET /api/v1/listings/{id}/reviews). */
export async function listingReviews(rawListingId: unknown, page = 1): Promise<ReviewPage> {
  const { listerId: _listerId, ...found } = await reviewPage(rawListingId, page);
  return found;
}

/** The listing page's reviews section: the page of reviews, and whether the viewer may reply. */
export async function listingReviewSection(
  viewer: Actor | null,
  rawListingId: unknown,
  page = 1,
): Promise<ReviewPage & { mayReply: boolean }> {
  const { listerId, ...found } = await reviewPage(rawListingId, page);
  return { ...found, mayReply: can(viewer, "review:reply", { ownerId: listerId }) };
}

/** Completed bookings and jobs of the signed-in person that have no review yet. */
export async function listReviewable(actor: Actor | null): Promise<Reviewable> {
  requireAllowed(actor, "review:write");
  const db = await getDb();
  const [stays, work] = await Promise.all([
    db
      .select({
        bookingId: bookings.id,
        listingId: listings.id,
        listingTitle: listings.title,
        checkIn: bookings.checkIn,
        checkOut: bookings.checkOut,
      })
      .from(bookings)
      .innerJoin(listings, eq(listings.id, bookings.listingId))
      .where(
        and(
          eq(bookings.guestId, actor.id),
          eq(bookings.status, "completed"),
          notExists(
            db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookings.id)),
          ),
        ),
      )
      .orderBy(desc(bookings.checkOut), desc(bookings.id)),
    db
      .select({
        jobId: jobs.id,
        listingId: listings.id,
        listingTitle: listings.title,
        completedAt: jobs.completedAt,
      })
      .from(jobs)
      .innerJoin(listings, eq(listings.id, jobs.listingId))
      .where(
        and(
          eq(jobs.clientId, actor.id),
          eq(jobs.status, "completed"),
          notExists(db.select({ id: reviews.id }).from(reviews).where(eq(reviews.jobId, jobs.id))),
        ),
      )
      .orderBy(desc(jobs.completedAt), desc(jobs.id)),
  ]);
  return {
    bookings: stays,
    jobs: work.map((job) => ({
      ...job,
      completedAt: job.completedAt ? new Date(job.completedAt).toISOString() : null,
    })),
  };
}

/**
 * The newest visible reviews of a lister's listings, for their public page; their average and
 * count are the ones kept on their account.
 */
export async function latestListerReviews(listerId: string, limit: number): Promise<ReviewView[]> {
  const db = await getDb();
  const rows = await db
    .select(reviewViewColumns)
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.authorId))
    .where(and(eq(reviews.subjectId, listerId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map(toView);
}
