import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "../../../app/db/client.server.ts";
import { bookingSettings, bookings, listings } from "../../../app/db/schema/index.ts";
import { paymentTerms } from "../../../app/lib/booking-payment.ts";
import { addDays, daysBetween, isoDay } from "../../../app/lib/booking-values.ts";
import { expiryOf } from "../../../app/services/bookings/booking-lifecycle.server.ts";
import {
  serviceFeeBasisPoints,
  stayPrice,
} from "../../../app/services/bookings/stay-price.server.ts";
import { makeListing, type MakeListingOptions } from "../factories.ts";

/**
 * Bookable stays and bookings written straight to the database, for tests about something else
 * than setting up a listing's bookings or booking one: no form, no quote, no write limit, no
 * e-mail. They need a started test app (startTestApp) for its database.
 */

type SettingsRow = typeof bookingSettings.$inferInsert;
export type StaySettings = Partial<Omit<SettingsRow, "listingId" | "icalToken" | "updatedAt">>;

export interface MakeStayOptions extends MakeListingOptions {
  /** Over the defaults: instant, moderate, 1 to 30 nights, 4 guests, paid at the property. */
  settings?: StaySettings;
}

/**
 * A guesthouse by the night at $100 that takes bookings, as its lister's booking settings leave
 * it (no check of the terms against a payment provider: a test paying online starts one).
 */
export async function makeStay(options: MakeStayOptions): Promise<{ id: number }> {
  const { settings, ...listing } = options;
  const made = await makeListing({
    category: "hospitality",
    listingType: "booking",
    propertyType: "guesthouse",
    priceUsdCents: 10_000,
    priceType: "per_night",
    ...listing,
  });
  const db = await getDb();
  await db.insert(bookingSettings).values({
    listingId: made.id,
    icalToken: randomBytes(24).toString("base64url"),
    mode: "instant",
    minStay: 1,
    maxStay: 30,
    maxGuests: 4,
    ...settings,
  });
  return made;
}

type BookingRow = typeof bookings.$inferSelect;
type BookingInsert = typeof bookings.$inferInsert;

export interface MakeBookingOptions extends Partial<
  Omit<BookingInsert, "listingId" | "guestId" | "hostId" | "unit" | "departureId">
> {
  listing: { id: number };
  guest: { id: string };
  /** The stay's length when checkOut is not given; 2 unless told. */
  nights?: number;
}

/** Days from today where the next booking made without dates starts. */
let nextFreeDay = 30;

/**
 * A booking by the night of the guest at the listing, priced as booking it would price it (the
 * listing's rate, its cleaning fee, the platform's fee on a stay paid online) under its booking
 * settings or, for a listing that takes none, the database's defaults. Confirmed unless told; a
 * request gets its host's deadline. Only the row: no event, no conversation, no payment, no
 * mail. Without dates it starts a few weeks ahead, each one later than the last, so two made
 * for one listing never hold the same nights.
 */
export async function makeBooking(options: MakeBookingOptions): Promise<BookingRow> {
  const { listing: target, guest, nights = 2, ...overrides } = options;
  const db = await getDb();
  const [found] = await db
    .select({ listing: listings, settings: bookingSettings })
    .from(listings)
    .leftJoin(bookingSettings, eq(bookingSettings.listingId, listings.id))
    .where(eq(listings.id, target.id));
  if (!found) throw new Error(`No listing ${target.id}`);
  const terms = {
    cancellationPolicy: "moderate" as const,
    preparationDays: 0,
    cleaningFeeUsdCents: 0,
    paymentMode: "on_arrival" as const,
    depositPercent: null,
    ...found.settings,
  };
  if (found.listing.priceUsdCents === null) throw new Error(`Listing ${target.id} has no price`);
  let checkIn = overrides.checkIn;
  if (!checkIn) {
    checkIn = addDays(isoDay(new Date()), nextFreeDay);
    // A week between two made without dates: more than any preparation days a test sets.
    nextFreeDay += nights + 7;
  }
  const checkOut = overrides.checkOut ?? addDays(checkIn, nights);
  const price = stayPrice(
    {
      unit: "night",
      rateUsdCents: found.listing.priceUsdCents,
      settings: terms,
      quantity: daysBetween(checkIn, checkOut),
    },
    await serviceFeeBasisPoints(db),
  );
  const status = overrides.status ?? "confirmed";
  const [row] = await db
    .insert(bookings)
    .values({
      listingId: target.id,
      guestId: guest.id,
      hostId: found.listing.userId,
      unit: "night",
      preparationDays: terms.preparationDays,
      guests: 1,
      cancellationPolicy: terms.cancellationPolicy,
      ...price,
      currencyCode: "USD",
      currencyRate: "1",
      paymentMode: terms.paymentMode,
      dueNowUsdCents: paymentTerms(terms.paymentMode, terms.depositPercent, price.totalUsdCents)
        .dueNowUsdCents,
      expiresAt: expiryOf(status, new Date()),
      cancelledBy: status === "cancelled" ? "guest" : null,
      ...overrides,
      checkIn,
      checkOut,
      status,
    })
    .returning();
  if (!row) throw new Error("The booking was not inserted");
  return row;
}
