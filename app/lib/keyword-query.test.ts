import { describe, expect, it } from "vitest";
import { fuzzyWord, isPlainWord, keywordTerms, MAX_TERMS, termTsquery } from "./keyword-query.ts";

describe("keywordTerms", () => {
  it("splits on punctuation, lower-cases, folds accents and drops repeats", () => {
    expect(keywordTerms("  Gorée,  APARTMENT/apartment  studio_flat ")).toEqual([
      { word: "goree" },
      { word: "apartment" },
      { word: "studio" },
      { word: "flat" },
    ]);
  });

  it("keeps a number with the word after it", () => {
    expect(keywordTerms("2 bedroom Lekki")).toEqual([
      { number: "2", word: "bedroom" },
      { word: "lekki" },
    ]);
    expect(keywordTerms("bedroom 2")).toEqual([{ word: "bedroom" }, { number: "2" }]);
    expect(keywordTerms("100 200 m")).toEqual([{ number: "100" }, { number: "200", word: "m" }]);
  });

  it("has no terms without a letter or digit, and at most MAX_TERMS", () => {
    expect(keywordTerms("%_ & ()")).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    expect(keywordTerms(many)).toHaveLength(MAX_TERMS);
  });
});

describe("termTsquery", () => {
  it("matches words as prefixes, single letters and numbers exactly", () => {
    expect(termTsquery({ word: "bedroom" })).toBe("bedroom:*");
    expect(termTsquery({ word: "d" })).toBe("d");
    expect(termTsquery({ number: "2" })).toBe("2");
    expect(termTsquery({ number: "2", word: "bed" })).toBe("2 <-> bed:*");
  });

  it("puts the words a typo was taken for in place of the typo", () => {
    expect(termTsquery({ word: "nairobbi" }, ["nairobi"])).toBe("nairobi:*");
    expect(termTsquery({ number: "2", word: "bedrom" }, ["bedroom", "bedrooms"])).toBe(
      "2 <-> (bedroom:* | bedrooms:*)",
    );
  });
});

describe("typo candidates", () => {
  it("are words of four letters or more", () => {
    expect(fuzzyWord({ word: "lagos" })).toBe("lagos");
    expect(fuzzyWord({ word: "mahé" })).toBe("mahé");
    expect(fuzzyWord({ word: "abc" })).toBeNull();
    expect(fuzzyWord({ number: "2" })).toBeNull();
  });

  it("are replaced only by words of letters and digits", () => {
    expect(isPlainWord("nairobi")).toBe(true);
    expect(isPlainWord("yaoundé")).toBe(true);
    expect(isPlainWord("24/7")).toBe(false);
    expect(isPlainWord("a:*")).toBe(false);
  });
});
