import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { transactionWithRetry } from "../../db/transaction-retry.server.ts";
import { constraintOf } from "../core/database-errors.server.ts";
import { bookings, tourDepartures } from "../../db/schema/index.ts";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError } from "../../lib/app-error.ts";
import { daysBetween, type BookingStatus } from "../../lib/booking-values.ts";
import { paymentTerms } from "../../lib/booking-payment.ts";
import { formatDay } from "../../lib/format-day.ts";
import { bookingRequestSchema, type BookingView } from "../../lib/schemas/bookings.ts";
import { parsedOrRefused } from "../../lib/validation.ts";
import { requireAllowed, type Actor } from "../core/actor.server.ts";
import { requireId } from "../core/ids.server.ts";
import {
  createPayment,
  openCheckout,
  requirePaymentProvider,
  type PaymentRow,
} from "../payments/checkout.server.ts";
import { requireMayWrite } from "../safety/blocks.server.ts";
import { writeBookingMessage } from "../conversations/conversation-start.server.ts";
import { requireBookable } from "./bookable.server.ts";
import { mailBookingTransition } from "./booking-mail.server.ts";
import { requireHoldAllowed } from "./booking-holds.server.ts";
import { requireFreeNights } from "./calendar.server.ts";
import { datesTakenRefusal } from "./nearest-free-dates.server.ts";
import { requireUnderWriteLimit } from "../../auth/rate-limit.server.ts";
import {
  departureStay,
  priceOf,
  requestedCurrency,
  requireSeats,
  stayAsked,
  stayOf,
} from "./booking-quote.server.ts";
import { expireUnpaid, expiryOf, firstEvent, recordEvent } from "./booking-lifecycle.server.ts";
import { bookingById, bookingRow, publicView } from "./booking-read.server.ts";

/**
 * A booking made: the stay checked and priced (booking-quote), written with its first event and
 * message in one transaction. A listing paid online holds the nights while its guest pays at the
 * provider's checkout (awaiting_payment); the payment's webhook takes it on
 * (booking-payment.server.ts), and what follows is booking-lifecycle's.
 */

const t = createTranslator();

/** Where the guest pays a booking of a listing paid online: the provider's checkout. */
export type CreatedBooking = BookingView & { checkoutUrl?: string };

/**
 * Books a stay for the signed-in guest: confirmed at once on an instant-book listing, otherwise a
 * request the host has REQUEST_HOURS to answer. Two bookings of the same nights are refused by the
 * database's exclusion constraint, whichever commits second; seats by the departure's CHECK.
 *
 * On a listing paid online (in full or a deposit) the booking first holds the nights for
 * CHECKOUT_MINUTES, awaiting payment: its pending payment is written in the same transaction and
 * the provider's checkout opened after commit (`checkoutUrl`, where the guest is sent). The
 * payment's webhook confirms it or makes it a request. When the provider cannot be reached the
 * booking expires at once and the guest is told.
 */
