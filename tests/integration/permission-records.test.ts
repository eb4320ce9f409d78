import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerQuote, sendQuote } from "../../app/services/quotes/quote-offers.server.ts";
import { requestQuote } from "../../app/services/quotes/quote-requests.server.ts";
import { testEngine } from "../support/database.ts";
import { changedTables, databaseSnapshot } from "../support/db-snapshot.ts";
import { jarWith, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { makeBooking, makeStay, type StaySettings } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { makePayment } from "../support/factories/payments.ts";
import { toastOf } from "../support/flash.ts";
import { createPageHandler, type PageHandler } from "../support/page-handler.ts";
import { startTestPayments, type TestPayments } from "../support/payments.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The permission matrix on real records: the other half of permission-matrix.test.ts, which calls
 * every route with ids nobody owns. Here guest A has a booking, a paid-online booking's payment,
 * a conversation, a quote request, a quote and a job with agent A and professional A; a second
 * guest, a second agent, a second professional and a visitor call every page and endpoint that
 * names one of those records, and each call must be refused (401 for the visitor, 403 or 404 for
 * the others, so nobody learns more than that the record is not theirs) with no row changed.
 * The records' own parties read them, so a refusal is not just "everything is refused".
 */

type Caller = "visitor" | "guest B" | "agent B" | "professional B";
const OUTSIDERS: Caller[] = ["visitor", "guest B", "agent B", "professional B"];

type Party = "guest A" | "agent A" | "professional A" | "admin";

interface RecordCall {
  method: "GET" | "POST";
  /** The path with the record's id in place of :booking, :conversation… */
  path: string;
  /** A page (through React Router) rather than an /api/v1 endpoint. */
  page?: boolean;
  json?: unknown;
  /** Who may read it: each must get 200 (reads only; writes are the domain tests'). */
  readBy?: Party[];
}

const STAY_SETTINGS: StaySettings = { mode: "request", cancellationPolicy: "moderate" };

const CALLS: RecordCall[] = [
  { method: "GET", path: "/api/v1/bookings/:booking", readBy: ["guest A", "agent A", "admin"] },
  { method: "GET", path: "/api/v1/bookings/:booking/refund", readBy: ["guest A"] },
  { method: "POST", path: "/api/v1/bookings/:booking/accept", json: {} },
  { method: "POST", path: "/api/v1/bookings/:booking/decline", json: { reason: "No" } },
  { method: "POST", path: "/api/v1/bookings/:booking/cancel", json: { reason: "Plans changed" } },
  { method: "POST", path: "/api/v1/bookings/:booking/conversation", json: {} },
  { method: "POST", path: "/api/v1/bookings/:paidBooking/balance-checkout" },
  { method: "POST", path: "/api/v1/bookings/:paidBooking/checkout" },
  { method: "POST", path: "/api/v1/bookings/:paidBooking/cancel", json: {} },
  { method: "GET", path: "/api/v1/payments/:payment", readBy: ["guest A", "admin"] },
  {
    method: "GET",
    path: "/dashboard/payments/:payment",
    page: true,
    readBy: ["guest A", "admin"],
  },
  {
    method: "GET",
    path: "/api/v1/conversations/:conversation",
    readBy: ["guest A", "agent A"],
  },
  {
    method: "GET",
    path: "/api/v1/conversations/:conversation/messages",
    readBy: ["guest A", "agent A"],
  },
  { method: "POST", path: "/api/v1/conversations/:conversation/messages", json: { body: "Hi" } },
  { method: "POST", path: "/api/v1/conversations/:conversation/images", json: {} },
  {
    method: "GET",
    path: "/dashboard/inbox/:conversation",
    page: true,
    readBy: ["guest A", "agent A"],
  },
  { method: "POST", path: "/dashboard/inbox/:conversation", page: true },
  {
    method: "GET",
    path: "/api/v1/conversations/:quoteConversation/quotes",
    readBy: ["guest A", "professional A"],
  },
  {
    method: "POST",
    path: "/api/v1/quote-requests/:request/quotes",
    json: { amount: "100", covers: "Everything", validUntil: "2099-01-01" },
  },
  { method: "POST", path: "/api/v1/quotes/:quote/accept" },
  { method: "POST", path: "/api/v1/quotes/:quote/decline" },
  { method: "POST", path: "/api/v1/quotes/:quote/withdraw" },
  { method: "POST", path: "/api/v1/jobs/:job/complete" },
  { method: "POST", path: "/api/v1/jobs/:job/cancel", json: { reason: "No longer needed" } },
  { method: "POST", path: "/api/v1/jobs/:job/checkout" },
];

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`permission matrix on other people's records on ${testEngine}`, () => {
  let app: TestApp;
  let pay: TestPayments;
  let send: ServerApp;
  let page: PageHandler;
  const people = new Map<Caller | Party, MadeUser>();
  const ids: Record<string, number | string> = {};

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    pay = await startTestPayments();
    send = await createServerApp(app);
    page = await createPageHandler(app);
    for (const [name, role] of [
      ["guest A", "user"],
      ["guest B", "user"],
      ["agent A", "agent"],
      ["agent B", "agent"],
      ["professional A", "professional"],
      ["professional B", "professional"],
      ["admin", "admin"],
    ] as const) {
      people.set(name, await makeUser({ role }));
    }
    const guest = people.get("guest A")!;
    const host = people.get("agent A")!;
    const professional = people.get("professional A")!;
    const requestStay = (await makeStay({ owner: host, settings: STAY_SETTINGS })).id;
    const paidStay = (
      await makeStay({ owner: host, settings: { ...STAY_SETTINGS, paymentMode: "full" } })
    ).id;
    ids.booking = (
      await makeBooking({ listing: { id: requestStay }, guest, status: "requested" })
    ).id;
    const paidBooking = await makeBooking({
      listing: { id: paidStay },
      guest,
      status: "awaiting_payment",
    });
    ids.paidBooking = paidBooking.id;
    ids.payment = (await makePayment({ payer: guest, booking: paidBooking })).id;
    ids.conversation = (
      await makeConversation({
        listing: { id: requestStay },
        guest,
        messages: [{ from: guest, body: "Is it quiet?" }],
      })
    ).id;

    const service = (await makeListing({ owner: professional, category: "professionals" })).id;
    const ask = () =>
      requestQuote(guest.viewer, {
        listingId: service,
        need: "Fix a leaking kitchen tap",
        place: "East Legon, Accra",
        neededBy: inDays(10),
      });
    const quote = (requestId: number) =>
      sendQuote(professional.viewer, {
        requestId,
        amount: "250",
        covers: "Parts and labour, one visit",
        validUntil: inDays(7),
      });
    const asked = await ask();
    ids.request = asked.request.id;
    ids.quoteConversation = asked.conversationId;
    ids.quote = (await quote(ids.request)).id;
    // A second professional's service, so the job's request is a request of its own.
    const second = (await makeListing({ owner: professional, category: "professionals" })).id;
    const jobRequest = await requestQuote(guest.viewer, {
      listingId: second,
      need: "Paint two rooms",
      place: "Osu, Accra",
      neededBy: inDays(12),
    });
    const jobQuote = await quote(jobRequest.request.id);
    const answered = await answerQuote(guest.viewer, { quoteId: jobQuote.id, decision: "accept" });
    ids.job = answered.job!.id;
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  function filled(path: string): string {
    return path.replace(/:(\w+)/g, (_, name: string) => {
      const id = ids[name];
      if (id === undefined) throw new Error(`No record for :${name}`);
      return String(id);
    });
  }

  async function call(entry: RecordCall, who: MadeUser | undefined): Promise<Response> {
    const path = filled(entry.path);
    const jar = who ? jarWith(who.cookie) : undefined;
    if (entry.page) {
      return page(path, {
        jar,
        method: entry.method,
        form: entry.method === "POST" ? { body: "Hello" } : undefined,
      });
    }
    return send(path, { method: entry.method, json: entry.json, jar, ip: app.nextIp() });
  }

  /** Refused as the spec refuses: sign in for a visitor, denied or missing for anybody else. */
  function refused(entry: RecordCall, caller: Caller, response: Response): boolean {
    if (entry.page) {
      if (response.status === 404) return caller !== "visitor";
      const to = response.headers.get("location");
      const toast = toastOf(response)?.title;
      if (caller === "visitor") return to === "/" && toast === "auth.toasts.authRequired";
      return to === "/dashboard/overview" && toast === "auth.toasts.accessDenied";
    }
    if (caller === "visitor") return response.status === 401;
    return response.status === 403 || response.status === 404;
  }

  it("refuses every call on someone else's record, changing nothing", async () => {
    const problems: string[] = [];
    for (const entry of CALLS) {
      for (const caller of OUTSIDERS) {
        const before = await databaseSnapshot(app.handle.db);
        const response = await call(entry, people.get(caller));
        await response.arrayBuffer();
        const what = `${entry.method} ${entry.path} as ${caller}: ${response.status} ${
          response.headers.get("location") ?? ""
        }`;
        if (!refused(entry, caller, response)) problems.push(`${what} (expected refused)`);
        const changes = changedTables(before, await databaseSnapshot(app.handle.db));
        if (changes.length > 0) problems.push(`${what} changed ${changes.join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it("lets each record's own parties read it", async () => {
    const problems: string[] = [];
    for (const entry of CALLS) {
      for (const party of entry.readBy ?? []) {
        const response = await call(entry, people.get(party));
        await response.arrayBuffer();
        if (response.status !== 200) {
          problems.push(`${entry.method} ${entry.path} as ${party}: ${response.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
