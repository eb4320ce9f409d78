import { expect, type Browser, type Page } from "@playwright/test";
import { signedInAsAdmin } from "./accounts.ts";
import { E2E } from "./e2e-env.ts";

/**
 * Publishes a listing over the API as the page's signed-in lister and has the administrator
 * approve it in a context of their own, as a fixture: the listing is public when this returns.
 */
export async function publishApproved(
  browser: Browser,
  owner: Page,
  listing: Record<string, unknown>,
): Promise<number> {
  const created = await owner.request.post("/api/v1/my-listings", { data: listing });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const admin = await adminContext.newPage();
  await signedInAsAdmin(admin);
  const approved = await admin.request.post(`/api/v1/moderation/listings/${id}`, {
    data: { decision: "approved" },
  });
  expect(approved.status()).toBe(200);
  await adminContext.close();
  return id;
}

/** An agent's flat to rent, approved: the listing "Contact Agent" asks about. */
export async function approvedRental(browser: Browser, agent: Page, title: string) {
  return publishApproved(browser, agent, {
    title,
    category: "real-estate",
    listingType: "rent",
    propertyType: "apartment",
    price: "650",
    priceType: "per_month",
    countryCode: "GH",
    city: "Accra",
    address: "12 Oxford Street",
    description: "Two bedrooms near the market, water and power all day.",
    bedrooms: 2,
    amenities: [],
    tourTypes: [],
    serviceHighlights: [],
    images: [],
    contactMethod: "phone",
    contactPhone: "+233 24 555 0123",
  });
}

/** A professional's approved service, listed as the publishing form would: it takes quotes. */
export async function approvedService(browser: Browser, professional: Page, title: string) {
  return publishApproved(browser, professional, {
    title,
    category: "professionals",
    serviceCategory: "painter-renovator",
    listingType: "service",
    price: "40",
    priceType: "per_hour",
    countryCode: "GH",
    city: "Accra",
    address: "3 Ring Road",
    description: "Interior and exterior painting, plaster repairs and small renovations.",
    serviceHighlights: [],
    images: [],
    contactMethod: "email",
  });
}

/**
 * A host's approved guesthouse open to bookings ($80 a night, $10 cleaning, 2 to 14 nights, a
 * day's notice, up to 4 guests), paid at the property.
 */
export async function bookableGuesthouse(
  browser: Browser,
  host: Page,
  title: string,
  mode: "instant" | "request",
): Promise<number> {
  const id = await publishApproved(browser, host, {
    title,
    category: "hospitality",
    listingType: "booking",
    propertyType: "guesthouse",
    price: "80",
    priceType: "per_night",
    countryCode: "GH",
    city: "Cape Coast",
    address: "7 Castle Road",
    description: "Sea-view rooms near the castle, breakfast included.",
    bedrooms: 2,
    amenities: [],
    tourTypes: [],
    serviceHighlights: [],
    images: [],
    contactMethod: "email",
  });
  const settings = await host.request.put(`/api/v1/listings/${id}/booking-settings`, {
    data: {
      mode,
      cancellationPolicy: "moderate",
      minStay: 2,
      maxStay: 14,
      noticeDays: 1,
      preparationDays: 0,
      maxGuests: 4,
      cleaningFeeUsd: 10,
    },
  });
  expect(settings.status()).toBe(200);
  return id;
}
