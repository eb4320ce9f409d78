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
