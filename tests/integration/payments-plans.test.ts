import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, payments, planSubscriptions } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import type { ListingStatus } from "../../app/lib/listing-values.ts";
import { addMonths } from "../../app/lib/plan-period.ts";
import type { PaymentList, PaymentView, PlanUsage } from "../../app/lib/schemas/payments.ts";
import { emptyListingValues } from "../../app/lib/schemas/listing.ts";
import * as addListingPage from "../../app/routes/listings/add-listing.tsx";
import * as myListingsPage from "../../app/routes/dashboard/my-listings.tsx";
import * as paymentsTab from "../../app/routes/dashboard/payments.tsx";
import * as plansPage from "../../app/routes/dashboard/premium-plans.tsx";
import { setListingAttribute } from "../../app/services/listings/moderation.server.ts";
import { createListing } from "../../app/services/listings/listing-write.server.ts";
import { accountBalances } from "../../app/services/payments/ledger.server.ts";
import { runPlanJobs } from "../../app/services/premium/plan-jobs.server.ts";
import {
  FREE_LIMITS,
  planUsage,
  setOwnFeatured,
} from "../../app/services/premium/plan-limits.server.ts";
import { testEngine } from "../support/database.ts";
import { givePlan, makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { MADE_PAYMENT_PREFIX } from "../support/factories/payments.ts";
import { location, toastOf } from "../support/flash.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { expectLedgerHealthy, startTestPayments, type TestPayments } from "../support/payments.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";
import { refusalOf } from "../support/refusal.ts";

/**
 * Premium plans bought online through the sandbox provider, end to end: the plans page opens the
 * checkout, the payer pays on the sandbox's page, its signed webhook starts the plan, the payer
 * gets a receipt (a page and an e-mail); the plan's limits on listings and featured ads; and the
 * scheduled jobs' reminders and the drop back to the free limits when it ends. The ledger
 * balances after every scenario.
 */

const t = createTranslator();
const PLANS = "/dashboard/premium-plans";
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the listing form sends for a rent in Accra. */
function listingInput(title: string) {
  return {
    ...emptyListingValues("real-estate"),
    title,
    listingType: "rent",
    price: "900",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "12 Oxford Street",
    description: "Two bedrooms, a balcony and a view of the sea.",
    propertyType: "apartment",
    bedrooms: "2",
    bathrooms: "1",
    areaM2: "85",
  };
}

/** The payer's browser on the sandbox's card form: a test card that is paid, or declined. */
async function payByCard(checkoutUrl: string, number = "4242 4242 4242 4242") {
  const response = await fetch(`${checkoutUrl}/card`, {
    method: "POST",
    body: new URLSearchParams({ number, expiry: "12/39", cvc: "123" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("location")!;
}

describe(`premium plans paid online on ${testEngine}`, () => {
  let app: TestApp;
  let pay: TestPayments;
  let page: PageHandler;
  let send: ServerApp;
  let admin: MadeUser;

  beforeAll(async () => {
    app = await startTestApp();
    pay = await startTestPayments();
    page = await createPageHandler(app);
    send = await createServerApp(app);
    admin = await makeUser({ role: "admin" });
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  async function paymentRow(id: string) {
    const [row] = await app.handle.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }

  async function subscriptionsOf(userId: string) {
    return app.handle.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userId, userId))
      .orderBy(asc(planSubscriptions.startsAt));
  }

  async function statuses(userId: string) {
    const rows = await app.handle.db
      .select({
        id: listings.id,
        status: listings.status,
        pausedFrom: listings.pausedFrom,
        featured: listings.featured,
      })
      .from(listings)
      .where(eq(listings.userId, userId))
      .orderBy(asc(listings.createdAt), asc(listings.id));
    return rows;
  }

  /** Chooses a plan on the plans page: the answer sends the browser to the sandbox's checkout. */
  async function choose(who: MadeUser, planId: string) {
    const result = await app.action(plansPage, PLANS, { intent: "choose", planId }, who.jar);
    const checkoutUrl = location(result);
    expect(checkoutUrl.startsWith(`${pay.sandbox.url}/pay/`)).toBe(true);
    const [row] = await app.handle.db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, who.id), eq(payments.status, "pending")));
    return { checkoutUrl, paymentId: row!.id };
  }

  it("sells the Premium plan by card: checkout, webhook, plan and limits, receipt page and e-mail", async () => {
    const agent = await makeUser({ role: "agent" });
    for (let i = 0; i < 3; i++) await makeListing({ owner: agent });
    expect(await planUsage(agent.id)).toEqual({
      plan: null,
      endsAt: null,
      listingsUsed: 3,
      listingLimit: FREE_LIMITS.listings,
      featuredUsed: 0,
      featuredLimit: 0,
    });

    const { checkoutUrl, paymentId } = await choose(agent, "premium");
    expect(await paymentRow(paymentId)).toMatchObject({
      purpose: "plan",
      planId: "premium",
      status: "pending",
      amountMinor: 3500,
      currency: "USD",
      amountUsdCents: 3500,
      description: "Premium plan, 6 months",
      provider: "sandbox",
    });

    // Back from the checkout before the webhook: the page waits, and says for whom.
    const waiting = markupOf(
      await textOf(await page(`/dashboard/payments/${paymentId}`, { jar: agent.jar })),
    );
    expect(waiting).toContain("Waiting for confirmation from Sandbox (test payments)…");
    expect(waiting).toContain(`href="${checkoutUrl}"`);
    expect(await subscriptionsOf(agent.id)).toEqual([]);

    const back = new URL(await payByCard(checkoutUrl));
    expect(back.pathname).toBe(`/dashboard/payments/${paymentId}`);
    await pay.sandbox.settled();
    expect(pay.outcomes.at(-1)).toBe("paid");

    const paid = await paymentRow(paymentId);
    expect(paid).toMatchObject({ status: "paid", method: "card" });
    const [subscription] = await subscriptionsOf(agent.id);
    expect(subscription).toMatchObject({ planId: "premium", paymentId });
    expect(subscription!.endsAt.toISOString()).toBe(
      addMonths(subscription!.startsAt, 6).toISOString(),
    );
    expect(Math.abs(subscription!.startsAt.getTime() - paid.paidAt!.getTime())).toBeLessThan(1000);
    expect(await planUsage(agent.id)).toMatchObject({
      plan: { id: "premium", name: "Premium" },
      endsAt: subscription!.endsAt.toISOString(),
      listingsUsed: 3,
      listingLimit: null,
      featuredLimit: 10,
    });
    // The fourth listing, refused on the free limits, now goes through.
    await createListing({ actor: agent.viewer, input: listingInput("A fourth flat in Osu") });

    // The receipt: a printable page and an e-mail with the same facts and the link to the page.
    const receipt = markupOf(
      await textOf(await page(`/dashboard/payments/${paymentId}`, { jar: agent.jar })),
    );
    for (const text of [
      ">Receipt</h2>",
      paymentId,
      "Premium plan, 6 months",
      "$35.00",
      ">Card<",
      "Sandbox (test payments)",
      agent.email,
      "Independence Avenue, Ridge, Accra, Ghana",
      "Print receipt",
      "print:hidden",
    ]) {
      expect(receipt).toContain(text);
    }
    const mail = await waitForMail(app, agent.email);
    expect(mail.subject).toBe("Your receipt: Premium plan, 6 months");
    expect(mail.body).toContain(`Receipt number: ${paymentId}`);
    expect(mail.body).toContain("Amount paid: $35.00");
    expect(mail.body).toContain(`${app.config.appUrl}/dashboard/payments/${paymentId}`);

    // The money is plan revenue, and the provider's fee its expense: the ledger balances.
    expect((await accountBalances(app.handle.db, "plan_revenue")).get("USD")).toBe(-3500);
    await expectLedgerHealthy(app.handle.db);

    // The same webhook again changes nothing.
    await pay.redeliver(paymentId);
    expect(pay.outcomes.at(-1)).toBe("duplicate");
    expect(await subscriptionsOf(agent.id)).toHaveLength(1);
    await expectLedgerHealthy(app.handle.db);
  });

  it("charges in the payer's currency over the API, queues a second plan after the first, and shows the rate", async () => {
    const agent = await makeUser({ role: "agent" });
    const first = await givePlan(agent.id, "standard");
    const started = await send("/api/v1/premium-plans/basic/checkout", {
      method: "POST",
      json: { currency: "NGN" },
      jar: agent.jar,
    });
    expect(started.status).toBe(201);
    const { paymentId, checkoutUrl } = (await started.json()) as {
      paymentId: string;
      checkoutUrl: string;
    };
    expect(checkoutUrl).toBe(`${pay.sandbox.url}/pay/${pay.checkoutOf(paymentId).id}`);
    const pending = await paymentRow(paymentId);
    expect(pending).toMatchObject({ currency: "NGN", amountUsdCents: 1500 });
    expect(pending.amountMinor).toBe(Math.round(15 * Number(pending.rate) * 100));

    await pay.pay(paymentId);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "paid", method: "mobile_money" });
    const [, queued] = await subscriptionsOf(agent.id);
    expect(queued!.startsAt.toISOString()).toBe(first.endsAt.toISOString());
    expect(queued!.endsAt.toISOString()).toBe(addMonths(first.endsAt, 3).toISOString());
    // The plan running now is still the first one.
    expect((await planUsage(agent.id)).plan?.id).toBe("standard");

    const view = (await (
      await send(`/api/v1/payments/${paymentId}`, { jar: agent.jar })
    ).json()) as PaymentView;
    expect(view).toMatchObject({
      id: paymentId,
      status: "paid",
      currency: "NGN",
      method: "mobile_money",
      checkoutUrl: null,
      refunds: [],
    });
    const html = markupOf(
      await textOf(await page(`/dashboard/payments/${paymentId}`, { jar: agent.jar })),
    );
    expect(html).toContain("US dollar equivalent");
    expect(html).toMatch(/\$15\.00 at 1 USD = [\d,.]+ NGN/);
    expect(html).toContain("Mobile money");

    // Only the last plan's end is reminded of: nothing a week before the first one ends.
    const before = app.sink.to(agent.email).length;
    await runPlanJobs(new Date(first.endsAt.getTime() - 7 * DAY_MS));
    expect(app.sink.to(agent.email).length).toBe(before);
    await expectLedgerHealthy(app.handle.db);
  });

  it("says a failed or cancelled payment charged nothing, offers to try again, and starts no plan", async () => {
    const agent = await makeUser({ role: "agent" });
    const declined = await choose(agent, "basic");
    await payByCard(declined.checkoutUrl, "4000 0000 0000 0002");
    await pay.sandbox.settled();
    expect((await paymentRow(declined.paymentId)).status).toBe("failed");
    const failedPage = markupOf(
      await textOf(await page(`/dashboard/payments/${declined.paymentId}`, { jar: agent.jar })),
    );
    expect(failedPage).toContain("Payment failed");
    expect(failedPage).toContain("nothing was charged");
    expect(failedPage).toContain(`href="${PLANS}"`);
    expect(failedPage).toContain(">Try again<");

    const abandoned = await choose(agent, "basic");
    const cancel = await fetch(`${abandoned.checkoutUrl}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancel.status).toBe(303);
    await pay.sandbox.settled();
    expect((await paymentRow(abandoned.paymentId)).status).toBe("cancelled");
    expect(
      markupOf(
        await textOf(await page(`/dashboard/payments/${abandoned.paymentId}`, { jar: agent.jar })),
      ),
    ).toContain("Payment cancelled");
    expect(await subscriptionsOf(agent.id)).toEqual([]);
    expect(app.sink.to(agent.email)).toEqual([]);
    await expectLedgerHealthy(app.handle.db);
  });

  it("shows payments to their payer and the admin only: pages, the tab and the API", async () => {
    const payer = await makeUser({ role: "professional" });
    const stranger = await makeUser({ role: "agent" });
    const given = await givePlan(payer.id, "basic");
    const path = `/dashboard/payments/${given.paymentId}`;

    expect((await page(path, { jar: payer.jar })).status).toBe(200);
    expect((await page(path, { jar: admin.jar })).status).toBe(200);
    expect((await page(path, { jar: stranger.jar })).status).toBe(404);
    expect((await send(`/api/v1/payments/${given.paymentId}`, { jar: stranger.jar })).status).toBe(
      404,
    );
    expect((await send(`/api/v1/payments/${given.paymentId}`)).status).toBe(401);

    const own = (await (await send("/api/v1/payments", { jar: payer.jar })).json()) as PaymentList;
    expect(own.payments.map((p) => p.id)).toEqual([given.paymentId]);
    const others = (await (
      await send("/api/v1/payments", { jar: stranger.jar })
    ).json()) as PaymentList;
    expect(others.total).toBe(0);
    const all = (await (await send("/api/v1/payments", { jar: admin.jar })).json()) as PaymentList;
    expect(all.payments.map((p) => p.id)).toContain(given.paymentId);
    expect(all.total).toBeGreaterThan(1);

    const tab = (await app.loader(paymentsTab, "/dashboard/payments", payer.jar)) as {
      all: boolean;
      list: PaymentList;
    };
    expect(tab.all).toBe(false);
    expect(tab.list.payments).toHaveLength(1);
    const html = markupOf(await textOf(await page("/dashboard/payments", { jar: payer.jar })));
    expect(html).toContain("Your payments");
    expect(html).toContain("Basic plan (test factory)");
    expect(html).toContain(`href="${path}"`);
    expect(
      markupOf(await textOf(await page("/dashboard/payments", { jar: stranger.jar }))),
    ).toContain("No payments yet");
  });

  it("refuses a free account's fourth listing with the limit and the way to upgrade; paused and rejected ones do not count; the admin has no limit", async () => {
    const agent = await makeUser({ role: "agent" });
    await makeListing({ owner: agent, status: "approved" });
    await makeListing({ owner: agent, status: "pending_approval" });
    await makeListing({ owner: agent, status: "rejected" });
    await makeListing({ owner: agent, status: "paused", pausedFrom: "approved" });
    await createListing({ actor: agent.viewer, input: listingInput("The third active one") });

    const message =
      "You have used all 3 listings of your free plan. Upgrade to a premium plan to add more.";
    const refused = await refusalOf(
      createListing({ actor: agent.viewer, input: listingInput("One too many") }),
    );
    expect(refused.code).toBe("CONFLICT");
    expect(t(refused.message, refused.params)).toBe(message);
    const api = await send("/api/v1/my-listings", {
      method: "POST",
      json: listingInput("One too many"),
      jar: agent.jar,
    });
    expect(api.status).toBe(409);
    expect(((await api.json()) as { error: { message: string } }).error.message).toBe(message);

    // The Add Listing page says so instead of offering the form, with the way to upgrade.
    const form = markupOf(await textOf(await page("/add-listing", { jar: agent.jar })));
    expect(form).toContain(message);
    expect(form).toContain(`href="${PLANS}"`);
    const fields = Object.entries(listingInput("Again")).filter(
      (field): field is [string, string] => typeof field[1] === "string",
    );
    const posted = await app.action(
      addListingPage,
      "/add-listing",
      Object.fromEntries(fields),
      agent.jar,
    );
    expect(location(posted)).toBe("/add-listing");
    expect(toastOf(posted)).toMatchObject({
      title: "payments.plans.limits.title",
      description: "payments.plans.limits.listingsFull",
    });
    const [{ n }] = (await app.handle.db
      .select({ n: count() })
      .from(listings)
      .where(eq(listings.userId, agent.id))) as [{ n: number }];
    expect(Number(n)).toBe(5);

    // "N of M used" on My Listings and the plans page.
    for (const path of ["/dashboard/my-listings", PLANS]) {
      const html = markupOf(await textOf(await page(path, { jar: agent.jar })));
      expect(html).toContain("Free plan");
      expect(html).toContain("3 of 3 used");
      expect(html).toContain("0 of 0 used");
    }

    for (let i = 0; i < 4; i++) await makeListing({ owner: admin });
    await createListing({ actor: admin.viewer, input: listingInput("The admin's fifth") });
  });

  it("lets agents feature their own live listings within their plan's featured ads; the admin's featuring is not counted", async () => {
    const agent = await makeUser({ role: "agent" });
    const other = await makeUser({ role: "agent" });
    const live = [];
    for (let i = 0; i < 4; i++) live.push((await makeListing({ owner: agent })).id);
    const pending = await makeListing({ owner: agent, status: "pending_approval" });
    const feature = (listingId: number, featured = true, who = agent) =>
      setOwnFeatured({ actor: who.viewer, listingId, featured });

    const free = await refusalOf(feature(live[0]!));
    expect(t(free.message)).toBe(
      "Featured ads come with a premium plan. Upgrade to feature your listings.",
    );

    await givePlan(agent.id, "basic");
    await feature(live[0]!);
    // Through My Listings' toggle, with its toast.
    const toggled = await app.action(
      myListingsPage,
      "/dashboard/my-listings",
      { intent: "feature", listingId: String(live[1]) },
      agent.jar,
    );
    expect(toastOf(toggled)?.title).toBe("payments.plans.featured.saved");
    const full = await refusalOf(feature(live[2]!));
    expect(full.code).toBe("CONFLICT");
    expect(t(full.message, full.params)).toBe(
      "You have used all 2 featured ads of your plan. Stop featuring a listing or choose a bigger plan.",
    );
    expect(t((await refusalOf(feature(pending.id))).message)).toBe(
      "Only a live (approved) listing can be featured.",
    );
    expect((await refusalOf(feature(live[2]!, true, other))).code).toBe("FORBIDDEN");
    const api = await send(`/api/v1/my-listings/${live[2]}/featured`, {
      method: "PUT",
      json: { featured: true },
      jar: other.jar,
    });
    expect(api.status).toBe(403);

    // The admin's switch is not limited and uses none of the agent's ads; the agent cannot undo it.
    await setListingAttribute({
      actor: admin.viewer,
      listingId: live[3]!,
      attribute: "featured",
      value: true,
    });
    expect(await planUsage(agent.id)).toMatchObject({ featuredUsed: 2, featuredLimit: 2 });
    expect((await refusalOf(feature(live[3]!, false))).message).toBe(
      "payments.plans.featured.byTeam",
    );

    await feature(live[0]!, false);
    const again = await send(`/api/v1/my-listings/${live[2]}/featured`, {
      method: "PUT",
      json: { featured: true },
      jar: agent.jar,
    });
    expect(again.status).toBe(200);
    const usage = (await (
      await send("/api/v1/premium-plans/usage", { jar: agent.jar })
    ).json()) as PlanUsage;
    expect(usage).toMatchObject({ plan: { id: "basic" }, featuredUsed: 2, featuredLimit: 2 });
    const html = markupOf(await textOf(await page("/dashboard/my-listings", { jar: agent.jar })));
    expect(html).toContain("2 of 2 used");
    expect(html).toContain("5 of 5 used");
    expect(html).toContain(`aria-label="Stop featuring`);
  });

  it("reminds 7 days and 1 day before the plan ends, once each; at the end pauses the newest listings over the free limits, deletes nothing; buying again resumes them", async () => {
    const agent = await makeUser({ role: "agent" });
    // Premium (6 months) bought so long ago that it ended a day ago.
    const startsAt = addMonths(new Date(Date.now() - DAY_MS), -6);
    const given = await givePlan(agent.id, "premium", { startsAt });
    const end = given.endsAt;
    const created: { id: number; status: ListingStatus }[] = [];
    const statusesInOrder: ListingStatus[] = [
      "approved",
      "pending_approval",
      "approved",
      "approved",
      "pending_approval",
      "approved",
    ];
    for (const [i, status] of statusesInOrder.entries()) {
      const made = await makeListing({
        owner: agent,
        status,
        createdAt: new Date(startsAt.getTime() + (i + 1) * DAY_MS),
      });
      created.push({ id: made.id, status });
    }
    const rejected = await makeListing({ owner: agent, status: "rejected" });
    // Two of the plan's featured ads, chosen while it ran.
    await app.handle.db
      .update(listings)
      .set({ featured: true, featuredByOwner: true })
      .where(inArray(listings.id, [created[0]!.id, created[5]!.id]));
    const mails = () => app.sink.to(agent.email).map((m) => m.subject);

    expect((await runPlanJobs(new Date(end.getTime() - 8 * DAY_MS))).reminded).toBe(0);
    expect((await runPlanJobs(new Date(end.getTime() - 7 * DAY_MS))).reminded).toBe(1);
    await waitForMail(app, agent.email, 1);
    expect((await runPlanJobs(new Date(end.getTime() - 7 * DAY_MS + 60_000))).reminded).toBe(0);
    expect((await runPlanJobs(new Date(end.getTime() - 3 * DAY_MS))).reminded).toBe(0);
    expect((await runPlanJobs(new Date(end.getTime() - DAY_MS))).reminded).toBe(1);
    await waitForMail(app, agent.email, 2);
    expect((await runPlanJobs(new Date(end.getTime() - DAY_MS / 2))).reminded).toBe(0);
    expect(mails()).toEqual([
      "Your Premium plan ends in 7 days",
      "Your Premium plan ends tomorrow",
    ]);
    const reminder = app.sink.to(agent.email)[0]!;
    expect(reminder.body).toContain("3 active listings");
    expect(reminder.body).toContain(`${app.config.appUrl}${PLANS}`);

    const lapsedAt = new Date(end.getTime() + 60_000);
    expect((await runPlanJobs(lapsedAt)).lapsed).toBe(1);
    const after = await statuses(agent.id);
    expect(after).toHaveLength(7);
    const byId = new Map(after.map((row) => [row.id, row]));
    // The three oldest active ones stay; the three newest are paused with what they were.
    for (const [i, made] of created.entries()) {
      expect(byId.get(made.id)).toMatchObject(
        i < 3
          ? { status: made.status, pausedFrom: null }
          : { status: "paused", pausedFrom: made.status },
      );
    }
    expect(byId.get(rejected.id)?.status).toBe("rejected");
    expect(after.filter((row) => row.featured)).toEqual([]);
    const [subscription] = await subscriptionsOf(agent.id);
    expect(subscription!.lapsedAt?.toISOString()).toBe(lapsedAt.toISOString());
    await waitForMail(app, agent.email, 3);
    expect(mails()[2]).toBe("Your Premium plan has ended");
    expect(app.sink.to(agent.email)[2]!.body).toContain(
      "3 listings over the limit are paused; nothing was deleted.",
    );

    // Again later: nothing more happens, and no more e-mail.
    expect(await runPlanJobs(new Date(lapsedAt.getTime() + DAY_MS))).toEqual({
      reminded: 0,
      lapsed: 0,
      resumed: 0,
    });
    expect(await statuses(agent.id)).toEqual(after);
    expect(mails()).toHaveLength(3);
    expect(await planUsage(agent.id)).toMatchObject({ plan: null, listingsUsed: 3 });

    // Basic (5 listings) bought again: the two oldest paused listings come back as they were.
    const { checkoutUrl, paymentId } = await choose(agent, "basic");
    await payByCard(checkoutUrl);
    await pay.sandbox.settled();
    expect((await paymentRow(paymentId)).status).toBe("paid");
    const resumed = new Map((await statuses(agent.id)).map((row) => [row.id, row]));
    expect(resumed.get(created[3]!.id)).toMatchObject({ status: "approved", pausedFrom: null });
    expect(resumed.get(created[4]!.id)).toMatchObject({
      status: "pending_approval",
      pausedFrom: null,
    });
    expect(resumed.get(created[5]!.id)).toMatchObject({ status: "paused", pausedFrom: "approved" });
    expect(await planUsage(agent.id)).toMatchObject({ plan: { id: "basic" }, listingsUsed: 5 });
    await expectLedgerHealthy(app.handle.db);
  });

  it("brings paused listings back when a plan queued after another starts", async () => {
    const agent = await makeUser({ role: "agent" });
    for (let i = 0; i < 3; i++) await makeListing({ owner: agent });
    const paused = await makeListing({ owner: agent, status: "paused", pausedFrom: "approved" });
    // A Standard plan (10 listings) that started an hour ago, after the one before it ended.
    await givePlan(agent.id, "standard", { startsAt: new Date(Date.now() - 60 * 60 * 1000) });
    expect((await runPlanJobs(new Date())).resumed).toBe(1);
    const [row] = await app.handle.db
      .select({ status: listings.status, pausedFrom: listings.pausedFrom })
      .from(listings)
      .where(eq(listings.id, paused.id));
    expect(row).toEqual({ status: "approved", pausedFrom: null });
    expect((await runPlanJobs(new Date())).resumed).toBe(0);
  });

  it("keeps the ledger's plan revenue equal to what was charged for plans", async () => {
    const paid = await app.handle.db
      .select({ id: payments.id, currency: payments.currency, amountMinor: payments.amountMinor })
      .from(payments)
      .where(and(eq(payments.purpose, "plan"), eq(payments.status, "paid")));
    // Plans the test factory gave were never charged: only the sandbox's charges are entered.
    const expected: Record<string, number> = {};
    for (const payment of paid.filter((p) => !p.id.startsWith(MADE_PAYMENT_PREFIX))) {
      expected[payment.currency] = (expected[payment.currency] ?? 0) - payment.amountMinor;
    }
    expect(Object.keys(expected).sort()).toEqual(["NGN", "USD"]);
    expect(Object.fromEntries(await accountBalances(app.handle.db, "plan_revenue"))).toEqual(
      expected,
    );
    await expectLedgerHealthy(app.handle.db);
  });
});
