import { describe, expect, it } from "vitest";
import { dayAfterKey, isPickable, pickDay, type CalendarDays } from "./stay-calendar.ts";

// 2027-03-01 is a Monday; the nights of the 10th and 11th are taken.
const days: CalendarDays = {
  from: "2027-03-01",
  to: "2027-05-01",
  firstBookableDay: "2027-03-03",
  unavailable: [{ from: "2027-03-10", to: "2027-03-12" }],
};
const none = { checkIn: "", checkOut: "" };

describe("picking a stay on the calendar", () => {
  it("picks the check-in, then a later check-out, then starts again", () => {
    const first = pickDay(days, none, "night", "2027-03-04");
    expect(first).toEqual({ checkIn: "2027-03-04", checkOut: "" });
    const second = pickDay(days, first, "night", "2027-03-07");
    expect(second).toEqual({ checkIn: "2027-03-04", checkOut: "2027-03-07" });
    expect(pickDay(days, second, "night", "2027-03-20")).toEqual({
      checkIn: "2027-03-20",
      checkOut: "",
    });
  });

  it("takes an earlier day as a new check-in", () => {
    const chosen = { checkIn: "2027-03-06", checkOut: "" };
    expect(pickDay(days, chosen, "night", "2027-03-04")).toEqual({
      checkIn: "2027-03-04",
      checkOut: "",
    });
  });

  it("ends a stay on a taken day, but never across taken nights", () => {
    const chosen = { checkIn: "2027-03-08", checkOut: "" };
    // The night of the 10th is taken; a check-out that morning is fine.
    expect(isPickable(days, chosen, "night", "2027-03-10")).toBe(true);
    expect(pickDay(days, chosen, "night", "2027-03-10")).toEqual({
      checkIn: "2027-03-08",
      checkOut: "2027-03-10",
    });
    // The 14th would span the taken nights: it becomes a new check-in instead.
    expect(pickDay(days, chosen, "night", "2027-03-14")).toEqual({
      checkIn: "2027-03-14",
      checkOut: "",
    });
    expect(isPickable(days, none, "night", "2027-03-10")).toBe(false);
  });

  it("refuses days before the notice and leaves the stay as it was", () => {
    const chosen = { checkIn: "2027-03-05", checkOut: "2027-03-07" };
    expect(isPickable(days, chosen, "night", "2027-03-02")).toBe(false);
    expect(pickDay(days, chosen, "night", "2027-03-02")).toBe(chosen);
  });

  it("picks only a move-in day for a room let by the month", () => {
    const chosen = pickDay(days, none, "month", "2027-03-04");
    expect(pickDay(days, chosen, "month", "2027-03-20")).toEqual({
      checkIn: "2027-03-20",
      checkOut: "",
    });
  });
});

describe("moving through the calendar by keyboard", () => {
  const shown = { from: days.from, to: days.to };
  it("moves by a day, a week, and to the week's ends", () => {
    expect(dayAfterKey("2027-03-10", "ArrowRight", shown)).toBe("2027-03-11");
    expect(dayAfterKey("2027-03-10", "ArrowLeft", shown)).toBe("2027-03-09");
    expect(dayAfterKey("2027-03-10", "ArrowDown", shown)).toBe("2027-03-17");
    expect(dayAfterKey("2027-03-10", "ArrowUp", shown)).toBe("2027-03-03");
    // The 10th is a Wednesday.
    expect(dayAfterKey("2027-03-10", "Home", shown)).toBe("2027-03-08");
    expect(dayAfterKey("2027-03-10", "End", shown)).toBe("2027-03-14");
    expect(dayAfterKey("2027-03-31", "ArrowRight", shown)).toBe("2027-04-01");
  });

  it("stays within the days shown and ignores other keys", () => {
    expect(dayAfterKey("2027-03-02", "ArrowUp", shown)).toBe("2027-03-01");
    expect(dayAfterKey("2027-04-28", "ArrowDown", shown)).toBe("2027-04-30");
    expect(dayAfterKey("2027-03-10", "a", shown)).toBeNull();
  });
});
