import { describe, expect, it } from "vitest";
import { CATEGORIES, SERVICE_CATEGORIES } from "./listing-values.ts";
import { values } from "../i18n/en/values.ts";
import {
  categoryWords,
  FOLD_FROM,
  FOLD_TO,
  foldForSearch,
  listingSearchText,
} from "./listing-search-text.ts";

describe("listingSearchText", () => {
  it("lower-cases and joins the title, place, description and what the listing is", () => {
    const text = listingSearchText({
      title: "3-Bedroom Apartment in IKOYI",
      city: "Lagos",
      countryName: "Nigeria",
      description: "Lagoon views.",
      category: "real-estate",
      listingType: "sale",
      propertyType: "apartment",
      completionStatus: "off-plan",
      bedrooms: 3,
      bathrooms: 2,
    });
    expect(text).toBe(
      "3-bedroom apartment in ikoyi lagos nigeria lagoon views. real estate sale apartment off plan 3 bedrooms 2 bathrooms",
    );
  });

  it("adds specialty, the service category label and the highlights", () => {
    const text = listingSearchText({
      title: "Conveyancing",
      city: "Accra",
      countryName: "Ghana",
      description: "Title searches.",
      specialty: "Property Law",
      serviceCategory: "lawyer",
      serviceHighlights: ["free-consultation", "24-7-support"],
      category: "professionals",
      listingType: "service",
    });
    expect(text).toContain("property law");
    expect(text).toContain("lawyers (property & immigration)");
    expect(text).toContain("lawyer");
    expect(text).toContain("free-consultation");
    expect(text).toContain("free consultation");
    expect(text).toContain("24 7 support");
    expect(text).toMatch(/ professionals professional service$/);
  });

  it("names the room type of student housing and a studio's 0 bedrooms", () => {
    const text = listingSearchText({
      title: "Studio",
      city: "Kampala",
      countryName: "Uganda",
      description: "Quiet.",
      category: "student-housing",
      listingType: "rent",
      roomType: "single-room",
      bedrooms: 0,
      bathrooms: null,
    });
    expect(text).toBe("studio kampala uganda quiet. student housing rent single room 0 bedrooms");
  });

  it("collapses whitespace and skips empty fields", () => {
    const text = listingSearchText({
      title: "  Studio \n near   campus ",
      city: "Kampala",
      countryName: "Uganda",
      description: "Quiet.\n\nSafe.",
      specialty: "   ",
      serviceCategory: null,
      serviceHighlights: null,
      category: "concierge",
      listingType: "service",
      propertyType: null,
    });
    expect(text).toBe("studio near campus kampala uganda quiet. safe. concierge service");
  });

  it("folds accents, so that Goree finds Gorée", () => {
    const text = listingSearchText({
      title: "Dakar City Tour with Gorée Island",
      city: "Mahé",
      countryName: "Côte d'Ivoire",
      description: "Île aux Cerfs, São Tomé.",
      category: "travel-agencies",
      listingType: "booking",
    });
    expect(text).toBe(
      "dakar city tour with goree island mahe cote d'ivoire ile aux cerfs, sao tome. travel agencies travel booking",
    );
    expect(foldForSearch("ŁÓDŹ Ærø")).toBe("lodz æro");
  });

  it("folds each accented letter to its plain letter", () => {
    expect(FOLD_TO).toHaveLength(FOLD_FROM.length);
    [...FOLD_FROM].forEach((c, i) => {
      const plain = c.normalize("NFD")[0]!;
      // A few letters have no decomposition (đ, ħ, ı, ł, ŀ, ø, ŧ); they fold to their base.
      if (/[a-z]/.test(plain)) expect(FOLD_TO[i], c).toBe(plain);
      expect(FOLD_TO[i]).toMatch(/^[a-z]$/);
    });
  });

  it("names every section in words", () => {
    expect(CATEGORIES.map(categoryWords)).toEqual([
      "real estate",
      "hospitality hotels & stays",
      "student housing",
      "professionals professional",
      "travel agencies travel",
      "concierge",
    ]);
  });

  it("has a label for every service category", () => {
    for (const category of SERVICE_CATEGORIES) {
      expect(values.serviceCategory[category]).toMatch(/\S/);
    }
  });
});
