import { getDb } from "../../db/client.server.ts";
import { AppError } from "../../lib/app-error.ts";
import { isoDay } from "../../lib/booking-values.ts";
import { carriedStay } from "../../lib/carried-stay.ts";
import type { Availability, Quote } from "../../lib/schemas/bookings.ts";
import { refusalText } from "../session/action-answer.server.ts";
import { readListingBooking } from "./bookable.server.ts";
import { quoteBooking } from "./booking-quote.server.ts";
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
 * the URL (the card's form sends it with GET, so it works without JavaScript; a search's results
 * link with the dates searched) is quoted, or its problem told; values that are not a stay at all
 * are left out of the card.
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
  const asked: Record<string, string> = carriedStay(search, availability.unit, isoDay(now));
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
