import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, messages, quoteRequests, quotes } from "../../app/db/schema/index.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { unreadTotal } from "../../app/services/conversations/inbox.server.ts";
import {
  answerQuote,
  sendQuote,
  withdrawQuote,
} from "../../app/services/quotes/quote-offers.server.ts";
import { cancelJob, completeJob, listMyJobs } from "../../app/services/quotes/jobs.server.ts";
import {
  conversationQuotes,
  requestQuote,
} from "../../app/services/quotes/quote-requests.server.ts";
import * as quoteResource from "../../app/routes/resources/quotes.ts";
import * as requestQuotePage from "../../app/routes/site/request-quote.tsx";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { location, toastOf } from "../support/flash.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";
import { refusalOf, type Refusal } from "../support/refusal.ts";

/**
 * Quotes for professionals: the request, the quote, the answer and the job, through the service,
 * the page routes and the JSON API. Every refusal is checked for its words and for leaving every
 * table as it was.
 */

const NOW = new Date();
const TODAY = isoDay(NOW);
const day = (offset: number) => addDays(TODAY, offset);

describe(`quotes on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let admin: MadeUser;
  let stranger: MadeUser;
  let agent: MadeUser;
  let rentId: number;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
    stranger = await makeUser({ role: "user", name: "Sam Stranger" });
    agent = await makeUser({ role: "agent" });
    rentId = (await makeListing({ owner: agent, title: "Osu flat" })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  /** A professional with an approved service, and a client: each test its own pair. */
  async function pair(title = "Plumbing repairs") {
    const professional = await makeUser({ role: "professional", name: "Ama Plumber" });
    const client = await makeUser({ role: "user", name: "Kofi Client" });
    const listingId = (await makeListing({ owner: professional, category: "professionals", title }))
      .id;
    return { professional, client, listingId };
  }

  /** A pair with a request made: its conversation and request ids. */
  async function requested(title?: string) {
    const people = await pair(title);
    const made = await requestQuote(
      people.client.viewer,
      {
        listingId: people.listingId,
        need: "Fix a leaking kitchen tap",
        place: "East Legon, Accra",
        neededBy: day(10),
      },
      NOW,
    );
    return { ...people, conversationId: made.conversationId, requestId: made.request.id };
  }

  /** A pair with a quote sent on its request. */
  async function quoted(validUntil = day(7)) {
    const setup = await requested();
    const quote = await sendQuote(
      setup.professional.viewer,
      {
        requestId: setup.requestId,
        amount: "250",
        covers: "Parts and labour, one visit",
        validUntil,
      },
      NOW,
    );
    return { ...setup, quoteId: quote.id };
  }

  /** A pair whose quote the client accepted: the job. */
  async function withJob() {
    const setup = await quoted();
    const answered = await answerQuote(
      setup.client.viewer,
      { quoteId: setup.quoteId, decision: "accept" },
      NOW,
    );
    return { ...setup, jobId: answered.job!.id };
  }

  /** The call is refused with the message, and no table changed. */
  async function refusedUnchanged(call: () => Promise<unknown>, expected: Partial<Refusal>) {
    const before = await databaseSnapshot(app.handle.db);
    expect(await refusalOf(call())).toMatchObject(expected);
    expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);
  }

  async function bodies(conversationId: number): Promise<string[]> {
    const rows = await app.handle.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.id));
    return rows.map((r) => r.body);
  }

  describe("requesting", () => {
    it("starts the conversation with a readable summary, stores the request and tells the professional", async () => {
      const { professional, client, listingId } = await pair("Tiling and grouting");
      const made = await requestQuote(
        client.viewer,
        {
          listingId: String(listingId),
          need: "Tile a bathroom floor, about 6 m²",
          place: "  Cantonments,\n Accra ",
          neededBy: day(14),
        },
        NOW,
      );
      expect(made.request).toMatchObject({
        conversationId: made.conversationId,
        listingId,
        listingTitle: "Tiling and grouting",
        client: { id: client.id, name: "Kofi Client" },
        professional: { id: professional.id, name: "Ama Plumber" },
        need: "Tile a bathroom floor, about 6 m²",
        place: "Cantonments, Accra",
        neededBy: day(14),
      });
      const [body] = await bodies(made.conversationId);
      expect(body).toContain("Quote request");
      expect(body).toContain("What: Tile a bathroom floor, about 6 m²");
      expect(body).toContain("Where: Cantonments, Accra");
      expect(await unreadTotal(professional.id)).toBe(1);
      const mail = await waitForMail(app, professional.email);
      expect(mail.body).toContain(`/dashboard/inbox/${made.conversationId}`);

      // Both sides read it on the conversation page; the professional has nothing quoted yet.
      const seen = await conversationQuotes(professional.viewer, made.conversationId, NOW);
      expect(seen.side).toBe("professional");
      expect(seen.requests).toHaveLength(1);
      expect(seen.requests[0]).toMatchObject({ quotes: [], job: null, may: { quote: true } });
      const asClient = await conversationQuotes(client.viewer, made.conversationId, NOW);
      expect(asClient.side).toBe("client");
      // Only the professional is offered the quote form; the client would be refused.
      expect(asClient.requests[0]!.may).toEqual({ quote: false });

      // A second request continues the same conversation.
      const again = await requestQuote(
        client.viewer,
        { listingId, need: "Also the kitchen wall", place: "Cantonments", neededBy: day(20) },
        NOW,
      );
      expect(again.conversationId).toBe(made.conversationId);
      expect(
        (await conversationQuotes(client.viewer, made.conversationId, NOW)).requests,
      ).toHaveLength(2);
    });

    it("refuses visitors, other listings, one's own service, and incomplete or past requests, changing nothing", async () => {
      const { professional, client, listingId } = await pair();
      const pending = (
        await makeListing({
          owner: professional,
          category: "professionals",
          status: "pending_approval",
        })
      ).id;
      const ok = { need: "A tap", place: "Accra", neededBy: day(3) };
      await refusedUnchanged(() => requestQuote(null, { ...ok, listingId }, NOW), {
        code: "UNAUTHENTICATED",
      });
      await refusedUnchanged(() => requestQuote(client.viewer, { ...ok, listingId: rentId }, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.notProfessional",
      });
      await refusedUnchanged(
        () => requestQuote(client.viewer, { ...ok, listingId: pending }, NOW),
        {
          code: "LISTING_NOT_FOUND",
          message: "quotes.errors.listing",
        },
      );
      await refusedUnchanged(() => requestQuote(professional.viewer, { ...ok, listingId }, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.ownListing",
      });
      const failed = await refusalOf(
        requestQuote(client.viewer, { listingId, need: " ", place: "", neededBy: "soon" }, NOW),
      );
      expect(failed).toMatchObject({ code: "VALIDATION_FAILED", message: "quotes.errors.need" });
      await refusedUnchanged(
        () => requestQuote(client.viewer, { ...ok, listingId, need: "x".repeat(2001) }, NOW),
        { code: "VALIDATION_FAILED", message: "quotes.errors.needTooLong" },
      );
      await refusedUnchanged(
        () => requestQuote(client.viewer, { ...ok, listingId, neededBy: day(-1) }, NOW),
        { code: "VALIDATION_FAILED", message: "quotes.errors.neededByPast" },
      );
      await refusedUnchanged(
        () => requestQuote(client.viewer, { ...ok, listingId, neededBy: "2027-02-30" }, NOW),
        { code: "VALIDATION_FAILED", message: "quotes.errors.neededBy" },
      );
    });
  });

  describe("quoting", () => {
    it("the professional sends a quote: stored in cents, told to the client (unread, e-mail)", async () => {
      const { professional, client, conversationId, requestId } = await requested();
      const unreadBefore = await unreadTotal(client.id);
      // A thousands separator is refused rather than guessed at: nothing states the format.
      for (const amount of ["1,249.99", "1249,99"]) {
        expect(
          await refusalOf(
            sendQuote(
              professional.viewer,
              { requestId: String(requestId), amount, covers: "Tap", validUntil: day(7) },
              NOW,
            ),
          ),
        ).toMatchObject({ fields: { amount: "quotes.errors.amount" } });
      }
      const quote = await sendQuote(
        professional.viewer,
        {
          requestId: String(requestId),
          amount: "1249.99",
          covers: "New mixer tap, fitting\nand a year's guarantee",
          validUntil: day(7),
        },
        NOW,
      );
      expect(quote).toMatchObject({
        requestId,
        amountUsdCents: 124_999,
        status: "sent",
        expired: false,
        validUntil: day(7),
      });
      expect(await unreadTotal(client.id)).toBe(unreadBefore + 1);
      expect((await bodies(conversationId)).at(-1)).toContain("Quote: $1,249.99");
      const mail = await waitForMail(app, client.email);
      expect(mail.subject).toContain("Ama Plumber");
      const panel = await conversationQuotes(client.viewer, conversationId, NOW);
      expect(panel.requests[0]!.quotes).toEqual([expect.objectContaining({ id: quote.id })]);
    });

    it("only the request's professional may quote: the client is told so, anybody else finds nothing", async () => {
      const { client, requestId } = await requested();
      const input = { requestId, amount: 100, covers: "All of it", validUntil: day(5) };
      await refusedUnchanged(() => sendQuote(null, input, NOW), { code: "UNAUTHENTICATED" });
      await refusedUnchanged(() => sendQuote(client.viewer, input, NOW), {
        code: "FORBIDDEN",
        message: "quotes.errors.onlyProfessional",
      });
      for (const other of [stranger, admin, agent]) {
        await refusedUnchanged(() => sendQuote(other.viewer, input, NOW), {
          code: "NOT_FOUND",
          message: "quotes.errors.requestNotFound",
        });
      }
      await refusedUnchanged(() => sendQuote(client.viewer, { ...input, requestId: "x" }, NOW), {
        code: "NOT_FOUND",
      });
    });

    it("refuses an amount, a description or a validity that is not one, changing nothing", async () => {
      const { professional, requestId } = await requested();
      const ok = { requestId, amount: "100", covers: "All of it", validUntil: day(5) };
      for (const amount of ["0", "-5", "abc", "", "12.345", "1000001", 0]) {
        await refusedUnchanged(() => sendQuote(professional.viewer, { ...ok, amount }, NOW), {
          code: "VALIDATION_FAILED",
          message: "quotes.errors.amount",
        });
      }
      await refusedUnchanged(() => sendQuote(professional.viewer, { ...ok, covers: "  " }, NOW), {
        code: "VALIDATION_FAILED",
        message: "quotes.errors.covers",
      });
      await refusedUnchanged(
        () => sendQuote(professional.viewer, { ...ok, validUntil: day(-1) }, NOW),
        { code: "VALIDATION_FAILED", message: "quotes.errors.validUntilPast" },
      );
      // Today is the shortest validity there is.
      const today = await sendQuote(professional.viewer, { ...ok, validUntil: TODAY }, NOW);
      expect(today.validUntil).toBe(TODAY);
    });

    it("keeps one standing quote per request: a second is refused until it is withdrawn", async () => {
      const { professional, client, conversationId, requestId, quoteId } = await quoted();
      const again = { requestId, amount: 300, covers: "Cheaper parts", validUntil: day(9) };
      const mayQuote = async () =>
        (await conversationQuotes(professional.viewer, conversationId, NOW)).requests.find(
          (r) => r.request.id === requestId,
        )!.may.quote;
      expect(await mayQuote()).toBe(false);
      await refusedUnchanged(() => sendQuote(professional.viewer, again, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.quoteStanding",
      });
      // The client cannot withdraw it; the professional can, once.
      await refusedUnchanged(() => withdrawQuote(client.viewer, { quoteId }, NOW), {
        code: "FORBIDDEN",
        message: "quotes.errors.onlyProfessional",
      });
      await refusedUnchanged(() => withdrawQuote(stranger.viewer, { quoteId }, NOW), {
        code: "NOT_FOUND",
        message: "quotes.errors.quoteNotFound",
      });
      expect((await withdrawQuote(professional.viewer, { quoteId }, NOW)).status).toBe("withdrawn");
      expect(await mayQuote()).toBe(true);
      await refusedUnchanged(() => withdrawQuote(professional.viewer, { quoteId }, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.quoteWasWithdrawn",
      });
      await refusedUnchanged(
        () => answerQuote(client.viewer, { quoteId, decision: "accept" }, NOW),
        { code: "CONFLICT", message: "quotes.errors.quoteWasWithdrawn" },
      );
      const second = await sendQuote(professional.viewer, again, NOW);
      expect(second.status).toBe("sent");
    });

    it("20 quotes sent at once for one request end with exactly one", async () => {
      const { professional, requestId } = await requested();
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          sendQuote(
            professional.viewer,
            { requestId, amount: 100 + i, covers: `Offer ${i}`, validUntil: day(5) },
            NOW,
          ),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) {
        if (r.status === "rejected") {
          expect(r.reason).toMatchObject({
            code: "CONFLICT",
            message: "quotes.errors.quoteStanding",
          });
        }
      }
      const rows = await app.handle.db.select().from(quotes).where(eq(quotes.requestId, requestId));
      expect(rows).toHaveLength(1);
    });

    it("the database itself refuses a second open quote for a request", async () => {
      const { requestId } = await quoted();
      await expect(
        app.handle.db
          .insert(quotes)
          .values({ requestId, amountUsdCents: 100, covers: "x", validUntil: day(3) }),
      ).rejects.toThrow();
    });
  });

  describe("answering", () => {
    it("only the client answers; a declined quote leaves room for a new one", async () => {
      const { professional, client, conversationId, requestId, quoteId } = await quoted();
      await refusedUnchanged(
        () => answerQuote(professional.viewer, { quoteId, decision: "accept" }, NOW),
        { code: "FORBIDDEN", message: "quotes.errors.onlyClient" },
      );
      for (const other of [stranger, admin]) {
        await refusedUnchanged(
          () => answerQuote(other.viewer, { quoteId, decision: "accept" }, NOW),
          { code: "NOT_FOUND", message: "quotes.errors.quoteNotFound" },
        );
      }
      await refusedUnchanged(() => answerQuote(null, { quoteId, decision: "accept" }, NOW), {
        code: "UNAUTHENTICATED",
      });
      await refusedUnchanged(
        () => answerQuote(client.viewer, { quoteId, decision: "maybe" }, NOW),
        { code: "VALIDATION_FAILED", message: "quotes.errors.decision" },
      );

      const declined = await answerQuote(client.viewer, { quoteId, decision: "decline" }, NOW);
      expect(declined).toMatchObject({ quote: { status: "declined" }, job: null });
      expect(declined.quote.answeredAt).not.toBeNull();
      expect((await bodies(conversationId)).at(-1)).toBe("I declined your quote of $250.");
      for (const decision of ["accept", "decline"]) {
        await refusedUnchanged(() => answerQuote(client.viewer, { quoteId, decision }, NOW), {
          code: "CONFLICT",
          message: "quotes.errors.quoteWasDeclined",
        });
      }
      await refusedUnchanged(() => withdrawQuote(professional.viewer, { quoteId }, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.quoteWasDeclined",
      });
      const next = await sendQuote(
        professional.viewer,
        { requestId, amount: 200, covers: "Parts only", validUntil: day(4) },
        NOW,
      );
      expect(next.status).toBe("sent");
    });

    it("accepting makes the job in the same step; an accepted quote is final and ends quoting", async () => {
      const { professional, client, conversationId, requestId, quoteId, listingId } =
        await quoted();
      const answered = await answerQuote(client.viewer, { quoteId, decision: "accept" }, NOW);
      expect(answered.quote.status).toBe("accepted");
      expect(answered.job).toMatchObject({
        quoteId,
        requestId,
        conversationId,
        listingId,
        status: "accepted",
        side: "client",
        amountUsdCents: 25_000,
        client: { id: client.id },
        professional: { id: professional.id },
        reviewed: false,
      });
      expect((await bodies(conversationId)).at(-1)).toBe(
        "I accepted your quote of $250. The job is on.",
      );
      for (const decision of ["accept", "decline"]) {
        await refusedUnchanged(() => answerQuote(client.viewer, { quoteId, decision }, NOW), {
          code: "CONFLICT",
          message: "quotes.errors.quoteWasAccepted",
        });
      }
      await refusedUnchanged(() => withdrawQuote(professional.viewer, { quoteId }, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.quoteWasAccepted",
      });
      await refusedUnchanged(
        () =>
          sendQuote(
            professional.viewer,
            { requestId, amount: 10, covers: "More", validUntil: day(3) },
            NOW,
          ),
        { code: "CONFLICT", message: "quotes.errors.quoteAccepted" },
      );
      const panel = await conversationQuotes(professional.viewer, conversationId, NOW);
      expect(panel.requests[0]!.job).toMatchObject({ status: "accepted", side: "professional" });
      expect(panel.requests[0]!.may).toEqual({ quote: false });
    });

    it("an expired quote cannot be accepted; the professional may then send a new one", async () => {
      const { professional, client, conversationId, requestId, quoteId } = await quoted(day(2));
      // On its last day it still holds.
      const lastDay = new Date(`${day(2)}T23:00:00Z`);
      const later = new Date(`${day(3)}T08:00:00Z`);
      const seen = await conversationQuotes(client.viewer, conversationId, later);
      expect(seen.requests[0]!.quotes[0]).toMatchObject({ status: "sent", expired: true });
      const asProfessional = (when: Date) =>
        conversationQuotes(professional.viewer, conversationId, when);
      expect((await asProfessional(lastDay)).requests[0]!.may).toEqual({ quote: false });
      expect((await asProfessional(later)).requests[0]!.may).toEqual({ quote: true });
      await refusedUnchanged(
        () => answerQuote(client.viewer, { quoteId, decision: "accept" }, later),
        {
          code: "CONFLICT",
          message: "quotes.errors.quoteExpired",
          params: { date: expect.any(String) as string },
        },
      );
      await refusedUnchanged(
        () => answerQuote(client.viewer, { quoteId, decision: "decline" }, later),
        { code: "CONFLICT", message: "quotes.errors.quoteExpired" },
      );
      const renewed = await sendQuote(
        professional.viewer,
        { requestId, amount: 260, covers: "Same work", validUntil: day(10) },
        later,
      );
      const [old] = await app.handle.db.select().from(quotes).where(eq(quotes.id, quoteId));
      expect(old!.status).toBe("withdrawn");
      expect(
        (await answerQuote(client.viewer, { quoteId: renewed.id, decision: "accept" }, lastDay))
          .job,
      ).not.toBeNull();
    });

    it("two answers at once: one wins, the other is told, and there is one job", async () => {
      const { client, quoteId } = await quoted();
      const results = await Promise.allSettled([
        answerQuote(client.viewer, { quoteId, decision: "accept" }, NOW),
        answerQuote(client.viewer, { quoteId, decision: "accept" }, NOW),
        answerQuote(client.viewer, { quoteId, decision: "decline" }, NOW),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const jobRows = await app.handle.db.select().from(jobs).where(eq(jobs.quoteId, quoteId));
      const [row] = await app.handle.db.select().from(quotes).where(eq(quotes.id, quoteId));
      expect(jobRows).toHaveLength(row!.status === "accepted" ? 1 : 0);
    });
  });

  describe("jobs: accepted → completed | cancelled", () => {
    it("the professional completes a job not paid online; completed is final", async () => {
      const { professional, client, conversationId, jobId } = await withJob();
      for (const other of [stranger, admin]) {
        await refusedUnchanged(() => completeJob(other.viewer, { jobId }, NOW), {
          code: "NOT_FOUND",
          message: "quotes.errors.jobNotFound",
        });
        await refusedUnchanged(() => cancelJob(other.viewer, { jobId }, NOW), {
          code: "NOT_FOUND",
          message: "quotes.errors.jobNotFound",
        });
      }
      const done = await completeJob(professional.viewer, { jobId }, NOW);
      expect(done).toMatchObject({ status: "completed", side: "professional" });
      expect(done.completedAt).not.toBeNull();
      expect((await bodies(conversationId)).at(-1)).toBe("I marked the job as completed.");
      await refusedUnchanged(() => completeJob(professional.viewer, { jobId }, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.jobCompleted",
      });
      for (const side of [professional, client]) {
        await refusedUnchanged(() => cancelJob(side.viewer, { jobId }, NOW), {
          code: "CONFLICT",
          message: "quotes.errors.jobCompleted",
        });
      }
    });

    it("the client completes a job only once it is paid online: before, it stays open", async () => {
      const { client, jobId } = await withJob();
      await refusedUnchanged(() => completeJob(client.viewer, { jobId }, NOW), {
        code: "CONFLICT",
        message: "quotes.errors.payBeforeCompleting",
      });
      const [job] = await listMyJobs(client.viewer);
      expect(job).toMatchObject({ id: jobId, status: "accepted" });
    });

    it("either side cancels an accepted job, with a reason or without; cancelled is final", async () => {
      const first = await withJob();
      const byClient = await cancelJob(
        first.client.viewer,
        { jobId: first.jobId, reason: "  Found someone nearer  " },
        NOW,
      );
      expect(byClient).toMatchObject({ status: "cancelled", side: "client" });
      expect((await bodies(first.conversationId)).at(-1)).toBe(
        "I cancelled the job. Reason: Found someone nearer",
      );
      await refusedUnchanged(
        () => completeJob(first.professional.viewer, { jobId: first.jobId }, NOW),
        {
          code: "CONFLICT",
          message: "quotes.errors.jobCancelled",
        },
      );
      await refusedUnchanged(
        () => cancelJob(first.professional.viewer, { jobId: first.jobId }, NOW),
        {
          code: "CONFLICT",
          message: "quotes.errors.jobCancelled",
        },
      );

      const second = await withJob();
      await refusedUnchanged(
        () =>
          cancelJob(
            second.professional.viewer,
            { jobId: second.jobId, reason: "x".repeat(501) },
            NOW,
          ),
        { code: "VALIDATION_FAILED", message: "quotes.errors.reason" },
      );
      const byProfessional = await cancelJob(
        second.professional.viewer,
        { jobId: second.jobId },
        NOW,
      );
      expect(byProfessional.status).toBe("cancelled");
      expect((await bodies(second.conversationId)).at(-1)).toBe("I cancelled the job.");
    });

    it("lists each person's jobs as client and as professional, open ones first", async () => {
      const open = await withJob();
      const done = await withJob();
      await completeJob(done.professional.viewer, { jobId: done.jobId }, NOW);
      const mine = await listMyJobs(open.client.viewer);
      expect(mine.map((j) => j.id)).toEqual([open.jobId]);
      expect(mine[0]).toMatchObject({ side: "client", listingTitle: "Plumbing repairs" });
      expect((await listMyJobs(open.professional.viewer))[0]).toMatchObject({
        id: open.jobId,
        side: "professional",
        client: { name: "Kofi Client" },
      });
      expect(await listMyJobs(stranger.viewer)).toEqual([]);
      expect(await refusalOf(listMyJobs(null))).toMatchObject({ code: "UNAUTHENTICATED" });
    });
  });

  it("nobody but the two people reads a conversation's quotes", async () => {
    const { conversationId } = await quoted();
    for (const other of [stranger, admin, agent]) {
      expect(await refusalOf(conversationQuotes(other.viewer, conversationId, NOW))).toMatchObject({
        code: "NOT_FOUND",
        message: "quotes.errors.conversationNotFound",
      });
    }
    expect(await refusalOf(conversationQuotes(null, conversationId, NOW))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  describe("pages", () => {
    it("the request form: a visitor fills it and signs in when sending; a client's request opens the conversation", async () => {
      const { client, listingId, professional } = await pair();
      const path = `/listing/${listingId}/quote`;
      const page = withParams(requestQuotePage, { listingId: String(listingId) });
      // A visitor fills the form first; sending it opens the sign-in dialog on the page itself.
      expect(await app.loader(page, path)).toMatchObject({ signedIn: false, own: false });
      const sentByVisitor = await app.action(page, `${path}.data`, {
        need: "Fix the geyser",
        place: "Osu",
        neededBy: day(4),
      });
      expect(location(sentByVisitor)).toBe(`${path}?auth=login`);

      // Another category's listing has no such form.
      const rent = app.loader(
        withParams(requestQuotePage, { listingId: String(rentId) }),
        `/listing/${rentId}/quote`,
        client.jar,
      );
      await expect(rent).rejects.toMatchObject({ init: { status: 404 } });

      const posted = await app.action(
        page,
        path,
        { need: "Fix the geyser", place: "Osu", neededBy: day(4) },
        client.jar,
      );
      const [request] = await app.handle.db
        .select()
        .from(quoteRequests)
        .where(and(eq(quoteRequests.clientId, client.id), eq(quoteRequests.listingId, listingId)));
      expect(location(posted)).toBe(`/dashboard/inbox/${request!.conversationId}`);
      expect(toastOf(posted)).toMatchObject({
        title: "quotes.toasts.requestedTitle",
        params: { name: professional.name },
      });

      const invalid = await app.action(
        page,
        path,
        { need: "", place: "Osu", neededBy: day(-3) },
        client.jar,
      );
      expect(invalid).toMatchObject({
        init: { status: 400 },
        data: { fieldErrors: { need: "quotes.errors.need" }, values: { place: "Osu" } },
      });
      const own = await app.action(
        page,
        path,
        { need: "x", place: "y", neededBy: day(2) },
        professional.jar,
      );
      expect(own).toMatchObject({ init: { status: 409 } });
    });

    it("the quote panel's forms answer with a redirect back and a toast, with nothing changed on a refusal", async () => {
      const { professional, client, conversationId, requestId } = await requested();
      const back = `/dashboard/inbox/${conversationId}`;
      const sent = await app.action(
        quoteResource as never,
        "/quotes",
        {
          intent: "send-quote",
          requestId: String(requestId),
          amount: "180",
          covers: "Labour",
          validUntil: day(3),
          redirectTo: back,
        },
        professional.jar,
      );
      expect(location(sent)).toBe(back);
      expect(toastOf(sent)).toMatchObject({ title: "quotes.toasts.sentTitle" });
      const [quote] = await app.handle.db
        .select()
        .from(quotes)
        .where(eq(quotes.requestId, requestId));

      const before = await databaseSnapshot(app.handle.db);
      const refused = await app.action(
        quoteResource as never,
        "/quotes",
        { intent: "accept-quote", quoteId: String(quote!.id), redirectTo: back },
        professional.jar,
      );
      expect(location(refused)).toBe(back);
      expect(toastOf(refused)).toMatchObject({
        title: "quotes.toasts.refused",
        description: "quotes.errors.onlyClient",
      });
      expect(changedTables(before, await databaseSnapshot(app.handle.db))).toEqual([]);

      const accepted = await app.action(
        quoteResource as never,
        "/quotes",
        { intent: "accept-quote", quoteId: String(quote!.id), redirectTo: back },
        client.jar,
      );
      expect(toastOf(accepted)).toMatchObject({ title: "quotes.toasts.acceptedTitle" });
      const [job] = await app.handle.db.select().from(jobs).where(eq(jobs.quoteId, quote!.id));
      const completed = await app.action(
        quoteResource as never,
        "/quotes",
        { intent: "complete-job", jobId: String(job!.id), redirectTo: "https://evil.example/" },
        professional.jar,
      );
      // A redirect off the site falls back to the inbox.
      expect(location(completed)).toBe("/dashboard/inbox");
      expect(toastOf(completed)).toMatchObject({ title: "quotes.toasts.completedTitle" });

      const unknown = await app.action(
        quoteResource as never,
        "/quotes",
        { intent: "bribe", redirectTo: back },
        client.jar,
      );
      expect(toastOf(unknown)).toMatchObject({ title: "quotes.toasts.unknown" });
      const visitor = await app.action(quoteResource as never, "/quotes", {
        intent: "accept-quote",
      });
      expect(toastOf(visitor)).toMatchObject({ title: "auth.toasts.authRequired" });
    });
  });

  it("the JSON API: request, quote, accept, list and complete, with the same refusals", async () => {
    const { professional, client, listingId } = await pair();
    const asked = await send(`/api/v1/listings/${listingId}/quote-requests`, {
      method: "POST",
      json: { need: "Rewire two rooms", place: "Tema", neededBy: day(6) },
      jar: client.jar,
    });
    expect(asked.status).toBe(201);
    const { conversationId, request } = (await asked.json()) as {
      conversationId: number;
      request: { id: number };
    };

    const visitor = await send(`/api/v1/conversations/${conversationId}/quotes`);
    expect(visitor.status).toBe(401);
    const hidden = await send(`/api/v1/conversations/${conversationId}/quotes`, {
      jar: stranger.jar,
    });
    expect(hidden.status).toBe(404);

    const wrongSide = await send(`/api/v1/quote-requests/${request.id}/quotes`, {
      method: "POST",
      json: { amount: 500, covers: "Cable and labour", validUntil: day(5) },
      jar: client.jar,
    });
    expect(wrongSide.status).toBe(403);
    expect(await wrongSide.json()).toMatchObject({
      error: {
        code: "FORBIDDEN",
        message: "Only the professional who was asked can send or withdraw a quote.",
      },
    });
    const strangerSend = await send(`/api/v1/quote-requests/${request.id}/quotes`, {
      method: "POST",
      json: {},
      jar: stranger.jar,
    });
    expect(strangerSend.status).toBe(404);
    const invalid = await send(`/api/v1/quote-requests/${request.id}/quotes`, {
      method: "POST",
      json: { amount: -1, covers: "", validUntil: "tomorrow" },
      jar: professional.jar,
    });
    expect(invalid.status).toBe(400);
    expect(
      ((await invalid.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toMatchObject({ amount: expect.stringContaining("US dollars") as string });
    // "10,5" is not $105: a 400 that names the field, and no quote.
    const comma = await send(`/api/v1/quote-requests/${request.id}/quotes`, {
      method: "POST",
      json: { amount: "10,5", covers: "Cable and labour", validUntil: day(5) },
      jar: professional.jar,
    });
    expect(comma.status).toBe(400);
    expect(
      ((await comma.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toHaveProperty("amount");

    const quoted = await send(`/api/v1/quote-requests/${request.id}/quotes`, {
      method: "POST",
      json: { amount: 500, covers: "Cable and labour", validUntil: day(5) },
      jar: professional.jar,
    });
    expect(quoted.status).toBe(201);
    const quote = (await quoted.json()) as { id: number; amountUsdCents: number };
    expect(quote.amountUsdCents).toBe(50_000);
    const standing = await send(`/api/v1/quote-requests/${request.id}/quotes`, {
      method: "POST",
      json: { amount: 400, covers: "Less", validUntil: day(5) },
      jar: professional.jar,
    });
    expect(standing.status).toBe(409);

    const listed = await send(`/api/v1/conversations/${conversationId}/quotes`, {
      jar: client.jar,
    });
    expect(await listed.json()).toMatchObject({
      side: "client",
      requests: [{ request: { id: request.id }, quotes: [{ id: quote.id, status: "sent" }] }],
    });

    const accepted = await send(`/api/v1/quotes/${quote.id}/accept`, {
      method: "POST",
      jar: client.jar,
    });
    expect(accepted.status).toBe(200);
    const { job } = (await accepted.json()) as { job: { id: number; status: string } };
    expect(job.status).toBe("accepted");
    const declineLate = await send(`/api/v1/quotes/${quote.id}/decline`, {
      method: "POST",
      jar: client.jar,
    });
    expect(declineLate.status).toBe(409);
    const withdrawLate = await send(`/api/v1/quotes/${quote.id}/withdraw`, {
      method: "POST",
      jar: professional.jar,
    });
    expect(withdrawLate.status).toBe(409);

    const mine = await send("/api/v1/me/jobs", { jar: professional.jar });
    expect(await mine.json()).toMatchObject({ jobs: [{ id: job.id, side: "professional" }] });
    // A stranger to the job is told it does not exist.
    const strangerCompletes = await send(`/api/v1/jobs/${job.id}/complete`, {
      method: "POST",
      jar: stranger.jar,
    });
    expect(strangerCompletes.status).toBe(404);
    const completed = await send(`/api/v1/jobs/${job.id}/complete`, {
      method: "POST",
      jar: professional.jar,
    });
    expect(await completed.json()).toMatchObject({ id: job.id, status: "completed" });
    const cancelLate = await send(`/api/v1/jobs/${job.id}/cancel`, {
      method: "POST",
      json: { reason: "Too late" },
      jar: client.jar,
    });
    expect(cancelLate.status).toBe(409);
    expect(await cancelLate.json()).toMatchObject({
      error: {
        code: "CONFLICT",
        message: "This job is already completed: completed jobs are final.",
      },
    });

    const notAService = await send(`/api/v1/listings/${rentId}/quote-requests`, {
      method: "POST",
      json: { need: "x", place: "y", neededBy: day(3) },
      jar: client.jar,
    });
    expect(notAService.status).toBe(409);
  });
});

/** A route module whose action and loader receive the path's parameters, as the router gives them. */
function withParams<M extends { action?: unknown; loader?: unknown }>(
  module: M,
  params: Record<string, string>,
) {
  type Args = { params: Record<string, string> };
  const wrap = (fn: unknown) => (args: Args) => (fn as (a: Args) => unknown)({ ...args, params });
  return { action: wrap(module.action), loader: wrap(module.loader) } as never;
}
