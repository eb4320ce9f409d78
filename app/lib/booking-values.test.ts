import { describe, expect, it } from "vitest";
import {
  addMonths,
  bookingUnitOf,
  daysBetween,
  monthsCovering,
  priceBreakdown,
  refundFor,
} from "./booking-values.ts";

describe("booking rules", () => {
  it("books hotels by the night, student rooms by the month, tours by departure, short lets by the night", () => {
    expect(bookingUnitOf({ category: "hospitality", listingType: "booking" })).toBe("night");
    expect(bookingUnitOf({ category: "student-housing", listingType: "rent" })).toBe("month");
    expect(bookingUnitOf({ category: "travel-agencies", listingType: "booking" })).toBe(
      "departure",
    );
    expect(bookingUnitOf({ category: "real-estate", listingType: "booking" })).toBe("night");
    expect(bookingUnitOf({ category: "real-estate", listingType: "rent" })).toBeNull();
    expect(bookingUnitOf({ category: "professionals", listingType: "service" })).toBeNull();
  });

  it("counts months on the calendar, keeping the last day of shorter months", () => {
    expect(addMonths("2027-01-15", 2)).toBe("2027-03-15");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(daysBetween("2027-02-27", "2027-03-02")).toBe(3);
  });

  it("lets a stay by the month for the fewest whole months that cover it", () => {
    expect(monthsCovering("2027-01-10", "2027-01-13")).toBe(1);
    expect(monthsCovering("2027-01-10", "2027-02-10")).toBe(1);
    expect(monthsCovering("2027-01-10", "2027-02-11")).toBe(2);
    expect(monthsCovering("2027-01-10", "2027-06-20")).toBe(6);
    expect(monthsCovering("2027-01-31", "2027-02-28")).toBe(1);
  });

  it("adds the cleaning fee once and the service fee on both", () => {
    expect(
      priceBreakdown({
        rateUsdCents: 4_999,
        quantity: 3,
        cleaningFeeUsdCents: 1_000,
        serviceFeeBasisPoints: 300,
      }),
    ).toEqual({
      rateUsdCents: 4_999,
      quantity: 3,
      subtotalUsdCents: 14_997,
      cleaningFeeUsdCents: 1_000,
      serviceFeeUsdCents: 480,
      totalUsdCents: 16_477,
    });
  });

  const booking = { totalUsdCents: 10_300, serviceFeeUsdCents: 300, checkIn: "2027-06-20" };
  const FULL = 10_300;
  const HALF = 5_000;
  const at = (iso: string) => new Date(iso);
  /** A guest's cancellation of a stay checking in on June 20 at a listing in Nairobi (UTC+3). */
  const guest = (
    policy: "flexible" | "moderate" | "strict",
    now: string,
    bookedAt = "2027-01-01T00:00:00Z",
    timeZone = "Africa/Nairobi",
  ) =>
    refundFor({
      ...booking,
      policy,
      canceller: "guest",
      now: at(now),
      bookedAt: at(bookedAt),
      timeZone,
    });

  it("counts flexible days on the listing's calendar: in full to the day before, half on the day", () => {
    // 23:59 in Nairobi on June 19 is still the day before check-in.
    expect(guest("flexible", "2027-06-19T20:59:59Z")).toBe(FULL);
    // Midnight in Nairobi: the check-in day.
    expect(guest("flexible", "2027-06-19T21:00:00Z")).toBe(HALF);
    expect(guest("flexible", "2027-06-20T20:59:59Z")).toBe(HALF);
    // The day after check-in: the stay has begun.
    expect(guest("flexible", "2027-06-20T21:00:00Z")).toBe(0);
  });

  it("counts moderate days on the listing's calendar: in full to 5 days before, then half", () => {
    expect(guest("moderate", "2027-06-15T20:59:59Z")).toBe(FULL);
    expect(guest("moderate", "2027-06-15T21:00:00Z")).toBe(HALF);
    expect(guest("moderate", "2027-06-20T20:59:59Z")).toBe(HALF);
    expect(guest("moderate", "2027-06-20T21:00:00Z")).toBe(0);
  });

  it("counts strict days on the listing's calendar: in full to 30 days before, half to 7, then nothing", () => {
    expect(guest("strict", "2027-05-21T20:59:59Z")).toBe(FULL);
    expect(guest("strict", "2027-05-21T21:00:00Z")).toBe(HALF);
    expect(guest("strict", "2027-06-13T20:59:59Z")).toBe(HALF);
    expect(guest("strict", "2027-06-13T21:00:00Z")).toBe(0);
    expect(guest("strict", "2027-06-20T12:00:00Z")).toBe(0);
  });

  it("refunds strict in full within 48 hours of booking 14 calendar days ahead, whatever the hour", () => {
    // Booked at 23:00 in Nairobi on June 6, 14 days before check-in; cancelled 2 minutes later.
    expect(guest("strict", "2027-06-06T20:02:00Z", "2027-06-06T20:00:00Z")).toBe(FULL);
    // The case, in Accra (UTC): booked 14 days ahead at 10:00, cancelled at 10:02.
    expect(guest("strict", "2027-06-06T10:02:00Z", "2027-06-06T10:00:00Z", "Africa/Accra")).toBe(
      FULL,
    );
    // Booked just after midnight in Nairobi on June 7: 13 days ahead, no grace.
    expect(guest("strict", "2027-06-06T21:02:00Z", "2027-06-06T21:00:00Z")).toBe(HALF);
    // The 48 hours are hours: to the second.
    expect(guest("strict", "2027-06-03T00:00:00Z", "2027-06-01T00:00:00Z")).toBe(FULL);
    expect(guest("strict", "2027-06-03T00:00:01Z", "2027-06-01T00:00:00Z")).toBe(HALF);
    // Within 48 hours of a booking 7 days ahead: no grace, and nothing left a week out.
    expect(guest("strict", "2027-06-13T21:30:00Z", "2027-06-13T21:00:00Z")).toBe(0);
  });

  it("refunds everything when the host or the administrator cancels", () => {
    for (const canceller of ["host", "admin"] as const) {
      expect(
        refundFor({
          ...booking,
          policy: "strict",
          canceller,
          now: at("2027-06-19T23:00:00Z"),
          bookedAt: at("2027-01-01"),
          timeZone: "Africa/Nairobi",
        }),
      ).toBe(10_300);
    }
  });
});
