import { describe, expect, it } from "vitest";
import { SERVICE_CATEGORIES } from "./listing-values.ts";
import { values } from "../i18n/en/values.ts";
import { listingSearchText } from "./listing-search-text.ts";

describe("listingSearchText", () => {
  it("lower-cases and joins the place, title and description", () => {
    const text = listingSearchText({
      title: "3-Bedroom Apartment in IKOYI",
      city: "Lagos",
      countryName: "Nigeria",
      description: "Lagoon views.",
    });
    expect(text).toBe("3-bedroom apartment in ikoyi lagos nigeria lagoon views.");
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
    });
    expect(text).toContain("property law");
    expect(text).toContain("lawyers (property & immigration)");
    expect(text).toContain("lawyer");
    expect(text).toContain("free-consultation");
    expect(text).toContain("free consultation");
    expect(text).toContain("24 7 support");
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
    });
    expect(text).toBe("studio near campus kampala uganda quiet. safe.");
  });

  it("has a label for every service category", () => {
    for (const category of SERVICE_CATEGORIES) {
      expect(values.serviceCategory[category]).toMatch(/\S/);
    }
  });
});
