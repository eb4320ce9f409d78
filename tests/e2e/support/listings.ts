import { gotoHydrated } from "./hydration.ts";
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
  expect(created.status(), await created.text()).toBe(201);
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

/** A listing's booking settings as PUT /api/v1/listings/{id}/booking-settings takes them. */
export interface BookingSettingsInput {
  mode: "instant" | "request";
  cancellationPolicy: "flexible" | "moderate" | "strict";
  minStay: number;
  maxStay: number | null;
  noticeDays: number;
  preparationDays: number;
  maxGuests: number;
  cleaningFeeUsd: number;
  paymentMode?: "on_arrival" | "full" | "deposit";
  depositPercent?: number;
}

/** A published listing (see publishApproved) its lister has opened to bookings. */
export async function publishBookable(
  browser: Browser,
  owner: Page,
  listing: Record<string, unknown>,
  settings: BookingSettingsInput,
): Promise<number> {
  const id = await publishApproved(browser, owner, listing);
  const saved = await owner.request.put(`/api/v1/listings/${id}/booking-settings`, {
    data: settings,
  });
  expect(saved.status()).toBe(200);
  return id;
}

/** A guesthouse in Cape Coast priced at $80 a night, as publishApproved takes a listing. */
export function capeCoastGuesthouse(title: string): Record<string, unknown> {
  return {
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
  };
}

/**
 * An approved guesthouse in Cape Coast whose host has opened it to bookings (two to fourteen
 * nights, up to four guests, a day's notice), as a fixture: the page is the signed-in host.
 */
export async function bookableStay(
  browser: Browser,
  host: Page,
  title: string,
  mode: "instant" | "request" = "instant",
): Promise<number> {
  return publishBookable(browser, host, capeCoastGuesthouse(title), {
    mode,
    cancellationPolicy: "moderate",
    minStay: 2,
    maxStay: 14,
    noticeDays: 1,
    preparationDays: 0,
    maxGuests: 4,
    cleaningFeeUsd: 10,
  });
}

/** Chooses dates and guests on the listing's card and asks for the price. */
export async function chooseStay(page: Page, id: number, checkIn: string, checkOut: string) {
  await gotoHydrated(page, `/listing/${id}`);
  const card = page.getByRole("region", { name: "Book your stay" });
  await card.getByLabel("Check-in").fill(checkIn);
  await card.getByLabel("Check-out").fill(checkOut);
  await card.getByLabel("Guests").fill("2");
  await card.getByRole("button", { name: "Check price" }).click();
  return card;
}
