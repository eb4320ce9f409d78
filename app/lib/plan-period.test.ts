import { describe, expect, it } from "vitest";
import { addMonths, reminderDue } from "./plan-period.ts";

const at = (iso: string) => new Date(iso);

describe("a plan's period", () => {
  it("lasts whole calendar months, keeping the time of day", () => {
    expect(addMonths(at("2026-03-15T10:30:00Z"), 6).toISOString()).toBe("2026-09-15T10:30:00.000Z");
    expect(addMonths(at("2026-11-20T00:00:00Z"), 3).toISOString()).toBe("2027-02-20T00:00:00.000Z");
    expect(addMonths(at("2026-01-01T00:00:00Z"), 12).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });

  it("ends on the last day of a shorter month", () => {
    expect(addMonths(at("2026-01-31T08:00:00Z"), 1).toISOString()).toBe("2026-02-28T08:00:00.000Z");
    expect(addMonths(at("2028-01-31T08:00:00Z"), 1).toISOString()).toBe("2028-02-29T08:00:00.000Z");
    expect(addMonths(at("2026-08-31T08:00:00Z"), 3).toISOString()).toBe("2026-11-30T08:00:00.000Z");
  });

  it("asks for the week reminder from 7 days before the end, the day reminder from 1 day", () => {
    const end = at("2026-09-15T10:00:00Z");
    expect(reminderDue(end, at("2026-09-08T09:59:59Z"))).toBeNull();
    expect(reminderDue(end, at("2026-09-08T10:00:00Z"))).toBe("week");
    expect(reminderDue(end, at("2026-09-14T09:59:59Z"))).toBe("week");
    expect(reminderDue(end, at("2026-09-14T10:00:00Z"))).toBe("day");
    expect(reminderDue(end, at("2026-09-15T10:00:00Z"))).toBeNull();
  });
});
