import { describe, expect, it } from "vitest";
import { listingBodySchema } from "./listing-categories.ts";
import { categoriesFor, listingFieldErrors, listingSchema } from "./listing.ts";

const agent = {
  categories: categoriesFor("agent"),
  profilePhone: null,
  countryCodes: ["GH", "KE"],
};

const STAY = {
  category: "hospitality",
  title: "Guesthouse by the lagoon",
  listingType: "booking",
  price: "85.50",
  priceType: "per_night",
  countryCode: "GH",
  city: "Ada",
  address: "Lagoon Road 3",
  description: "Six rooms and a garden.",
  amenities: ["Pool"],
};

function errorsOf(options: Parameters<typeof listingSchema>[0], input: unknown) {
  const result = listingSchema(options).safeParse(input);
  return result.success ? {} : listingFieldErrors(result.error);
}

describe("listingSchema: the contract with the publisher's rules", () => {
  it("names every missing required field of a listing without a category", () => {
    expect(errorsOf(agent, {})).toEqual({
      category: "categoryRequired",
      title: "titleRequired",
      price: "priceRequired",
      countryCode: "countryRequired",
      city: "cityRequired",
      address: "addressRequired",
      description: "descriptionRequired",
    });
  });

  it("applies the person's categories, countries and phone", () => {
    expect(errorsOf(agent, { ...STAY, category: "professionals" })).toMatchObject({
      category: "choiceInvalid",
    });
    expect(errorsOf(agent, { ...STAY, countryCode: "NG" })).toEqual({
      countryCode: "choiceInvalid",
    });
    expect(errorsOf(agent, { ...STAY, contactMethod: "whatsapp" })).toEqual({
      contactPhone: "contactPhoneRequired",
    });
    expect(
      errorsOf(
        { ...agent, profilePhone: "+233 20 000 0000" },
        { ...STAY, contactMethod: "whatsapp" },
      ),
    ).toEqual({});
    // A professional lists their service whatever category is sent.
    const professional = { categories: categoriesFor("professional"), profilePhone: null };
    expect(errorsOf(professional, STAY)).toMatchObject({
      serviceCategory: "serviceCategoryRequired",
      priceType: "choiceInvalid",
    });
  });

  it("reads back what listingBodySchema gives, so the API can pass its parsed body on", () => {
    const stored = listingBodySchema.parse(STAY);
    expect(stored.priceUsdCents).toBe(8550);
    expect(listingSchema(agent).parse(stored)).toEqual(stored);
  });
});
