import { describe, expect, it } from "vitest";
import {
  addMonths,
  bookingUnitOf,
  daysBetween,
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
  const at = (iso: string) => new Date(iso);
  const guest = (
    policy: "flexible" | "moderate" | "strict",
    now: string,
    bookedAt = "2027-01-01T00:00:00Z",
  ) => refundFor({ ...booking, policy, canceller: "guest", now: at(now), bookedAt: at(bookedAt) });

  it("refunds a guest by the policy's days before check-in", () => {
    expect(guest("flexible", "2027-06-19T00:00:00Z")).toBe(10_300);
    expect(guest("flexible", "2027-06-19T12:00:00Z")).toBe(5_000);
    expect(guest("moderate", "2027-06-15T00:00:00Z")).toBe(10_300);
    expect(guest("moderate", "2027-06-16T00:00:00Z")).toBe(5_000);
    expect(guest("strict", "2027-05-21T00:00:00Z")).toBe(10_300);
    expect(guest("strict", "2027-06-13T00:00:00Z")).toBe(5_000);
    expect(guest("strict", "2027-06-14T00:00:01Z")).toBe(0);
    expect(guest("moderate", "2027-06-20T00:00:00Z")).toBe(0);
  });

  it("gives strict bookings 48 hours to change their mind when check-in is two weeks away", () => {
    expect(guest("strict", "2027-06-02T00:00:00Z", "2027-06-01T00:00:00Z")).toBe(10_300);
    expect(guest("strict", "2027-06-04T00:00:00Z", "2027-06-01T00:00:00Z")).toBe(5_000);
    expect(guest("strict", "2027-06-11T00:00:00Z", "2027-06-10T00:00:00Z")).toBe(5_000);
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
        }),
      ).toBe(10_300);
    }
  });
});
