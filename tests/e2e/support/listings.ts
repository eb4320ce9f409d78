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
