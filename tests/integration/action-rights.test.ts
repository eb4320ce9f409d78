import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, isoDay, type Canceller } from "../../app/lib/booking-values.ts";
import type { BookingView } from "../../app/lib/schemas/bookings.ts";
import { deleteUser, editUser, listUsers } from "../../app/services/admin/users.server.ts";
import { createBooking } from "../../app/services/bookings/booking-create.server.ts";
import { answerRequest } from "../../app/services/bookings/booking-answer.server.ts";
import { cancelBooking } from "../../app/services/bookings/booking-cancel.server.ts";
import {
  listAllBookings,
  listGuestBookings,
  listHostBookings,
  readBooking,
} from "../../app/services/bookings/booking-read.server.ts";
import { saveBookingSettings } from "../../app/services/bookings/booking-settings.server.ts";
import { suspendUser } from "../../app/services/suspensions/suspensions.server.ts";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser, type MadeUser } from "../support/factories.ts";
import { refusalOf } from "../support/refusal.ts";
import { createServerApp, type ServerApp } from "../support/server-app.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** Days from the real today: bookings are made for the future. The listing is in Ghana (UTC). */
const TODAY = isoDay(new Date());
const day = (offset: number) => addDays(TODAY, offset);
const at = (date: string) => new Date(`${date}T12:00:00Z`);

const SETTINGS = {
  mode: "instant",
  cancellationPolicy: "flexible",
  minStay: 1,
  maxStay: 30,
  noticeDays: 0,
  preparationDays: 0,
  maxGuests: 4,
  cleaningFeeUsd: "0",
} as const;

/**
 * The views carry what their viewer may do (`may`), and that is what the writes then allow: the
 * pages and the API show an action exactly when it would be taken.
 */
