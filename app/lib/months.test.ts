import { describe, expect, it } from "vitest";
import { monthDays, monthOf, requestedMonth, shiftMonth } from "./months.ts";

describe("months", () => {
  it("reads ?month=, falling back to today's month for anything else", () => {
    expect(requestedMonth("2027-03")).toBe("2027-03");
    expect(monthOf("2027-07", "2027-03-10")).toBe("2027-07");
    for (const bad of [null, "", "2027-13", "2027-3", "1999-12", "2201-01", "march", "2027-03x"]) {
      expect(requestedMonth(bad), String(bad)).toBeNull();
      expect(monthOf(bad, "2027-03-10"), String(bad)).toBe("2027-03");
    }
  });

  it("shifts across years and spells out a month's days", () => {
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2027-12", 1)).toBe("2028-01");
    expect(shiftMonth("2027-03", -15)).toBe("2025-12");
    expect(monthDays("2028-02")).toHaveLength(29);
    expect(monthDays("2027-02")).toHaveLength(28);
    expect(monthDays("2027-04")[0]).toBe("2027-04-01");
    expect(monthDays("2027-04").at(-1)).toBe("2027-04-30");
  });
});
