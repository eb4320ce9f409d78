import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadViewer } from "../../app/auth/session.server.ts";
import {
  auditLog,
  bookings,
  listings,
  payments,
  session,
  user,
} from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import * as signIn from "../../app/routes/auth/sign-in.ts";
import * as signUp from "../../app/routes/auth/sign-up.ts";
import * as userManagement from "../../app/routes/dashboard/user-management.tsx";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { startConversation } from "../../app/services/conversations/conversation-start.server.ts";
import { readConversation } from "../../app/services/conversations/inbox.server.ts";
import { sendMessage } from "../../app/services/conversations/messages.server.ts";
import { listDashboardListings } from "../../app/services/dashboard/dashboard-listings.server.ts";
import { setFavorite } from "../../app/services/favorites/favorites.server.ts";
import { getListingDetail } from "../../app/services/listings/listing-detail.server.ts";
import { selectPublicSummaries } from "../../app/services/listings/listing-summaries.server.ts";
import { listSitemapListings } from "../../app/services/listings/sitemap.server.ts";
import { requestQuote } from "../../app/services/quotes/quote-requests.server.ts";
import { liftSuspension, suspendUser } from "../../app/services/suspensions/suspensions.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, renewSession, type MadeUser } from "../support/factories.ts";
import { makeBooking, makeStay } from "../support/factories/bookings.ts";
import { makeConversation } from "../support/factories/conversations.ts";
import { toastOf } from "../support/flash.ts";
import { expectLedgerHealthy, startTestPayments, type TestPayments } from "../support/payments.ts";
import { refusalOf } from "../support/refusal.ts";
import { createPageHandler, textOf, type PageHandler } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, waitForMail, type TestApp } from "../support/test-app.ts";

/**
 * Issue 28, point 5: the administrator suspends a person until a date, or bans them, with a
 * reason, and lifts it. Each effect is checked: sessions ended, sign-in refused with the reason,
 * listings out of every public read and back after, writes to and by them refused, the
 * conversation's note, open bookings resolved by the stated rule with refunds (the ledger stays
 * healthy), the notice e-mail, the audit log, and a suspension that lifts itself at its end.
 */

const t = createTranslator();
const PATH = "/dashboard/user-management";

