import { describe, expect, it } from "vitest";
import {
  AA_TEXT_CONTRAST,
  brandColorReadable,
  contrastRatio,
  lowestBrandContrast,
  normalizeHexColor,
  relativeLuminance,
} from "./contrast.ts";

describe("contrast", () => {
  it("computes WCAG luminance and ratios", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // The WCAG reference value: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("accepts a brand colour only when it reaches 4.5:1 against white and the canvas", () => {
    expect(brandColorReadable("#0b5e31")).toBe(true);
    expect(brandColorReadable("#1d4ed8")).toBe(true);
    expect(brandColorReadable("#767676")).toBe(false);
    expect(lowestBrandContrast("#767676")).toBeLessThan(AA_TEXT_CONTRAST);
    expect(brandColorReadable("#ffcc00")).toBe(false);
    expect(brandColorReadable("#ffffff")).toBe(false);
  });

  it("normalizes hex colours and refuses anything else", () => {
    expect(normalizeHexColor("#ABC")).toBe("#aabbcc");
    expect(normalizeHexColor(" #0B5E31 ")).toBe("#0b5e31");
    expect(normalizeHexColor("red")).toBeNull();
    expect(normalizeHexColor("#12345")).toBeNull();
    expect(normalizeHexColor("#1234567")).toBeNull();
  });
});
