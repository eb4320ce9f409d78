import { describe, expect, it } from "vitest";
import { formatCountPlus } from "./format-count.ts";

describe("formatCountPlus", () => {
  it("rounds down and adds a plus", () => {
    expect(formatCountPlus(172)).toBe("170+");
    expect(formatCountPlus(12_534)).toBe("12,500+");
    expect(formatCountPlus(65_012)).toBe("65,000+");
    expect(formatCountPlus(2_140_000)).toBe("2.1M+");
  });

  it("shows exact figures when nothing is rounded away", () => {
    expect(formatCountPlus(7)).toBe("7");
    expect(formatCountPlus(170)).toBe("170");
    expect(formatCountPlus(0)).toBe("0");
    expect(formatCountPlus(Number.NaN)).toBe("0");
  });
});
