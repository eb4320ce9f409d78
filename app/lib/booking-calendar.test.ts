import { describe, expect, it } from "vitest";
import { dayAfter, dayState, monthWeeks, stateRuns } from "./booking-calendar.ts";

/** A day before every night of the calendars below, so none of them is past. */
const TODAY = "2027-03-01";

describe("the lister's month view", () => {
  it("lays a month out in weeks from Monday to Sunday", () => {
    // 1 February 2027 is a Monday, 28 days: four full weeks.
    expect(monthWeeks("2027-02")).toHaveLength(4);
    expect(monthWeeks("2027-02")[0]![0]).toBe("2027-02-01");
    // 1 November 2026 is a Sunday: six empty days before it, and six rows in all.
    const november = monthWeeks("2026-11");
    expect(november[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(november.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(november.flat().filter(Boolean)).toHaveLength(30);
  });

  it("says what each night is, a booking first, and groups days into runs", () => {
    const calendar = {
      bookings: [
        { id: 1, from: "2027-03-05", to: "2027-03-08", status: "requested" as const, guests: 2 },
      ],
      blocks: [
        { id: 1, from: "2027-03-07", to: "2027-03-10", imported: true, summary: "Airbnb" },
        { id: 2, from: "2027-03-09", to: "2027-03-11", imported: false, summary: null },
      ],
    };
    expect(dayState("2027-03-04", calendar, TODAY)).toEqual({ kind: "free" });
    expect(dayState("2027-03-07", calendar, TODAY)).toMatchObject({
      kind: "booked",
      status: "requested",
    });
    expect(dayState("2027-03-08", calendar, TODAY)).toEqual({
      kind: "imported",
      summary: "Airbnb",
    });
    expect(dayState("2027-03-09", calendar, TODAY)).toEqual({ kind: "closed" });
    expect(dayState("2027-03-11", calendar, TODAY)).toEqual({ kind: "free" });
    const days = ["04", "05", "06", "07", "08", "09", "10", "11"].map((d) => `2027-03-${d}`);
    expect(
      stateRuns(days, (day) => dayState(day, calendar, TODAY)).map((r) => [
        r.first,
        r.last,
        r.state.kind,
      ]),
    ).toEqual([
      ["2027-03-04", "2027-03-04", "free"],
      ["2027-03-05", "2027-03-07", "booked"],
      ["2027-03-08", "2027-03-08", "imported"],
      ["2027-03-09", "2027-03-10", "closed"],
      ["2027-03-11", "2027-03-11", "free"],
    ]);
  });

  it("shows the days before today as past, except the nights a booking held", () => {
    const calendar = {
      bookings: [
        { id: 1, from: "2027-03-02", to: "2027-03-04", status: "confirmed" as const, guests: 1 },
      ],
      blocks: [{ id: 1, from: "2027-03-04", to: "2027-03-08", imported: false, summary: null }],
    };
    const today = "2027-03-06";
    expect(dayState("2027-03-01", calendar, today)).toEqual({ kind: "past" });
    expect(dayState("2027-03-03", calendar, today)).toMatchObject({ kind: "booked" });
    expect(dayState("2027-03-05", calendar, today)).toEqual({ kind: "past" });
    expect(dayState("2027-03-06", calendar, today)).toEqual({ kind: "closed" });
    expect(dayState("2027-03-08", calendar, today)).toEqual({ kind: "free" });
  });

  it("turns a last night into the day after it, and nothing else", () => {
    expect(dayAfter("2027-02-28")).toBe("2027-03-01");
    expect(dayAfter("2028-12-31")).toBe("2029-01-01");
    expect(dayAfter("2027-02-29")).toBeUndefined();
    expect(dayAfter("tomorrow")).toBeUndefined();
  });
});
