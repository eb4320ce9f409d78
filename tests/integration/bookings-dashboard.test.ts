import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { addDays, isoDay } from "../../app/lib/booking-values.ts";
import { formatPrice, type DisplayCurrency } from "../../app/lib/money.ts";
import { unitWords } from "../../app/lib/unit-words.ts";
import * as bookingsPage from "../../app/routes/dashboard/bookings.tsx";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { answerRequest } from "../../app/services/bookings/booking-answer.server.ts";
import { findCurrency } from "../../app/services/reference/reference.server.ts";
import { testEngine } from "../support/database.ts";
import { makeUser, type MadeUser } from "../support/factories.ts";
import { makeStay, type StaySettings } from "../support/factories/bookings.ts";
import { location, toastOf } from "../support/flash.ts";
import { markupOf, textOf } from "../support/page-handler.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const PAGE = "/dashboard/bookings";

/** Dates a few weeks ahead of the real today: the page counts from the time of the request. */
const TODAY = isoDay(new Date());
const day = (offset: number) => addDays(TODAY, offset);

const SETTINGS: StaySettings = { maxGuests: 6, cleaningFeeUsdCents: 2_000 };

type LoaderData = Awaited<ReturnType<typeof bookingsPage.loader>>;

describe(`the dashboard's Bookings tab on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let host: MadeUser;
  let guest: MadeUser;
  let other: MadeUser;
  let admin: MadeUser;
  let usd: DisplayCurrency;

  /** A bookable stay of the host's, by the night, with its settings. */
  async function stay(title: string, settings: StaySettings = {}) {
    return (await makeStay({ owner: host, title, settings: { ...SETTINGS, ...settings } })).id;
  }

  /** The page as the person reads it, without the hydration payload. */
  async function html(who: MadeUser, path = PAGE): Promise<string> {
    const response = await send(path, { jar: who.jar });
    expect(response.status, path).toBe(200);
    return markupOf(await textOf(response));
  }

  async function data(who: MadeUser, path = PAGE): Promise<LoaderData> {
    return (await app.loader(bookingsPage, path, who.jar)) as LoaderData;
  }

  async function post(who: MadeUser, form: Record<string, string>, path = PAGE) {
    return send(path, { jar: who.jar, form });
  }

  async function row(id: number) {
    const [found] = await app.handle.db.select().from(bookings).where(eq(bookings.id, id));
    return found!;
  }

  async function eventCount(id: number) {
    return (await app.handle.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)))
      .length;
  }

  /** The text between two headings of the page: one group of a list. */
  function between(page: string, from: string, to: string | null): string {
    const start = page.indexOf(from);
    expect(start, from).toBeGreaterThanOrEqual(0);
    const end = to === null ? page.length : page.indexOf(to, start);
    return page.slice(start, end < 0 ? page.length : end);
  }

  beforeAll(async () => {
    app = await startTestApp();
    send = await createServerApp(app);
    host = await makeUser({ role: "agent", name: "Ama Host" });
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
    other = await makeUser({ role: "user", name: "Zara Other" });
    admin = await makeUser({ role: "admin" });
    usd = await findCurrency("USD");
  });
  afterAll(async () => {
    await app.close();
  });

  it("shows a guest's booking under Upcoming and cancels it with the refund the policy gives", async () => {
    const listingId = await stay("Osu Garden Guesthouse");
    const booking = await createBooking(guest.viewer, listingId, {
      checkIn: day(21),
      checkOut: day(24),
      guests: "2",
    });
    expect(booking.status).toBe("confirmed");
    const total = formatPrice(booking.price.totalUsdCents, usd);

    const loaded = await data(guest);
    expect(loaded.trips.upcoming.map((b) => b.id)).toEqual([booking.id]);
    expect(loaded.hosting).toBeNull();
    expect(loaded.platform).toBeNull();

    const page = await html(guest);
    const upcoming = between(
      page,
      t("bookingsDashboard.trips.upcoming"),
      t("bookingsDashboard.trips.past"),
    );
    expect(upcoming).toContain("Osu Garden Guesthouse");
    expect(upcoming).toContain(`href="/listing/${listingId}"`);
    expect(upcoming).toContain("Accra");
    expect(upcoming).toContain(t("bookings.units.night.peopleCount", { count: 2 }));
    expect(upcoming).toContain(t("bookingsDashboard.row.nights", { count: 3 }));
    expect(upcoming).toContain(t("bookings.statuses.confirmed"));
    expect(upcoming).toContain(t("bookingsDashboard.row.total", { amount: total }));
    expect(upcoming).toContain(t("bookings.payAtProperty"));
    expect(upcoming).toContain(`${PAGE}?cancel=${booking.id}`);
    expect(page).toContain(t("bookingsDashboard.trips.emptyPast"));
    expect(page).toContain(t("bookingsDashboard.trips.emptyCancelled"));

    // The confirm step, as the Cancel link opens it: the refund as of now and the policy's rules.
    const confirm = await html(guest, `${PAGE}?cancel=${booking.id}`);
    expect(confirm).toContain(t("bookingsDashboard.cancel.title"));
    expect(confirm).toContain(t("bookingsDashboard.cancel.refundNow", { refund: total, total }));
    expect(confirm).toContain(t("bookings.policyRules.moderate", unitWords(t, "night")));
    expect(confirm).toContain(t("bookingsDashboard.cancel.reason"));
    expect(confirm).toMatch(/<label[^>]*for="[^"]+"[^>]*>Reason \(optional\)<\/label>/);

    const answer = await post(guest, { intent: "cancel", bookingId: String(booking.id) });
    expect(answer.status).toBe(302);
    expect(location(answer)).toBe(PAGE);
    expect(toastOf(answer)).toMatchObject({
      title: "bookingsDashboard.toasts.cancelled",
      params: { amount: total },
    });
    expect(await row(booking.id)).toMatchObject({
      status: "cancelled",
      cancelledBy: "guest",
      refundUsdCents: booking.price.totalUsdCents,
    });

    const after = await html(guest);
    expect(between(after, t("bookingsDashboard.trips.cancelled"), null)).toContain(
      "Osu Garden Guesthouse",
    );
    expect(after).toContain(t("bookingsDashboard.trips.emptyUpcoming"));
  });

  it("shows a strict booking's partial refund when cancelling it now", async () => {
    const listingId = await stay("Cape Coast Strict Lodge", { cancellationPolicy: "strict" });
    // Booked three days ago for three weeks ahead: past the grace period, before the half limit.
    const bookedAt = new Date(Date.now() - 3 * 86_400_000);
    const booking = await createBooking(
      guest.viewer,
      listingId,
      { checkIn: day(20), checkOut: day(22), guests: "1" },
      bookedAt,
    );
    const half = Math.round((booking.price.totalUsdCents - booking.price.serviceFeeUsdCents) / 2);
    const confirm = await html(guest, `${PAGE}?cancel=${booking.id}`);
    expect(confirm).toContain(
      t("bookingsDashboard.cancel.refundNow", {
        refund: formatPrice(half, usd),
        total: formatPrice(booking.price.totalUsdCents, usd),
      }),
    );
    expect(confirm).toContain(t("bookings.policyRules.strict", unitWords(t, "night")));
    const answer = await post(guest, {
      intent: "cancel",
      bookingId: String(booking.id),
      reason: "Plans changed",
    });
    expect(toastOf(answer)).toMatchObject({ params: { amount: formatPrice(half, usd) } });
    expect(await row(booking.id)).toMatchObject({ status: "cancelled", refundUsdCents: half });
  });

  it("gives the host a booking inbox: requests with a countdown, accept and decline", async () => {
    const listingId = await stay("Labadi Request Rooms", { mode: "request" });
    const first = await createBooking(guest.viewer, listingId, {
      checkIn: day(30),
      checkOut: day(33),
      guests: "3",
      message: "We arrive late in the evening.",
    });
    const second = await createBooking(other.viewer, listingId, {
      checkIn: day(40),
      checkOut: day(42),
      guests: "1",
    });
    expect([first.status, second.status]).toEqual(["requested", "requested"]);

    const loaded = await data(host);
    expect(loaded.hosting?.requests.map((b) => b.id)).toEqual([first.id, second.id]);
    expect(loaded.trips.upcoming).toEqual([]);

    const month = day(30).slice(0, 7);
    const page = await html(host, `${PAGE}?month=${month}`);
    const requests = between(
      page,
      t("bookingsDashboard.hosting.requests"),
      t("bookingsDashboard.hosting.upcoming"),
    );
    expect(requests).toContain("Kofi Guest");
    expect(requests).toContain("We arrive late in the evening.");
    expect(requests).toMatch(/Expires in 2[34] h \d{1,2} min/);
    expect(requests).toContain(t("bookings.statuses.requested"));
    expect(requests).toContain(
      t("bookingsDashboard.hosting.acceptLabel", {
        name: "Kofi Guest",
        title: "Labadi Request Rooms",
      }),
    );
    // The month view: a table with a caption, headers and the state in words.
    expect(page).toMatch(/<table[^>]*>\s*<caption/);
    expect(page).toContain('<th scope="row"');
    expect(page).toContain(
      t("bookingsDashboard.occupancy.cellLabel", {
        state: t("bookingsDashboard.occupancy.requested"),
        name: "Kofi Guest",
        id: first.id,
      }),
    );

    // The guest cannot answer their own request: refused, nothing changed.
    const events = await eventCount(first.id);
    const refused = await post(guest, { intent: "accept", bookingId: String(first.id) });
    expect(refused.status).toBe(302);
    expect(toastOf(refused)).toMatchObject({
      title: "bookingsDashboard.toasts.refused",
      description: "api.errors.forbidden",
    });
    expect((await row(first.id)).status).toBe("requested");
    expect(await eventCount(first.id)).toBe(events);

    const accepted = await post(
      host,
      { intent: "accept", bookingId: String(first.id) },
      `${PAGE}?month=${month}`,
    );
    expect(location(accepted)).toBe(`${PAGE}?month=${month}`);
    expect(toastOf(accepted)).toMatchObject({
      title: "bookingsDashboard.toasts.accepted",
      params: { name: "Kofi Guest", title: "Labadi Request Rooms" },
    });
    expect((await row(first.id)).status).toBe("confirmed");
    const again = await post(host, { intent: "accept", bookingId: String(first.id) });
    expect(toastOf(again)).toMatchObject({ description: "bookings.errors.notRequested" });

    // Decline: the confirm step, then the form with an optional reason.
    const declining = await html(host, `${PAGE}?decline=${second.id}`);
    expect(declining).toContain(t("bookingsDashboard.decline.title"));
    const declined = await post(host, {
      intent: "decline",
      bookingId: String(second.id),
      reason: "Closed for repairs",
    });
    expect(toastOf(declined)).toMatchObject({ title: "bookingsDashboard.toasts.declined" });
    expect(await row(second.id)).toMatchObject({
      status: "declined",
      cancelReason: "Closed for repairs",
    });

    // The accepted stay is now upcoming, booked in the month view, and the host may cancel it
    // with a reason: the guest gets everything back.
    const after = await html(host, `${PAGE}?month=${month}`);
    expect(
      between(
        after,
        t("bookingsDashboard.hosting.upcoming"),
        t("bookingsDashboard.occupancy.title"),
      ),
    ).toContain("Kofi Guest");
    expect(after).toContain(
      t("bookingsDashboard.occupancy.cellLabel", {
        state: t("bookingsDashboard.occupancy.booked"),
        name: "Kofi Guest",
        id: first.id,
      }),
    );
    const cancelStep = await html(host, `${PAGE}?cancel=${first.id}`);
    expect(cancelStep).toContain(t("bookingsDashboard.cancel.reasonRequired"));
    expect(cancelStep).toContain(
      t("bookingsDashboard.cancel.refundFull", {
        total: formatPrice(first.price.totalUsdCents, usd),
      }),
    );
    const noReason = await post(host, { intent: "cancel", bookingId: String(first.id) });
    expect(location(noReason)).toBe(`${PAGE}?cancel=${first.id}`);
    expect(toastOf(noReason)).toMatchObject({ title: "bookingsDashboard.toasts.reasonRequired" });
    expect((await row(first.id)).status).toBe("confirmed");
    const cancelled = await post(host, {
      intent: "cancel",
      bookingId: String(first.id),
      reason: "Water supply cut",
    });
    expect(toastOf(cancelled)).toMatchObject({ title: "bookingsDashboard.toasts.cancelled" });
    expect(await row(first.id)).toMatchObject({
      status: "cancelled",
      cancelledBy: "host",
      cancelReason: "Water supply cut",
      refundUsdCents: first.price.totalUsdCents,
    });
  });

  it("shows the administrator every booking and lets them cancel one with a reason", async () => {
    const listingId = await stay("Kumasi Admin Suites");
    const booking = await createBooking(guest.viewer, listingId, {
      checkIn: day(50),
      checkOut: day(52),
      guests: "2",
    });
    const requested = await createBooking(
      other.viewer,
      await stay("Tamale Pending Inn", { mode: "request" }),
      { checkIn: day(50), checkOut: day(51), guests: "1" },
    );

    const loaded = await data(admin);
    const ids = loaded.platform!.map((b) => b.id);
    expect(ids).toContain(booking.id);
    expect(ids).toContain(requested.id);
    // Newest first.
    expect(ids.indexOf(requested.id)).toBeLessThan(ids.indexOf(booking.id));

    const page = await html(admin);
    expect(page).toContain(`href="${PAGE}"`); // the admin's tab bar has Bookings
    const all = between(
      page,
      t("bookingsDashboard.platform.title"),
      t("bookingsDashboard.trips.title"),
    );
    for (const text of [
      "Kumasi Admin Suites",
      "Tamale Pending Inn",
      "Kofi Guest",
      "Zara Other",
      "Ama Host",
    ]) {
      expect(all).toContain(text);
    }
    expect(all).toContain(formatPrice(booking.price.totalUsdCents, usd));

    const step = await html(admin, `${PAGE}?cancel=${booking.id}`);
    expect(step).toContain(t("bookingsDashboard.cancel.reasonRequired"));
    expect(step).toMatch(/<textarea[^>]*required/);

    const noReason = await post(admin, { intent: "cancel", bookingId: String(booking.id) });
    expect(toastOf(noReason)).toMatchObject({ title: "bookingsDashboard.toasts.reasonRequired" });
    expect((await row(booking.id)).status).toBe("confirmed");

    const answer = await post(admin, {
      intent: "cancel",
      bookingId: String(booking.id),
      reason: "Listing under investigation",
    });
    expect(toastOf(answer)).toMatchObject({ title: "bookingsDashboard.toasts.cancelled" });
    expect(await row(booking.id)).toMatchObject({
      status: "cancelled",
      cancelledBy: "admin",
      cancelReason: "Listing under investigation",
      refundUsdCents: booking.price.totalUsdCents,
    });
  });

  it("never shows a plain user another person's bookings, nor lets them act on one", async () => {
    const listingId = await stay("Ada Foah Private Villa");
    const booking = await createBooking(guest.viewer, listingId, {
      checkIn: day(60),
      checkOut: day(62),
      guests: "2",
    });
    const stranger = await makeUser({ role: "user", name: "Nana Stranger" });

    const loaded = await data(stranger);
    expect(loaded.tripCount).toBe(0);
    expect(loaded.hosting).toBeNull();
    expect(loaded.platform).toBeNull();
    const page = await html(stranger);
    expect(page).not.toContain("Ada Foah Private Villa");
    expect(page).not.toContain("Kofi Guest");
    expect(page).toContain(t("dashboard.bookings.emptyTitle"));
    expect(page).toContain(t("dashboard.bookings.emptyBody"));
    expect(page).toContain(t("bookingsDashboard.browseStays"));

    // Naming the booking in the URL shows nothing of it.
    const peek = await html(stranger, `${PAGE}?cancel=${booking.id}`);
    expect(peek).not.toContain("Ada Foah Private Villa");
    expect(peek).toContain(t("bookings.errors.notFound"));

    const events = await eventCount(booking.id);
    const forms: Record<string, string>[] = [
      { intent: "cancel", bookingId: String(booking.id), reason: "Mine now" },
      { intent: "accept", bookingId: String(booking.id) },
      { intent: "decline", bookingId: String(booking.id) },
    ];
    for (const form of forms) {
      const answer = await post(stranger, form);
      expect(answer.status, form.intent).toBe(302);
      expect(toastOf(answer), form.intent).toMatchObject({
        title: "bookingsDashboard.toasts.refused",
        description: "bookings.errors.notFound",
      });
    }
    expect((await row(booking.id)).status).toBe("confirmed");
    expect(await eventCount(booking.id)).toBe(events);

    // Another guest's page lists their own bookings only.
    const otherIds = (await data(other)).trips;
    expect(
      [...otherIds.upcoming, ...otherIds.past, ...otherIds.cancelled].map((b) => b.guestName),
    ).not.toContain("Kofi Guest");
  });

  it("refuses an empty or unknown form with a toast that says so", async () => {
    const forms: Record<string, string>[] = [
      {},
      { intent: "explode", bookingId: "1" },
      { intent: "accept" },
    ];
    for (const form of forms) {
      const answer = await post(guest, form);
      expect(answer.status).toBe(302);
      expect(location(answer)).toBe(PAGE);
      expect(toastOf(answer)).toMatchObject({
        title: "bookingsDashboard.toasts.unknownAction",
        description: "bookingsDashboard.toasts.unknownActionDescription",
      });
    }
  });

  it("accepts a request answered through the service as the page shows it", async () => {
    const listingId = await stay("Elmina Quick Request", { mode: "request" });
    const request = await createBooking(guest.viewer, listingId, {
      checkIn: day(70),
      checkOut: day(71),
      guests: "1",
    });
    await answerRequest(host.viewer, request.id, "accept");
    const loaded = await data(guest);
    expect(loaded.trips.upcoming.find((b) => b.id === request.id)?.status).toBe("confirmed");
    // A month name that is not one shows the current month.
    const fallback = await data(host, `${PAGE}?month=2027-13`);
    expect(fallback.month).toBeNull();
    expect(fallback.hosting?.month).toBe(TODAY.slice(0, 7));
  });
});
