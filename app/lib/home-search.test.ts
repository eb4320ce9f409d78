import { describe, expect, it } from "vitest";
import { homeSearchUrl } from "./home-search.ts";

describe("homeSearchUrl", () => {
  it("sends a property search to the real-estate page with its filters", () => {
    expect(
      homeSearchUrl({
        tab: "properties",
        deal: "rent",
        q: " Lekki ",
        propertyType: "villa",
        location: "Nigeria",
        completion: "off-plan",
      }),
    ).toBe(
      "/real-estate?q=Lekki&location=nigeria&listingType=rent&propertyType=villa&completion=off-plan",
    );
  });

  it("keeps only keyword and location for the other tabs", () => {
    expect(
      homeSearchUrl({ tab: "professionals", deal: "sale", q: "architect", location: "kenya" }),
    ).toBe("/professionals?q=architect&location=kenya");
    expect(homeSearchUrl({ tab: "student-housing" })).toBe("/student-housing");
    expect(homeSearchUrl({ tab: "services", q: "airport" })).toBe("/concierge?q=airport");
  });

  it("ignores unknown values instead of failing", () => {
    expect(homeSearchUrl({ tab: "hack", propertyType: "castle", completion: "soon", q: "" })).toBe(
      "/real-estate",
    );
  });
});
