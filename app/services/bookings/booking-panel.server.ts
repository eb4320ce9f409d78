import { getDb } from "../../db/client.server.ts";
import { AppError } from "../../lib/app-error.ts";
import { BOOKING_CARD_FIELDS } from "../../lib/booking-values.ts";
import type { Availability, Quote } from "../../lib/schemas/bookings.ts";
import { refusalText } from "../session/action-answer.server.ts";
import { readListingBooking } from "./bookable.server.ts";
import { quoteBooking } from "./bookings.server.ts";
import { listingAvailability } from "./calendar.server.ts";

/** What a listing page's booking card shows: free days, and the price of the dates asked for. */
export interface BookingPanel {
  availability: Availability;
  /** The dates, months or departure and guests the visitor chose (the form's values). */
  asked: Record<string, string>;
  quote: Quote | null;
  /** Why the chosen stay cannot be booked, in the site's words. */
  problem: string | null;
  /** The visitor lists it: they run its calendar rather than book it. */
  ownListing: boolean;
}

/**
 * The booking card of a published listing that takes bookings, or null for any other. A stay in
 * the URL (the card's form sends it with GET, so it works without JavaScript) is quoted, or its
 * problem told.
 */
export async function bookingPanel(
  listingId: number,
  search: URLSearchParams,
  currency: string,
  viewerId: string | null,
  now = new Date(),
): Promise<BookingPanel | null> {
  let availability: Availability;
  try {
    availability = await listingAvailability(listingId, { months: 2 }, now);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const ownListing =
    viewerId !== null &&
    (await readListingBooking(await getDb(), listingId))?.listing.userId === viewerId;
  const asked: Record<string, string> = {};
  for (const field of BOOKING_CARD_FIELDS) {
    const value = search.get(field);
    if (value) asked[field] = value.slice(0, 20);
  }
  const wantsQuote = Boolean(asked.checkIn || asked.departureId);
  if (!wantsQuote) return { availability, asked, quote: null, problem: null, ownListing };
  try {
    const quote = await quoteBooking(listingId, { guests: "1", ...asked, currency }, now);
    return { availability, asked, quote, problem: null, ownListing };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { availability, asked, quote: null, problem: refusalText(error), ownListing };
  }
}
