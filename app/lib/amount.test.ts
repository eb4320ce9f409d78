import { describe, expect, it } from "vitest";
import { parseAmount } from "./amount.ts";

describe("parseAmount: one strict reading of typed amounts", () => {
  it("reads digits with at most one '.' into exact minor units", () => {
    expect(parseAmount("10", 2)).toBe(1000);
    expect(parseAmount(" 10.5 ", 2)).toBe(1050);
    expect(parseAmount("0.07", 2)).toBe(7);
    expect(parseAmount("1250.50", 2)).toBe(125_050);
    expect(parseAmount("1250.500", 2)).toBe(125_050);
    expect(parseAmount("5000", 0)).toBe(5000);
    expect(parseAmount("12.345", 3)).toBe(12_345);
    expect(parseAmount(10.5, 2)).toBe(1050);
    expect(parseAmount(0, 2)).toBe(0);
  });

  it("refuses a comma, a thousands separator and everything else rather than guess", () => {
    for (const text of [
      "10,5",
      "10,00",
      "1,000",
      "1,249.99",
      "1 250",
      "1.250,50",
      "1.2.3",
      "10.",
      ".5",
      "$10",
      "10$",
      "-5",
      "+5",
      "1e3",
      "0x10",
      "١٠",
      "",
      " ",
      "10.555",
      "12.5",
    ]) {
      expect(parseAmount(text, text === "12.5" ? 0 : 2), text).toBeNull();
    }
    for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 10.555, null, true]) {
      expect(parseAmount(value, 2), String(value)).toBeNull();
    }
    expect(parseAmount("9".repeat(16), 2)).toBeNull();
  });
});
