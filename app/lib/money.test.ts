import { describe, expect, it } from "vitest";
import {
  displayAmountToUsdCents,
  formatPrice,
  formatPriceType,
  USD,
  type DisplayCurrency,
} from "./money.ts";

const NGN: DisplayCurrency = {
  code: "NGN",
  name: "Nigerian Naira",
  symbol: "₦",
  ratePerUsd: "1480",
  countryCode: "NG",
  decimals: 2,
};
const KES: DisplayCurrency = {
  code: "KES",
  name: "Kenyan Shilling",
  symbol: "KSh",
  ratePerUsd: "130",
  countryCode: "KE",
  decimals: 2,
};
const XOF: DisplayCurrency = {
  code: "XOF",
  name: "West African CFA franc",
  symbol: "CFA",
  ratePerUsd: "605.5",
  countryCode: "SN",
  decimals: 0,
};
const GBP: DisplayCurrency = {
  code: "GBP",
  name: "British Pound",
  symbol: "£",
  ratePerUsd: "0.79",
  countryCode: "GB",
  decimals: 2,
};

describe("formatPrice", () => {
  it("shows N/A for a missing or non-numeric amount", () => {
    expect(formatPrice(null, USD)).toBe("N/A");
    expect(formatPrice(undefined, USD)).toBe("N/A");
    expect(formatPrice(Number.NaN, USD)).toBe("N/A");
    expect(formatPrice(Number.POSITIVE_INFINITY, USD)).toBe("N/A");
    expect(formatPrice(-100, USD)).toBe("N/A");
  });

  it("formats whole US dollars without cents and with grouping", () => {
    expect(formatPrice(125_000_00, USD)).toBe("$125,000");
    expect(formatPrice(0, USD)).toBe("$0");
  });

  it("keeps cents when the amount has them", () => {
    expect(formatPrice(1999, USD)).toBe("$19.99");
  });

  it("converts with the currency's rate", () => {
    expect(formatPrice(1000_00, NGN)).toBe("₦1,480,000");
    expect(formatPrice(1000_00, GBP)).toBe("£790");
    expect(formatPrice(12_50, GBP)).toBe("£9.88");
  });

  it("separates a letter symbol from the digits", () => {
    expect(formatPrice(100_00, KES)).toBe("KSh 13,000");
  });

  it("rounds currencies without minor units to whole numbers", () => {
    expect(formatPrice(1_01, XOF)).toBe("CFA 612");
  });

  it("uses the caller's text for a missing price", () => {
    expect(formatPrice(null, USD, "en", "—")).toBe("—");
  });
});

describe("formatPriceType", () => {
  it("shows underscores as spaces", () => {
    expect(formatPriceType("per_night")).toBe("per night");
    expect(formatPriceType("consultation_fee")).toBe("consultation fee");
    expect(formatPriceType(null)).toBe("");
  });
});

describe("displayAmountToUsdCents", () => {
  it("converts a filter amount back to US cents", () => {
    expect(displayAmountToUsdCents(1480, NGN)).toBe(100);
    expect(displayAmountToUsdCents(-1, NGN)).toBeNull();
  });
});
