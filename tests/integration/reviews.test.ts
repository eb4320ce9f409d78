import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  conversations,
  jobs,
  listings,
  quoteRequests,
  quotes,
  reviews,
  user,
} from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { addDays, isoDay, type BookingStatus } from "../../app/lib/booking-values.ts";
import { REVIEWS_PAGE_SIZE } from "../../app/lib/conversation-values.ts";
import { completeStays } from "../../app/services/bookings/booking-sweeps.server.ts";
import {
  hideReview,
  listingReviews,
  listReviewable,
  replyToReview,
  writeReview,
} from "../../app/services/reviews/reviews.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking, makeStay } from "../support/factories/bookings.ts";
import { toastOf } from "../support/flash.ts";
import { createPageHandler, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

const t = createTranslator();

const NOW = new Date("2027-03-01T10:00:00Z");
const day = (offset: number) => addDays(isoDay(NOW), offset);

describe(`reviews on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let send: ServerApp;
  let host: MadeUser;
  let otherAgent: MadeUser;
  let guest: MadeUser;
  let secondGuest: MadeUser;
  let stranger: MadeUser;
  let admin: MadeUser;
  let professional: MadeUser;
  let client: MadeUser;
  let guesthouse: number;
  let lodge: number;
  let service: number;
  /** Completed stays: the guest's two at the guesthouse and one at the lodge, the second guest's one. */
  const stays: Record<"guestA" | "guestB" | "guestLodge" | "second", number> = {
    guestA: 0,
    guestB: 0,
    guestLodge: 0,
    second: 0,
  };
  let upcoming: number;
  let completedJob: number;
  let openJob: number;

  /** The listing's and the lister's averages as stored. */
  async function aggregates(listingId: number, userId: string) {
    const [listing] = await app.handle.db
      .select({ rating: listings.rating, count: listings.ratingCount })
      .from(listings)
      .where(eq(listings.id, listingId));
    const [lister] = await app.handle.db
      .select({ rating: user.rating, count: user.ratingCount })
      .from(user)
      .where(eq(user.id, userId));
    return { listing, lister };
  }

  async function reviewCount() {
    const [row] = await app.handle.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    return Number(row?.n ?? 0);
  }

  /** A job as the quotes flow leaves it: a conversation, a request, an accepted quote, a job. */
  async function makeJob(status: "accepted" | "completed") {
    const db = app.handle.db;
    const [conversation] = await db
      .insert(conversations)
      .values({ listingId: service, guestId: client.id, hostId: professional.id })
      .onConflictDoUpdate({
        target: [conversations.listingId, conversations.guestId],
        targetWhere: sql`${conversations.bookingId} IS NULL`,
        set: { lastMessageAt: NOW },
      })
      .returning({ id: conversations.id });
    const [request] = await db
      .insert(quoteRequests)
      .values({
        conversationId: conversation!.id,
        listingId: service,
        clientId: client.id,
        professionalId: professional.id,
        need: "A contract reviewed",
        place: "Accra",
        neededBy: day(10),
      })
      .returning({ id: quoteRequests.id });
    const [quote] = await db
      .insert(quotes)
      .values({
        requestId: request!.id,
        amountUsdCents: 50_000,
        covers: "Two hours",
        validUntil: day(7),
        status: "accepted",
      })
      .returning({ id: quotes.id });
    const [job] = await db
      .insert(jobs)
      .values({
        quoteId: quote!.id,
        listingId: service,
        clientId: client.id,
        professionalId: professional.id,
        status,
        completedAt: status === "completed" ? NOW : null,
      })
      .returning({ id: jobs.id });
    return job!.id;
  }

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    page = await createPageHandler(app);
    send = await createServerApp(app);
    host = await makeUser({ role: "agent", name: "Ama Host" });
    otherAgent = await makeUser({ role: "agent", name: "Yaw Agent" });
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
    secondGuest = await makeUser({ role: "user", name: "Efua Guest" });
    stranger = await makeUser({ role: "user", name: "Zara Stranger" });
    admin = await makeUser({ role: "admin" });
    professional = await makeUser({ role: "professional", name: "Adjoa Lawyer" });
    client = await makeUser({ role: "user", name: "Kwame Client" });
    guesthouse = (await makeStay({ owner: host, title: "Osu Guesthouse" })).id;
    lodge = (await makeStay({ owner: host, title: "Aburi Lodge" })).id;
    service = (await makeListing({ owner: professional, category: "professionals" })).id;
    const book = async (who: MadeUser, listingId: number, from: number, status: BookingStatus) =>
      (await makeBooking({ listing: { id: listingId }, guest: who, checkIn: day(from), status }))
        .id;
    stays.guestA = await book(guest, guesthouse, 1, "completed");
    stays.guestB = await book(guest, guesthouse, 4, "completed");
    stays.second = await book(secondGuest, guesthouse, 7, "completed");
    stays.guestLodge = await book(guest, lodge, 1, "completed");
    upcoming = await book(guest, guesthouse, 20, "confirmed");
    completedJob = await makeJob("completed");
    openJob = await makeJob("accepted");
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("lists what the guest and the client can still review: completed, not yet reviewed", async () => {
    const reviewable = await listReviewable(guest.viewer);
    expect(reviewable.bookings.map((b) => b.bookingId).sort()).toEqual(
      [stays.guestA, stays.guestB, stays.guestLodge].sort(),
    );
    expect(reviewable.bookings.map((b) => b.bookingId)).not.toContain(upcoming);
    expect(reviewable.jobs).toEqual([]);
    const forClient = await listReviewable(client.viewer);
    expect(forClient.jobs.map((j) => j.jobId)).toEqual([completedJob]);
    expect(await refusalOf(listReviewable(null))).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses a review before the stay is completed, of someone else's booking, or by a visitor, writing nothing", async () => {
    const before = await reviewCount();
    const review = { rating: 5, body: "Wonderful." };
    expect(
      await refusalOf(writeReview(guest.viewer, { ...review, bookingId: upcoming })),
    ).toMatchObject({ code: "CONFLICT", message: "reviews.errors.bookingNotCompleted" });
    expect(
      await refusalOf(writeReview(stranger.viewer, { ...review, bookingId: stays.guestA })),
    ).toMatchObject({ code: "FORBIDDEN", message: "reviews.errors.notYourBooking" });
    // The host of the stay is not its guest either.
    expect(
      await refusalOf(writeReview(host.viewer, { ...review, bookingId: stays.guestA })),
    ).toMatchObject({ code: "FORBIDDEN", message: "reviews.errors.notYourBooking" });
    expect(
      await refusalOf(writeReview(guest.viewer, { ...review, bookingId: 999_999 })),
    ).toMatchObject({ code: "NOT_FOUND", message: "reviews.errors.bookingNotFound" });
    expect(
      await refusalOf(writeReview(null, { ...review, bookingId: stays.guestA })),
    ).toMatchObject({ code: "UNAUTHENTICATED" });
    expect(t("reviews.errors.bookingNotCompleted")).toBe(
      "You can review this stay once it is completed, after check-out.",
    );
    expect(await reviewCount()).toBe(before);
    expect(await aggregates(guesthouse, host.id)).toEqual({
      listing: { rating: null, count: 0 },
      lister: { rating: null, count: 0 },
    });
  });

  it("names what is wrong with the form itself: rating, text, which booking or job", async () => {
    const refused = await refusalOf(
      writeReview(guest.viewer, { bookingId: stays.guestA, rating: "6", body: "  " }),
    );
    expect(refused).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { rating: "reviews.errors.rating", body: "reviews.errors.body" },
    });
    expect(
      await refusalOf(
        writeReview(guest.viewer, {
          bookingId: stays.guestA,
          jobId: completedJob,
          rating: 4,
          body: "x",
        }),
      ),
    ).toMatchObject({ fields: { bookingId: "reviews.errors.source" } });
    expect(await refusalOf(writeReview(guest.viewer, { rating: 4, body: "x" }))).toMatchObject({
      fields: { bookingId: "reviews.errors.source" },
    });
  });

  it("writes one review per completed stay and keeps the listing's and the lister's averages", async () => {
    const first = await writeReview(
      guest.viewer,
      { bookingId: String(stays.guestA), rating: "4", body: "  Clean rooms, kind host.  " },
      new Date("2027-03-10T10:00:00Z"),
    );
    expect(first).toMatchObject({
      listingId: guesthouse,
      authorName: "Kofi Guest",
      rating: 4,
      body: "Clean rooms, kind host.",
      reply: null,
      listingTitle: "Osu Guesthouse",
    });
    expect(await aggregates(guesthouse, host.id)).toEqual({
      listing: { rating: "4.0", count: 1 },
      lister: { rating: "4.0", count: 1 },
    });

    const before = await reviewCount();
    expect(
      await refusalOf(
        writeReview(guest.viewer, { bookingId: stays.guestA, rating: 1, body: "Changed my mind." }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: "reviews.errors.bookingReviewed" });
    expect(await reviewCount()).toBe(before);
    expect((await aggregates(guesthouse, host.id)).listing).toEqual({ rating: "4.0", count: 1 });

    await writeReview(
      secondGuest.viewer,
      { bookingId: stays.second, rating: 5, body: "Perfect." },
      new Date("2027-03-11T10:00:00Z"),
    );
    await writeReview(
      guest.viewer,
      { bookingId: stays.guestB, rating: 4, body: "Good again." },
      new Date("2027-03-12T10:00:00Z"),
    );
    // (4 + 5 + 4) / 3 = 4.33…: one decimal.
    expect((await aggregates(guesthouse, host.id)).listing).toEqual({ rating: "4.3", count: 3 });
    await writeReview(
      guest.viewer,
      { bookingId: stays.guestLodge, rating: 2, body: "Noisy road." },
      new Date("2027-03-13T10:00:00Z"),
    );
    // The lister's average is over all their listings: (4 + 5 + 4 + 2) / 4 = 3.75 → 3.8.
    expect(await aggregates(lodge, host.id)).toEqual({
      listing: { rating: "2.0", count: 1 },
      lister: { rating: "3.8", count: 4 },
    });
    expect((await listReviewable(guest.viewer)).bookings).toEqual([]);
  });

  it("reviews a completed job by its client only, about the professional", async () => {
    const review = { jobId: completedJob, rating: 5, body: "Clear advice, on time." };
    expect(
      await refusalOf(writeReview(client.viewer, { ...review, jobId: openJob })),
    ).toMatchObject({ code: "CONFLICT", message: "reviews.errors.jobNotCompleted" });
    expect(await refusalOf(writeReview(guest.viewer, review))).toMatchObject({
      code: "FORBIDDEN",
      message: "reviews.errors.notYourJob",
    });
    await writeReview(client.viewer, review);
    expect(await refusalOf(writeReview(client.viewer, review))).toMatchObject({
      code: "CONFLICT",
      message: "reviews.errors.jobReviewed",
    });
    expect(await aggregates(service, professional.id)).toEqual({
      listing: { rating: "5.0", count: 1 },
      lister: { rating: "5.0", count: 1 },
    });
  });

  it("lets the reviewed lister reply once, and nobody else", async () => {
    const [latest] = (await listingReviews(guesthouse)).reviews;
    const reviewId = latest!.id;
    for (const someone of [otherAgent, guest, admin]) {
      expect(
        await refusalOf(replyToReview(someone.viewer, { reviewId, reply: "Thanks!" })),
      ).toMatchObject({ code: "FORBIDDEN", message: "reviews.errors.notYourListing" });
    }
    expect(await refusalOf(replyToReview(host.viewer, { reviewId, reply: " " }))).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "reviews.errors.reply",
    });
    const replied = await replyToReview(host.viewer, {
      reviewId,
      reply: "Thank you, come back soon.",
    });
    expect(replied).toMatchObject({ id: reviewId, reply: "Thank you, come back soon." });
    expect(replied.repliedAt).not.toBeNull();
    expect(
      await refusalOf(replyToReview(host.viewer, { reviewId, reply: "And again." })),
    ).toMatchObject({ code: "CONFLICT", message: "reviews.errors.alreadyReplied" });
    expect(
      await refusalOf(replyToReview(host.viewer, { reviewId: "abc", reply: "x" })),
    ).toMatchObject({ code: "NOT_FOUND", message: "reviews.errors.notFound" });
  });

  it("shows a listing's visible reviews newest first, a page at a time, with both averages", async () => {
    const first = await listingReviews(guesthouse);
    expect(first).toMatchObject({
      listingId: guesthouse,
      rating: "4.3",
      ratingCount: 3,
      lister: { name: "Ama Host", rating: "3.8", ratingCount: 4 },
      page: 1,
      pageCount: 1,
    });
    expect(first.reviews.map((r) => r.body)).toEqual([
      "Good again.",
      "Perfect.",
      "Clean rooms, kind host.",
    ]);
    expect(first.reviews[0]!.reply).toBe("Thank you, come back soon.");
    expect((await listingReviews(guesthouse, 9)).page).toBe(1);
    expect(await refusalOf(listingReviews(999_999))).toMatchObject({ code: "LISTING_NOT_FOUND" });
  });

  it("pages reviews by REVIEWS_PAGE_SIZE", async () => {
    const owner = await makeUser({ role: "agent" });
    const busy = (await makeStay({ owner })).id;
    const count = REVIEWS_PAGE_SIZE + 2;
    for (let i = 0; i < count; i++) {
      const reviewer = await makeUser({ role: "user", name: `Reviewer ${i}` });
      const booking = await makeBooking({
        listing: { id: busy },
        guest: reviewer,
        checkIn: day(2 * i),
        nights: 1,
        status: "completed",
      });
      await writeReview(
        reviewer.viewer,
        { bookingId: booking.id, rating: 3 + (i % 3), body: `Stay ${i}` },
        new Date(NOW.getTime() + i * 60_000),
      );
    }
    const second = await listingReviews(busy, 2);
    expect(second).toMatchObject({ page: 2, pageCount: 2, ratingCount: count });
    expect(second.reviews.map((r) => r.body)).toEqual(["Stay 1", "Stay 0"]);
    expect((await listingReviews(busy, 1)).reviews[0]!.body).toBe(`Stay ${count - 1}`);
  });

  it("hides a review for the administrator only, with a reason, recomputing both averages and auditing it", async () => {
    const [lodgeReview] = (await listingReviews(lodge)).reviews;
    const reviewId = lodgeReview!.id;
    for (const someone of [host, guest, otherAgent]) {
      expect(
        await refusalOf(hideReview(someone.viewer, { reviewId, reason: "Abusive." })),
      ).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await refusalOf(hideReview(admin.viewer, { reviewId, reason: "  " }))).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "reviews.errors.reason",
    });
    expect(await refusalOf(hideReview(admin.viewer, { reviewId }))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect((await aggregates(lodge, host.id)).listing).toEqual({ rating: "2.0", count: 1 });

    const hidden = await hideReview(admin.viewer, {
      reviewId,
      reason: "Reported: names a staff member.",
    });
    expect(hidden).toMatchObject({ id: reviewId, listingId: lodge });
    // No visible review left on the lodge; the lister's are the guesthouse's three: 4.33 → 4.3.
    expect(await aggregates(lodge, host.id)).toEqual({
      listing: { rating: null, count: 0 },
      lister: { rating: "4.3", count: 3 },
    });
    expect((await listingReviews(lodge)).reviews).toEqual([]);
    const [entry] = await app.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "review.hide"), eq(auditLog.targetId, String(reviewId))));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: "review",
      detail: { listing: lodge, rating: 2, reason: "Reported: names a staff member." },
    });
    expect(await refusalOf(hideReview(admin.viewer, { reviewId, reason: "Again." }))).toMatchObject(
      { code: "CONFLICT", message: "reviews.errors.alreadyHidden" },
    );
    // A hidden review takes no reply either.
    expect(
      await refusalOf(replyToReview(host.viewer, { reviewId, reply: "Sorry." })),
    ).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers the same rules in the JSON API", async () => {
    const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
    const listed = await send(`/api/v1/listings/${guesthouse}/reviews?page=1`);
    expect(listed.status).toBe(200);
    expect(await json(listed)).toMatchObject({ rating: "4.3", ratingCount: 3 });

    const another = await makeUser({ role: "user" });
    const stay = await makeBooking({
      listing: { id: guesthouse },
      guest: another,
      checkIn: day(30),
      nights: 1,
    });
    const body = { bookingId: stay.id, rating: 3, body: "Fine." };
    const early = await send("/api/v1/reviews", { json: body, jar: another.jar });
    expect(early.status).toBe(409);
    expect(await json(early)).toEqual({
      error: { code: "CONFLICT", message: t("reviews.errors.bookingNotCompleted") },
    });
    expect((await send("/api/v1/reviews", { json: body })).status).toBe(401);
    await completeStays(new Date(`${day(31)}T08:00:00Z`));
    expect(await json(await send("/api/v1/me/reviewable", { jar: another.jar }))).toMatchObject({
      bookings: [{ bookingId: stay.id, listingTitle: "Osu Guesthouse" }],
    });
    const bad = await send("/api/v1/reviews", {
      json: { ...body, rating: 0 },
      jar: another.jar,
    });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({
      error: { fields: { rating: t("reviews.errors.rating") } },
    });
    const written = await send("/api/v1/reviews", { json: body, jar: another.jar });
    expect(written.status).toBe(201);
    const review = await json(written);
    expect(review).toMatchObject({ rating: 3, body: "Fine.", reply: null });
    const twice = await send("/api/v1/reviews", { json: body, jar: another.jar });
    expect(twice.status).toBe(409);
    expect(await json(twice)).toMatchObject({
      error: { message: t("reviews.errors.bookingReviewed") },
    });

    const replyPath = `/api/v1/reviews/${String(review.id)}/reply`;
    expect((await send(replyPath, { json: { reply: "Thanks" }, jar: another.jar })).status).toBe(
      403,
    );
    expect((await send(replyPath, { json: { reply: "Thanks" }, jar: host.jar })).status).toBe(200);
    expect((await send(replyPath, { json: { reply: "Thanks" }, jar: host.jar })).status).toBe(409);
    expect(
      (await send("/api/v1/reviews/abc/reply", { json: { reply: "x" }, jar: host.jar })).status,
    ).toBe(404);

    const hidePath = `/api/v1/admin/reviews/${String(review.id)}/hide`;
    expect((await send(hidePath, { json: { reason: "Spam" }, jar: host.jar })).status).toBe(403);
    expect((await send(hidePath, { json: {}, jar: admin.jar })).status).toBe(400);
    const hidden = await send(hidePath, { json: { reason: "Spam" }, jar: admin.jar });
    expect(hidden.status).toBe(200);
    expect(await json(hidden)).toMatchObject({ id: review.id, hiddenReason: "Spam" });
    expect(await json(await send(`/api/v1/listings/${guesthouse}/reviews`))).toMatchObject({
      rating: "4.3",
      ratingCount: 3,
    });
  });

  it("posts a review and a reply from the pages' forms, back where they came from with a toast", async () => {
    const another = await makeUser({ role: "user", name: "Page Guest" });
    const stay = await makeBooking({
      listing: { id: lodge },
      guest: another,
      checkIn: day(40),
      nights: 1,
      status: "completed",
    });
    const tab = await textOf(await page("/dashboard/bookings", { jar: another.jar }));
    expect(tab).toContain(t("reviews.bookings.write"));

    const posted = await page("/reviews", {
      jar: another.jar,
      form: {
        intent: "write",
        bookingId: String(stay.id),
        rating: "5",
        body: "Quiet and green.",
        redirectTo: "/dashboard/bookings",
      },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/dashboard/bookings");
    expect(toastOf(posted)).toMatchObject({
      title: "reviews.toasts.posted",
      params: { title: "Aburi Lodge" },
    });
    const after = await textOf(await page("/dashboard/bookings", { jar: another.jar }));
    expect(after).toContain(t("reviews.bookings.reviewed"));

    const again = await page("/reviews", {
      jar: another.jar,
      form: {
        intent: "write",
        bookingId: String(stay.id),
        rating: "5",
        body: "Twice.",
        redirectTo: "https://evil.example/",
      },
    });
    expect(again.headers.get("location")).toBe("/");
    expect(toastOf(again)).toMatchObject({
      title: "reviews.toasts.refused",
      description: "reviews.errors.bookingReviewed",
    });

    // The lister sees a Reply form on their listing's page, others do not.
    const [latest] = (await listingReviews(lodge)).reviews;
    const asHost = await textOf(await page(`/listing/${lodge}`, { jar: host.jar }));
    expect(asHost).toContain(t("reviews.reply.label"));
    expect(asHost).toContain(t("reviews.section.average", { rating: "5.0" }));
    const asVisitor = await textOf(await page(`/listing/${lodge}`));
    expect(asVisitor).toContain("Quiet and green.");
    expect(asVisitor).not.toContain(t("reviews.reply.label"));

    const replied = await page("/reviews", {
      jar: host.jar,
      form: {
        intent: "reply",
        reviewId: String(latest!.id),
        reply: "Glad you liked it.",
        redirectTo: `/listing/${lodge}#reviews`,
      },
    });
    expect(replied.headers.get("location")).toBe(`/listing/${lodge}#reviews`);
    expect(toastOf(replied)).toMatchObject({ title: "reviews.toasts.replied" });
    expect(await textOf(await page(`/listing/${lodge}`))).toContain("Glad you liked it.");

    const visitor = await page("/reviews", { form: { intent: "write" } });
    expect(visitor.headers.get("location")).toBe("/");
    expect(toastOf(visitor)).toMatchObject({ title: "auth.toasts.authRequired" });
  });
});