describe(`what the views say a viewer may do, against the writes, on ${testEngine}`, () => {
  let app: TestApp;
  let send: ServerApp;
  let host: MadeUser;
  let guest: MadeUser;
  let other: MadeUser;
  let admin: MadeUser;
  let listingId: number;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
    send = await createServerApp(app);
    host = await makeUser({ role: "agent", name: "Ama Host" });
    guest = await makeUser({ role: "user", name: "Kofi Guest" });
    other = await makeUser({ role: "user", name: "Zara Other" });
    admin = await makeUser({ role: "admin" });
    ({ id: listingId } = await makeListing({
      owner: host,
      title: "Osu Guesthouse",
      category: "hospitality",
      listingType: "booking",
      propertyType: "guesthouse",
      priceUsdCents: 10_000,
      priceType: "per_night",
    }));
    await saveBookingSettings(host.viewer, listingId, SETTINGS);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function book(checkIn: number, checkOut: number): Promise<BookingView> {
    return createBooking(
      guest.viewer,
      listingId,
      { checkIn: day(checkIn), checkOut: day(checkOut), guests: 1 },
      at(TODAY),
    );
  }

  function find(list: BookingView[], id: number): BookingView {
    const found = list.find((b) => b.id === id);
    expect(found, `booking ${id}`).toBeDefined();
    return found!;
  }

  /** Each party's `may.cancel` of one booking at `now`, from the lists their pages load. */
  async function cancelRights(id: number, now: Date) {
    const [asGuest, asHost, asAdmin, read] = await Promise.all([
      listGuestBookings(guest.viewer, now),
      listHostBookings(host.viewer, now),
      listAllBookings(admin.viewer, 200, now),
      readBooking(host.viewer, id, now),
    ]);
    expect(read.booking.may).toEqual(find(asHost, id).may);
    return {
      guest: find(asGuest, id).may.cancel,
      host: find(asHost, id).may.cancel,
      admin: find(asAdmin, id).may.cancel,
    };
  }

  const parties = () => ({ guest, host, admin }) as const;

  /** Every party's cancellation at `now` is refused exactly when its view says it may not. */
  async function expectWritesRefusedAsViewed(
    id: number,
    now: Date,
    expected: Record<"guest" | "host" | "admin", Canceller | null>,
  ) {
    expect(await cancelRights(id, now)).toEqual(expected);
    for (const [side, who] of Object.entries(parties())) {
      if (expected[side as keyof typeof expected] !== null) continue;
      const refusal = await refusalOf(cancelBooking(who.viewer, id, { reason: "Why" }, now));
      expect(["CONFLICT", "FORBIDDEN"], `${side}: ${refusal.message}`).toContain(refusal.code);
    }
  }

  it("lets each party cancel a stay to come as their own side, and the write agrees", async () => {
    for (const side of ["guest", "host", "admin"] as const) {
      const booking = await book(10, 12);
      expect(await cancelRights(booking.id, at(TODAY))).toEqual({
        guest: "guest",
        host: "host",
        admin: "admin",
      });
      const cancelled = await cancelBooking(
        parties()[side].viewer,
        booking.id,
        { reason: "Plans changed" },
        at(TODAY),
      );
      expect(cancelled).toMatchObject({ status: "cancelled", cancelledBy: side });
      // The write answers with the canceller's own view: nothing is left to cancel.
      expect(cancelled.may).toEqual({ cancel: null, answer: false });
      await expectWritesRefusedAsViewed(booking.id, at(TODAY), {
        guest: null,
        host: null,
        admin: null,
      });
    }
  });

  it("takes the host's right away once the stay has begun, and everyone's once it is over", async () => {
    const booking = await book(20, 23);
    await expectWritesRefusedAsViewed(booking.id, at(day(21)), {
      guest: "guest",
      host: null,
      admin: "admin",
    });
    expect(await refusalOf(cancelBooking(host.viewer, booking.id, {}, at(day(21))))).toEqual({
      code: "CONFLICT",
      message: "bookings.errors.hostCancelStarted",
    });
    // The check-out day has come: only its completion is left.
    await expectWritesRefusedAsViewed(booking.id, at(day(23)), {
      guest: null,
      host: null,
      admin: null,
    });
    expect(await refusalOf(cancelBooking(guest.viewer, booking.id, {}, at(day(23))))).toEqual({
      code: "CONFLICT",
      message: "bookings.errors.notCancellable",
    });
    // While it was still on, the guest could cancel it, as the view said.
    const cancelled = await cancelBooking(guest.viewer, booking.id, {}, at(day(22)));
    expect(cancelled.cancelledBy).toBe("guest");
  });

  it("shows another user nothing to act on: the booking is not theirs to see or cancel", async () => {
    const booking = await book(30, 31);
    expect((await listGuestBookings(other.viewer)).map((b) => b.id)).not.toContain(booking.id);
    expect(await refusalOf(readBooking(other.viewer, booking.id))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(
      await refusalOf(cancelBooking(other.viewer, booking.id, { reason: "Mine now" })),
    ).toMatchObject({ code: "NOT_FOUND" });
  });

  it("sends `may` in the API's bookings", async () => {
    const booking = await book(40, 41);
    const mine = await send("/api/v1/me/bookings", { jar: guest.jar });
    expect(mine.status).toBe(200);
    const { bookings } = (await mine.json()) as { bookings: BookingView[] };
    expect(find(bookings, booking.id).may).toEqual({ cancel: "guest", answer: false });
    const one = await send(`/api/v1/bookings/${booking.id}`, { jar: host.jar });
    expect(((await one.json()) as { booking: BookingView }).booking.may).toEqual({
      cancel: "host",
      answer: false,
    });
  });

  it("offers Accept and Decline to the request's host while it is open, and the write agrees", async () => {
    await saveBookingSettings(host.viewer, listingId, { ...SETTINGS, mode: "request" });
    try {
      const answerRights = async (id: number, now: Date, asker = guest) => {
        const [asGuest, asHost, asAdmin] = await Promise.all([
          listGuestBookings(asker.viewer, now),
          listHostBookings(host.viewer, now),
          listAllBookings(admin.viewer, 200, now),
        ]);
        return [asGuest, asHost, asAdmin].map((list) => find(list, id).may.answer);
      };
      const accepted = await book(50, 51);
      expect(accepted.status).toBe("requested");
      expect(await answerRights(accepted.id, at(TODAY))).toEqual([false, true, true]);
      expect(
        await refusalOf(answerRequest(guest.viewer, accepted.id, "accept", {}, at(TODAY))),
      ).toMatchObject({ code: "FORBIDDEN" });
      const confirmed = await answerRequest(host.viewer, accepted.id, "accept", {}, at(TODAY));
      expect(confirmed.may).toEqual({ cancel: "host", answer: false });
      expect(
        await refusalOf(answerRequest(host.viewer, accepted.id, "decline", {}, at(TODAY))),
      ).toEqual({ code: "CONFLICT", message: "bookings.errors.notRequested" });

      // Past its deadline the request is no longer the host's to answer, swept or not. (Another
      // guest asks: a new guest may hold only so many requests at once.)
      const lapsed = await createBooking(
        other.viewer,
        listingId,
        { checkIn: day(52), checkOut: day(53), guests: 1 },
        at(TODAY),
      );
      const later = new Date(new Date(lapsed.expiresAt!).getTime() + 1000);
      expect(await answerRights(lapsed.id, later, other)).toEqual([false, false, false]);
      expect(await refusalOf(answerRequest(host.viewer, lapsed.id, "accept", {}, later))).toEqual({
        code: "CONFLICT",
        message: "bookings.errors.notRequested",
      });
      expect((await readBooking(host.viewer, lapsed.id, later)).booking.status).toBe("expired");
    } finally {
      await saveBookingSettings(host.viewer, listingId, SETTINGS);
    }
  });

  it("answers a malformed id in a path with the not-found of the record it names", async () => {
    const cases: [string, string, string][] = [
      ["/api/v1/bookings/1e3", "NOT_FOUND", "We could not find that booking."],
      ["/api/v1/conversations/abc", "NOT_FOUND", "This conversation could not be found."],
      [
        "/api/v1/listings/01",
        "LISTING_NOT_FOUND",
        "This listing could not be found. It may have been removed.",
      ],
    ];
    for (const [path, code, message] of cases) {
      const answer = await send(path, { jar: guest.jar });
      expect(answer.status, path).toBe(404);
      expect(((await answer.json()) as { error: unknown }).error, path).toMatchObject({
        code,
        message,
      });
    }
  });

  describe("the Users tab", () => {
    it("says which accounts the administrator may retype, delete or suspend, as the writes decide", async () => {
      const person = await makeUser({ role: "user", name: "Abena Person" });
      const rows = new Map(
        (await listUsers({ actor: admin.viewer, pageSize: 100 })).rows.map((r) => [r.id, r]),
      );
      expect(rows.get(admin.id)!.may).toEqual({ changeRole: false, delete: false, suspend: false });
      expect(rows.get(person.id)!.may).toEqual({ changeRole: true, delete: true, suspend: true });

      // Their own account: renamed, never retyped nor deleted.
      expect(
        await refusalOf(
          editUser({ actor: admin.viewer, userId: admin.id, edit: { role: "agent" } }),
        ),
      ).toMatchObject({ code: "FORBIDDEN", message: "dashboard.users.errors.cannotDemoteSelf" });
      expect(await refusalOf(deleteUser({ actor: admin.viewer, userId: admin.id }))).toMatchObject({
        code: "FORBIDDEN",
        message: "dashboard.users.errors.cannotDeleteSelf",
      });
      expect(
        await refusalOf(
          suspendUser({
            actor: admin.viewer,
            userId: admin.id,
            input: { kind: "ban", reason: "Testing" },
          }),
        ),
      ).toMatchObject({ code: "FORBIDDEN" });

      // Anyone else: retyped (the answer carries the rights afterwards), then deleted.
      const retyped = await editUser({
        actor: admin.viewer,
        userId: person.id,
        edit: { role: "agent" },
      });
      expect(retyped).toMatchObject({
        role: "agent",
        may: { changeRole: true, delete: true, suspend: true },
      });
      expect(await deleteUser({ actor: admin.viewer, userId: person.id })).toMatchObject({
        email: person.email,
      });

      const page = await send("/api/v1/admin/users?q=Kofi", { jar: admin.jar });
      const { rows: found } = (await page.json()) as { rows: { id: string; may: unknown }[] };
      expect(found.find((r) => r.id === guest.id)?.may).toEqual({
        changeRole: true,
        delete: true,
        suspend: true,
      });
    });
  });
});
