import { describe, expect, it } from "vitest";
import { bookingsHref, groupTrips, hostInbox, occupancy, timeLeft } from "./booking-dashboard.ts";
import type { BookingStatus } from "./booking-values.ts";
import type { BookingView } from "./schemas/bookings.ts";

let nextId = 0;
function booking(
  status: BookingStatus,
  checkIn: string,
  checkOut: string,
  extra: Partial<BookingView> = {},
): BookingView {
  const id = ++nextId;
  return {
    id,
    listingId: 1,
    listingTitle: "Osu Guesthouse",
    listingCity: "Accra",
    guestName: `Guest ${id}`,
    hostName: "Host",
    teamMember: null,
    unit: "night",
    checkIn,
    checkOut,
    departureId: null,
    guests: 2,
    status,
    cancelledBy: null,
    cancelReason: null,
    cancellationPolicy: "moderate",
    message: null,
    expiresAt: null,
    refundUsdCents: null,
    createdAt: `2027-01-0${(id % 9) + 1}T10:00:00.000Z`,
    price: {
      unit: "night",
      rateUsdCents: 10_000,
      quantity: 1,
      subtotalUsdCents: 10_000,
      cleaningFeeUsdCents: 0,
      serviceFeeUsdCents: 300,
      totalUsdCents: 10_300,
      currency: "USD",
      currencyRate: "1",
    },
    payment: {
      mode: "on_arrival",
      depositPercent: null,
      dueNowUsdCents: 0,
      restUsdCents: 10_300,
      paidUsdCents: 0,
      charged: [],
      checkoutUrl: null,
      attempts: [],
      refunds: [],
    },
    may: { cancel: null, answer: false },
    ...extra,
  };
}

const TODAY = "2027-03-10";

describe("the Bookings tab's rules", () => {
  it("groups a guest's bookings into upcoming, past and cancelled", () => {
    const later = booking("confirmed", "2027-04-01", "2027-04-03");
    const soon = booking("requested", "2027-03-20", "2027-03-22");
    const staying = booking("confirmed", "2027-03-09", "2027-03-12");
    const over = booking("confirmed", "2027-03-01", "2027-03-10");
    const done = booking("completed", "2027-02-01", "2027-02-03");
    const gone = [
      booking("cancelled", "2027-05-01", "2027-05-02"),
      booking("declined", "2027-05-01", "2027-05-02"),
      booking("expired", "2027-05-01", "2027-05-02"),
    ];
    const groups = groupTrips([later, soon, staying, over, done, ...gone], TODAY);
    expect(groups.upcoming.map((b) => b.id)).toEqual([staying.id, soon.id, later.id]);
    expect(groups.past.map((b) => b.id)).toEqual([over.id, done.id]);
    expect(groups.cancelled.map((b) => b.status).sort()).toEqual([
      "cancelled",
      "declined",
      "expired",
    ]);
  });

  it("puts open requests first in the host's inbox, the soonest deadline first", () => {
    const late = booking("requested", "2027-04-01", "2027-04-02", {
      expiresAt: "2027-03-11T09:00:00.000Z",
    });
    const early = booking("requested", "2027-05-01", "2027-05-02", {
      expiresAt: "2027-03-10T12:00:00.000Z",
    });
    const stay = booking("confirmed", "2027-03-15", "2027-03-16");
    const past = booking("confirmed", "2027-03-01", "2027-03-05");
    const inbox = hostInbox([late, stay, early, past], TODAY);
    expect(inbox.requests.map((b) => b.id)).toEqual([early.id, late.id]);
    expect(inbox.upcoming.map((b) => b.id)).toEqual([stay.id]);
  });

  it("counts the hours and minutes left on a request, never below zero", () => {
    expect(timeLeft("2027-03-11T10:00:00Z", "2027-03-10T16:48:00Z")).toEqual({
      hours: 17,
      minutes: 12,
    });
    expect(timeLeft("2027-03-10T10:00:00Z", "2027-03-10T11:00:00Z")).toEqual({
      hours: 0,
      minutes: 0,
    });
  });

  it("links to the Bookings tab with its month and panel", () => {
    expect(bookingsHref({})).toBe("/dashboard/bookings");
    expect(bookingsHref({ month: "2027-03", cancel: 4 })).toBe(
      "/dashboard/bookings?month=2027-03&cancel=4",
    );
  });

  it("marks each listing's nights of the month booked or requested", () => {
    const across = booking("confirmed", "2027-02-27", "2027-03-02");
    const asked = booking("requested", "2027-03-30", "2027-04-02", { listingId: 2 });
    const ignored = booking("cancelled", "2027-03-05", "2027-03-07");
    const elsewhere = booking("confirmed", "2027-04-05", "2027-04-07", { listingId: 3 });
    const rows = occupancy([across, asked, ignored, elsewhere], "2027-03");
    expect(rows.map((r) => r.listingId).sort()).toEqual([1, 2]);
    const first = rows.find((r) => r.listingId === 1)!;
    expect(first.cells).toHaveLength(31);
    expect(first.cells.slice(0, 3).map((c) => c?.state ?? null)).toEqual(["booked", null, null]);
    const second = rows.find((r) => r.listingId === 2)!;
    expect(second.cells.slice(28).map((c) => c?.state ?? null)).toEqual([
      null,
      "requested",
      "requested",
    ]);
  });
});