export async function createBooking(
  actor: Actor | null,
  rawListingId: unknown,
  input: unknown,
  now = new Date(),
): Promise<CreatedBooking> {
  requireAllowed(actor, "booking:create");
  await requireUnderWriteLimit("booking", actor);
  const listingId = requireId(rawListingId, "listing");
  const request = parsedOrRefused(bookingRequestSchema.safeParse(input), "bookings.errors.guests");
  const db = await getDb();
  const bookable = await requireBookable(db, listingId);
  if (bookable.listing.userId === actor.id) {
    throw new AppError("FORBIDDEN", "bookings.errors.ownListing");
  }
  // A request's message reaches the host like a message: a block between them stops it too.
  if (request.message) await requireMayWrite(db, actor.id, bookable.listing.userId);
  let stay = stayOf(bookable, request, now);
  const currency = await requestedCurrency(request.currency);
  const paidOnline = bookable.settings.paymentMode !== "on_arrival";
  // Refused before anything is held when nobody can take the payment.
  if (paidOnline) requirePaymentProvider();
  const status: BookingStatus = paidOnline
    ? "awaiting_payment"
    : bookable.settings.mode === "instant"
      ? "confirmed"
      : "requested";
  let id: number;
  let payment: PaymentRow | null = null;
  try {
    // A deadlock between overlapping bookings (each waiting on the other's exclusion check)
    // is run again; the second run meets the winner's nights and is refused in words.
    id = await transactionWithRetry(db, async (tx) => {
      await requireHoldAllowed(
        tx,
        {
          guestId: actor.id,
          listingId,
          nights: bookable.unit === "departure" ? 0 : daysBetween(stay.checkIn, stay.checkOut),
        },
        now,
      );
      if (bookable.unit === "departure") {
        stay = await departureStay(tx, bookable, stay, now);
        const [taken] = await tx
          .update(tourDepartures)
          .set({ seatsTaken: sql`${tourDepartures.seatsTaken} + ${stay.guests}` })
          .where(
            and(
              eq(tourDepartures.id, stay.departureId!),
              sql`${tourDepartures.seatsTaken} + ${stay.guests} <= ${tourDepartures.seats}`,
            ),
          )
          .returning({ id: tourDepartures.id });
        if (!taken) {
          const [departure] = await tx
            .select()
            .from(tourDepartures)
            .where(eq(tourDepartures.id, stay.departureId!));
          requireSeats(departure!, stay.guests);
        }
      } else {
        await requireFreeNights(tx, listingId, stayAsked(bookable, stay, now));
      }
      const price = await priceOf(tx, bookable, stay, currency);
      const terms = paymentTerms(
        bookable.settings.paymentMode,
        bookable.settings.depositPercent,
        price.totalUsdCents,
      );
      const [row] = await tx
        .insert(bookings)
        .values({
          listingId,
          guestId: actor.id,
          hostId: bookable.listing.userId,
          unit: bookable.unit,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          preparationDays: bookable.unit === "departure" ? 0 : bookable.settings.preparationDays,
          departureId: stay.departureId,
          guests: stay.guests,
          quantity: stay.quantity,
          status,
          cancellationPolicy: bookable.settings.cancellationPolicy,
          rateUsdCents: price.rateUsdCents,
          subtotalUsdCents: price.subtotalUsdCents,
          cleaningFeeUsdCents: price.cleaningFeeUsdCents,
          serviceFeeUsdCents: price.serviceFeeUsdCents,
          totalUsdCents: price.totalUsdCents,
          currencyCode: price.currency,
          currencyRate: price.currencyRate,
          message: request.message,
          paymentMode: terms.mode,
          dueNowUsdCents: terms.dueNowUsdCents,
          expiresAt: expiryOf(status, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      await recordEvent(tx, row!.id, firstEvent(status), null, status, actor.id);
      if (request.message) {
        await writeBookingMessage(
          tx,
          { id: row!.id, listingId, guestId: actor.id, hostId: bookable.listing.userId },
          request.message,
        );
      }
      if (paidOnline) {
        payment = await createPayment(tx, {
          payerId: actor.id,
          purpose: "booking",
          bookingId: row!.id,
          amountUsdCents: terms.dueNowUsdCents,
          description: t("payments.bookings.description", {
            id: row!.id,
            title: bookable.listing.title,
          }),
          displayCurrency: currency.code,
        });
      }
      return row!.id;
    });
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "bookings_no_overlap") {
      throw await datesTakenRefusal(db, listingId, stayAsked(bookable, stay, now));
    }
    if (constraint === "tour_departures_seats_taken_check") {
      throw new AppError("CONFLICT", "bookings.errors.departureFull", undefined, {
        date: formatDay(stay.checkIn),
      });
    }
    throw error;
  }
  const booking = await bookingById(db, id);
  if (payment) {
    const checkoutUrl = await openCheckout(payment, booking.guestEmail, async (database) => {
      const row = await bookingRow(database, id);
      await database.transaction((tx) => expireUnpaid(tx, row, now));
    });
    return { ...publicView(booking, actor, now), checkoutUrl };
  }
  await mailBookingTransition(booking, status === "confirmed" ? "booked" : "requested");
  return publicView(booking, actor, now);
}
