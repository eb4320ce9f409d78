import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { createTranslator, isMessageKey, isPluralText } from "./translate.ts";

const t = createTranslator("en");

/** Every text of the catalogue with its dotted key; plural texts as one entry. */
function texts(node: unknown, prefix = ""): [string, unknown][] {
  if (typeof node === "string" || isPluralText(node)) return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) =>
    texts(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the translator's plurals", () => {
  it("picks the form by the count, with the language's plural rules", () => {
    expect(t("dashboard.overview.views", { count: 1 })).toBe("1 view");
    expect(t("dashboard.overview.views", { count: 0 })).toBe("0 views");
    expect(t("dashboard.overview.views", { count: 2 })).toBe("2 views");
    expect(t("browse.results.found", { count: 1 })).toBe("1 Result Found");
    expect(t("browse.results.found", { count: 0 })).toBe("0 Results Found");
    expect(t("listing.card.beds", { count: 1 })).toBe("1 bed");
    expect(t("dashboard.premium.months", { count: 12 })).toBe("12 months");
  });

  it("shows the count with the locale's digit grouping", () => {
    expect(t("dashboard.overview.views", { count: 12_500 })).toBe("12,500 views");
    expect(t("categories.propertiesAvailable", { count: 1 })).toBe("1 property available");
  });

  it("lets a caller show a rounded figure while the real count picks the form", () => {
    expect(t("home.servicesGrid.listings", { count: 173, shown: "170+" })).toBe("170+ listings");
    expect(t("home.servicesGrid.listings", { count: 1, shown: "1" })).toBe("1 listing");
  });

  it("falls back to the other form without a numeric count", () => {
    expect(t("dashboard.overview.views", { count: "many" })).toBe("many views");
    expect(isMessageKey("dashboard.overview.views")).toBe(true);
    expect(isMessageKey("dashboard.overview")).toBe(false);
  });

  it("has a plural text, with one and other forms, for every count followed by a noun", () => {
    const all = texts(en);
    // "{count} of {max} images", "{count} selected" and "{count}+ Beds" read right for any number.
    const countThenNoun = /\{count\}\s+(?!of\b|selected\b|active\b|more\b)\p{L}/u;
    const singular = all.filter(([, text]) => typeof text === "string" && countThenNoun.test(text));
    expect(singular.map(([key]) => key)).toEqual([]);
    for (const [key, text] of all.filter(([, text]) => isPluralText(text))) {
      expect(Object.keys(text as object).sort(), key).toEqual(["one", "other"]);
    }
  });
});

describe("the catalogue's copy", () => {
  it("claims no size that the live figures beside it could contradict", () => {
    // The statistics band and category badges show real counts; copy stays true at any scale.
    const sizeClaim = /\b(thousands|millions|hundreds)\b|\d[\d,]*\+/i;
    const claims = texts(en).filter(([, text]) =>
      (typeof text === "string" ? [text] : Object.values(text as object)).some((v: string) =>
        sizeClaim.test(v),
      ),
    );
    expect(claims.map(([key]) => key)).toEqual([]);
  });
});
