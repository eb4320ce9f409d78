import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import {
  CATEGORY_RULES,
  LISTING_CATEGORY_SCHEMAS,
  listingBodySchema,
  partialListing,
} from "./listing-categories.ts";
import { emptyListingValues, withCategory } from "./listing-form-values.ts";

const BASE = {
  title: "Quiet room near campus",
  price: 120,
  countryCode: "gh",
  city: " Accra ",
  address: "4 Palm Lane",
  description: "Bright.\n\n\n\nFurnished.",
};

describe("the listing contract", () => {
  it("parses JSON of a category into the stored shape, other categories' fields blank", () => {
    const parsed = listingBodySchema.parse({
      ...BASE,
      category: "student-housing",
      listingType: "sale",
      priceType: "per_month",
      bedrooms: 1,
      roomType: "studio",
      genderPreference: "female-only",
      amenities: ["StudyDesk", "WiFi", "WiFi"],
      areaM2: "70",
      tourTypes: ["safari"],
    });
    expect(parsed).toMatchObject({
      category: "student-housing",
      listingType: "rent",
      priceUsdCents: 12000,
      countryCode: "GH",
      city: "Accra",
      description: "Bright.\n\nFurnished.",
      bedrooms: 1,
      roomType: "studio",
      genderPreference: "female-only",
      amenities: ["WiFi", "StudyDesk"],
      areaM2: null,
      tourTypes: [],
      serviceCategory: null,
      contactMethod: "email",
      videoUrl: null,
    });
    expect(parsed).not.toHaveProperty("price");
  });

  it("puts each problem's error code under its field", () => {
    const result = listingBodySchema.safeParse({
      ...BASE,
      category: "real-estate",
      title: "ab",
      price: "12,5x",
      listingType: "",
      areaM2: "0",
      amenities: ["Helipad"],
      city: "Ac\u0000cra",
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(issues).toEqual({
      title: "titleLength",
      listingType: "listingTypeRequired",
      price: "priceInvalid",
      city: "invalidCharacters",
      areaM2: "areaInvalid",
      amenities: "choiceInvalid",
    });
  });

  it("gives the form each category's options and sections from the schemas", () => {
    expect(CATEGORY_RULES["real-estate"]).toMatchObject({
      listingTypes: ["sale", "rent", "lease"],
      priceTypes: ["per_month", "per_year"],
      priceTypeRequired: false,
      rooms: true,
      area: true,
      completion: true,
      features: "amenities",
    });
    expect(CATEGORY_RULES["student-housing"]).toMatchObject({
      listingTypes: ["rent"],
      priceTypeRequired: true,
      studentHousing: true,
      area: false,
    });
    expect(CATEGORY_RULES.professionals).toMatchObject({
      listingTypes: ["service"],
      priceTypeRequired: true,
      features: "highlights",
      propertyTypes: [],
    });
    expect(CATEGORY_RULES["travel-agencies"].tours).toBe(true);
  });

  it("keeps what still fits when the category changes", () => {
    const stay = withCategory(
      { ...emptyListingValues("real-estate"), listingType: "rent" },
      "hospitality",
    );
    expect(stay).toMatchObject({ listingType: "rent", priceType: "per_night" });
    expect(withCategory(stay, "professionals")).toMatchObject({
      listingType: "service",
      priceType: "",
    });
  });

  it("previews what an unfinished form already says", () => {
    const partial = partialListing(
      { ...emptyListingValues("real-estate"), price: "abc", bedrooms: "3", roomType: "studio" },
      "real-estate",
    );
    expect(partial).toMatchObject({
      priceUsdCents: null,
      bedrooms: 3,
      roomType: null,
      title: null,
    });
  });

  it("documents every category's request fields in the OpenAPI document", () => {
    const app = new OpenAPIHono();
    app.openapi(
      createRoute({
        method: "post",
        path: "/listings",
        request: { body: { content: { "application/json": { schema: listingBodySchema } } } },
        responses: { 204: { description: "Saved" } },
      }),
      (c) => c.body(null, 204),
    );
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const schemas = doc.components?.schemas ?? {};
    for (const schema of Object.values(LISTING_CATEGORY_SCHEMAS)) {
      const id = schema.meta()?.id;
      const documented = id ? schemas[id] : undefined;
      expect(documented, id).toBeDefined();
      expect(Object.keys((documented as { properties: object }).properties).sort()).toEqual(
        Object.keys(schema.shape).sort(),
      );
    }
    expect(schemas.StudentHousingListingInput).toMatchObject({
      properties: { genderPreference: { enum: ["mixed", "male-only", "female-only"] } },
    });
  });
});