describe(`suspending and banning on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let page: PageHandler;
  let pay: TestPayments;
  let admin: MadeUser;
  const later = (days: number) => new Date(Date.now() + days * 86_400_000);

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    page = await createPageHandler(app);
    pay = await startTestPayments();
    admin = await makeUser({ role: "admin" });
  });
  afterAll(async () => {
    await pay?.stop();
    await app?.close();
  });

  const isPublic = async (listingId: number) =>
    (await selectPublicSummaries({ where: eq(listings.id, listingId), orderBy: [] })).length === 1;

  /** The suspension notice among the person's e-mails (their bookings' cancellations come too). */
  async function noticeTo(email: string) {
    await waitForMail(app, email);
    for (let tries = 0; tries < 200; tries++) {
      const found = app.sink.to(email).find((m) => m.subject.includes("account is"));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`No suspension notice to ${email}`);
  }

  const latestAudit = async () =>
    (await app.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it("suspends from the Users tab: sessions end, the audit log and the notice say why and until when", async () => {
    const agent = await makeUser({ role: "agent", name: "Ama Scammer" });
    const second = await renewSession(agent.id);
    const until = "2030-12-05T14:00";
    const answer = await app.action(
      userManagement,
      PATH,
      { intent: "suspend", userId: agent.id, kind: "suspend", until, reason: "Fake listings" },
      admin.jar,
    );
    expect(toastOf(answer)).toMatchObject({
      title: "suspensions.admin.done",
      params: { email: agent.email, bookings: 0 },
    });
    const sessions = await app.handle.db.select().from(session).where(eq(session.userId, agent.id));
    expect(sessions).toEqual([]);
    expect(await loadViewer(new Headers({ cookie: agent.cookie }))).toBeNull();
    expect(await loadViewer(new Headers({ cookie: second }))).toBeNull();

    expect(await latestAudit()).toMatchObject({
      action: "user.suspend",
      targetId: agent.id,
      detail: { email: agent.email, reason: "Fake listings", until: "2030-12-05T14:00:00.000Z" },
    });
    const mail = await waitForMail(app, agent.email);
    expect(mail.subject).toContain("suspended until 5 Dec 2030, 14:00");
    expect(mail.body).toContain("suspended your account until 5 Dec 2030, 14:00 UTC.");
    expect(mail.body).toContain("Reason: Fake listings");
    expect(mail.body).toContain("full refund to the guest");

    const row = (await app.handle.db.select().from(user).where(eq(user.id, agent.id)))[0]!;
    expect(row).toMatchObject({ banned: true, banReason: "Fake listings" });
    const listed = (await app.loader(userManagement, PATH, admin.jar)) as Awaited<
      ReturnType<typeof userManagement.loader>
    >;
    expect(listed.rows.find((r) => r.id === agent.id)?.suspension).toEqual({
      until: "2030-12-05T14:00:00.000Z",
      reason: "Fake listings",
    });

    // Lifted: the audit log says so, and they may sign in again.
    const lifted = await app.action(
      userManagement,
      PATH,
      { intent: "lift", userId: agent.id },
      admin.jar,
    );
    expect(toastOf(lifted)).toMatchObject({ title: "suspensions.admin.lifted" });
    expect(await latestAudit()).toMatchObject({ action: "user.unsuspend", targetId: agent.id });
    expect(await loadViewer(new Headers({ cookie: await renewSession(agent.id) }))).not.toBeNull();
  });

  it("offers the suspension form and the lift question without scripts too", async () => {
    const person = await makeUser({ role: "agent" });
    const html = await textOf(await page(`${PATH}?q=${person.email}`, { jar: admin.jar }));
    expect(html).toContain(`suspend=${person.id}#user-panel"`);
    // Not for the administrator's own row.
    const own = await textOf(await page(PATH, { jar: admin.jar }));
    expect(own).not.toContain(`suspend=${admin.id}`);
    const form = await textOf(await page(`${PATH}?suspend=${person.id}`, { jar: admin.jar }));
    expect(form).toContain('name="intent" value="suspend"');
    expect(form).toMatch(/<input[^>]*name="until"/);
    expect(form).toMatch(/<textarea[^>]*name="reason"/);
    await suspendUser({
      actor: admin.viewer,
      userId: person.id,
      input: { kind: "ban", reason: "Spam" },
    });
    const lift = await textOf(await page(`${PATH}?lift=${person.id}`, { jar: admin.jar }));
    expect(lift).toContain('name="intent" value="lift"');
    expect(lift).toContain("Banned");
  });

  it("refuses the administrator's own account, bad input, and anybody but the administrator", async () => {
    const person = await makeUser({ role: "agent" });
    const self = await refusalOf(
      suspendUser({ actor: admin.viewer, userId: admin.id, input: { kind: "ban", reason: "x" } }),
    );
    expect(self).toMatchObject({ code: "FORBIDDEN", message: "suspensions.errors.cannotSelf" });
    const noReason = await refusalOf(
      suspendUser({ actor: admin.viewer, userId: person.id, input: { kind: "ban", reason: " " } }),
    );
    expect(noReason).toMatchObject({ message: "suspensions.errors.reasonRequired" });
    const past = await refusalOf(
      suspendUser({
        actor: admin.viewer,
        userId: person.id,
        input: { kind: "suspend", until: "2001-01-01T00:00", reason: "x" },
      }),
    );
    expect(past).toMatchObject({ message: "suspensions.errors.untilPast" });
    const garbage = await refusalOf(
      suspendUser({
        actor: admin.viewer,
        userId: person.id,
        input: { kind: "suspend", until: "tomorrow-ish", reason: "x" },
      }),
    );
    expect(garbage).toMatchObject({ message: "suspensions.errors.untilInvalid" });
    const other = await makeUser({ role: "agent" });
    const byAgent = await send(`/api/v1/admin/users/${person.id}/suspension`, {
      method: "POST",
      jar: other.jar,
      json: { kind: "ban", reason: "Spite" },
    });
    expect(byAgent.status).toBe(403);
    expect(
      await liftSuspension({ actor: admin.viewer, userId: person.id }).catch((e) => e),
    ).toMatchObject({ code: "CONFLICT", message: "suspensions.errors.notSuspended" });
    const [row] = await app.handle.db.select().from(user).where(eq(user.id, person.id));
    expect(row?.banned).toBe(false);
  });

  it("bans through the API: sign-in is refused with the reason, by password and on the page", async () => {
    const email = "banned-host@example.com";
    await app.action(signUp, "/auth/sign-up", {
      name: "Banned Host",
      email,
      password: "secret12",
      accountType: "agent",
      redirectTo: "/",
    });
    await app.handle.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const [made] = await app.handle.db.select().from(user).where(eq(user.email, email));
    const banned = await send(`/api/v1/admin/users/${made!.id}/suspension`, {
      method: "POST",
      jar: admin.jar,
      json: { kind: "ban", reason: "Took deposits for homes that do not exist" },
    });
    expect(banned.status).toBe(200);
    expect(await banned.json()).toMatchObject({
      email,
      suspension: { until: null, reason: "Took deposits for homes that do not exist" },
    });
    expect(await latestAudit()).toMatchObject({ action: "user.ban", targetId: made!.id });

    const direct = await app.auth("/sign-in/email", {
      method: "POST",
      json: { email, password: "secret12" },
      ip: app.nextIp(),
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({
      code: "ACCOUNT_BANNED",
      message: t("suspensions.signIn.banned", {
        reason: "Took deposits for homes that do not exist",
      }),
    });
    expect(direct.headers.getSetCookie().join()).not.toContain("session_token=");

    const page = await app.action(
      signIn,
      "/auth/sign-in",
      { email, password: "secret12", redirectTo: "/" },
      undefined,
      app.nextIp(),
    );
    expect(toastOf(page)).toMatchObject({
      title: "auth.toasts.signInError",
      description: "auth.toasts.backend",
      params: { message: expect.stringContaining("This account is banned") },
    });

    // The administrator's address cannot be banned, through the API either.
    const adminAddress = await send(`/api/v1/admin/users/${admin.id}/suspension`, {
      method: "POST",
      jar: admin.jar,
      json: { kind: "ban", reason: "Oops" },
    });
    expect(adminAddress.status).toBe(403);
  });

  it("hides the person's listings from every public read while suspended, and shows them again after", async () => {
    const agent = await makeUser({ role: "agent" });
    const fan = await makeUser({ role: "user" });
    const listing = await makeListing({ owner: agent });
    await setFavorite(fan.viewer, listing.id, true);
    expect(await isPublic(listing.id)).toBe(true);

    await suspendUser({
      actor: admin.viewer,
      userId: agent.id,
      input: { kind: "suspend", until: later(3).toISOString(), reason: "Reported" },
    });
    expect(await isPublic(listing.id)).toBe(false);
    expect(
      await refusalOf(getListingDetail({ listingId: listing.id, viewer: null })),
    ).toMatchObject({
      code: "LISTING_NOT_FOUND",
    });
    expect((await send(`/api/v1/listings/${listing.id}`)).status).toBe(404);
    expect((await listSitemapListings()).map((l) => l.id)).not.toContain(listing.id);
    // The fan's favourites no longer offer it; their saved row is kept for when it returns.
    expect((await listDashboardListings(fan.viewer, 50)).map((l) => l.id)).not.toContain(
      listing.id,
    );
    // Nothing the person saved is rewritten: the listing is still approved.
    const [stored] = await app.handle.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(stored?.status).toBe("approved");
    // The administrator still reaches it.
    await expect(
      getListingDetail({ listingId: listing.id, viewer: { id: admin.id, role: "admin" } }),
    ).resolves.toMatchObject({ id: listing.id });

    await liftSuspension({ actor: admin.viewer, userId: agent.id });
    expect(await isPublic(listing.id)).toBe(true);
    expect((await send(`/api/v1/listings/${listing.id}`)).status).toBe(200);
    expect((await listDashboardListings(fan.viewer, 50)).map((l) => l.id)).toContain(listing.id);
  });

  it("lifts itself at its end: every check compares with the clock", async () => {
    const agent = await makeUser({ role: "agent" });
    const listing = await makeListing({ owner: agent });
    await suspendUser({
      actor: admin.viewer,
      userId: agent.id,
      input: { kind: "suspend", until: later(1).toISOString(), reason: "Cooling off" },
    });
    expect(await isPublic(listing.id)).toBe(false);
    // The end passes (moved back rather than waited for).
    await app.handle.db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.id, agent.id));
    expect(await isPublic(listing.id)).toBe(true);
    const cookie = await renewSession(agent.id);
    expect(await loadViewer(new Headers({ cookie }))).toMatchObject({ id: agent.id });
    const listed = (await app.loader(userManagement, `${PATH}?q=${agent.email}`, admin.jar)) as {
      rows: { id: string; suspension: unknown }[];
    };
    expect(listed.rows[0]).toMatchObject({ id: agent.id, suspension: null });
  });

  it("refuses messages, bookings and quote requests to a suspended person, and notes it in the conversation", async () => {
    const host = await makeUser({ role: "agent", name: "Suspended Host" });
    const guest = await makeUser({ role: "user" });
    const stay = await makeStay({ owner: host });
    const talk = await makeConversation({
      listing: stay,
      guest,
      messages: [{ from: guest, body: "Is it free?" }],
    });
    const pro = await makeUser({ role: "professional" });
    const service = await makeListing({ owner: pro, category: "professionals" });
    for (const who of [host, pro]) {
      await suspendUser({
        actor: admin.viewer,
        userId: who.id,
        input: { kind: "ban", reason: "Scam" },
      });
    }

    const view = await readConversation(guest.viewer, talk.id);
    expect(view.otherSuspended).toBe(true);
    expect(await refusalOf(sendMessage(guest.viewer, talk.id, { body: "Hello?" }))).toMatchObject({
      code: "FORBIDDEN",
      message: "suspensions.errors.otherSuspended",
    });
    expect(
      await refusalOf(startConversation(guest.viewer, { listingId: stay.id, body: "Hi" })),
    ).toMatchObject({ code: "LISTING_NOT_FOUND" });
    const checkIn = addDays(isoDay(new Date()), 40);
    expect(
      await refusalOf(
        createBooking(guest.viewer, stay.id, {
          checkIn,
          checkOut: addDays(checkIn, 2),
          guests: "1",
          currency: "USD",
        }),
      ),
    ).toMatchObject({ code: "LISTING_NOT_FOUND" });
    expect(
      await refusalOf(requestQuote(guest.viewer, { listingId: service.id, message: "A job" })),
    ).toMatchObject({ code: "LISTING_NOT_FOUND" });

    // The suspended person cannot act either: their session is gone, so every write is refused.
    expect(await app.viewer(host.jar)).toBeNull();
  });

  it("resolves open bookings by the stated rule, refunding in full, with the ledger healthy", async () => {
    const host = await makeUser({ role: "agent" });
    const guest = await makeUser({ role: "user" });
    const otherHost = await makeUser({ role: "agent" });
    const paidStay = await makeStay({
      owner: host,
      settings: { paymentMode: "full", cleaningFeeUsdCents: 0 },
    });
    const today = isoDay(new Date());
    // Far past the days the booking factory fills.
    const booked = await createBooking(guest.viewer, paidStay.id, {
      checkIn: addDays(today, 300),
      checkOut: addDays(today, 303),
      guests: "1",
      currency: "USD",
    });
    const [payment] = await app.handle.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, booked.id));
    await pay.pay(payment!.id);
    const [confirmed] = await app.handle.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, booked.id));
    expect(confirmed?.status).toBe("confirmed");
    const request = await makeBooking({ listing: paidStay, guest, status: "requested" });
    // A stay under way is kept: the guest is in the home now.
    const underWay = await makeBooking({
      listing: paidStay,
      guest,
      checkIn: addDays(today, -1),
      checkOut: addDays(today, 2),
    });
    // As guest elsewhere: the request goes, the confirmed stay stays.
    const elsewhere = await makeStay({ owner: otherHost });
    const asGuestRequest = await makeBooking({
      listing: elsewhere,
      guest: host,
      status: "requested",
    });
    const asGuestStay = await makeBooking({ listing: elsewhere, guest: host });

    const result = await suspendUser({
      actor: admin.viewer,
      userId: host.id,
      input: { kind: "suspend", until: later(30).toISOString(), reason: "Double bookings" },
    });
    expect(result.bookingsCancelled).toBe(3);
    const statusOf = async (id: number) =>
      (await app.handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
    expect(await statusOf(booked.id)).toMatchObject({ status: "cancelled", cancelledBy: "admin" });
    const cancelled = await statusOf(booked.id);
    expect(cancelled?.refundUsdCents).toBe(cancelled?.totalUsdCents);
    expect(pay.checkoutOf(payment!.id).refunded).toBe(payment!.amountMinor);
    expect((await statusOf(request.id))?.status).toBe("cancelled");
    expect((await statusOf(underWay.id))?.status).toBe("confirmed");
    expect((await statusOf(asGuestRequest.id))?.status).toBe("cancelled");
    expect((await statusOf(asGuestStay.id))?.status).toBe("confirmed");
    await expectLedgerHealthy(app.handle.db);

    const cancellations = await app.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.cancel"), eq(auditLog.targetId, String(booked.id))));
    expect(cancellations).toHaveLength(1);
    const notice = await noticeTo(host.email);
    expect(notice.body).toContain("Bookings cancelled because of this: 3.");
  });
});
