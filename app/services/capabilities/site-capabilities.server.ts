import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { bookingSettings, listings } from "../../db/schema/index.ts";
import type { Capabilities } from "../../lib/capabilities.ts";
import { findPaymentProvider } from "../payments/provider-registry.server.ts";

/**
 * What the site does now, read from the running server: payments are taken when a payment
 * provider was set up at start (PAYMENT_PROVIDER, app/services/payments/payments-setup.server.ts),
 * by the methods that provider offers; bookings are taken when a live listing has booking
 * settings. The pages that describe the site (FAQ, Terms, Services) say what this says.
 */
export async function siteCapabilities(): Promise<Capabilities> {
  const db = await getDb();
  const [bookable] = await db
    .select({ id: listings.id })
    .from(bookingSettings)
    .innerJoin(
      listings,
      and(eq(listings.id, bookingSettings.listingId), eq(listings.status, "approved")),
    )
    .limit(1);
  return {
    onlineBooking: bookable !== undefined,
    paymentMethods: findPaymentProvider()?.methods ?? [],
  };
}
