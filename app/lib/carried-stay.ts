import { BOOKING_CARD_FIELDS, monthsCovering, type BookingUnit } from "./booking-values.ts";
import { carriedStaySchema } from "./schemas/bookings.ts";

type CarriedField = (typeof BOOKING_CARD_FIELDS)[number];

/**
 * The stay a listing page's URL asks for, as the booking card's field values. Values that are
 * not days or numbers, and days already past, are dropped, as is a check-out not after its
 * check-in: a link from an old search opens on an empty card rather than an error. A student
 * room is let by the month, so a search's dates become its move-in day and the months covering
 * them.
 */
export function carriedStay(
  search: URLSearchParams,
  unit: BookingUnit,
  today: string,
): Partial<Record<CarriedField, string>> {
  const raw = Object.fromEntries(
    BOOKING_CARD_FIELDS.map((field) => [field, search.get(field) ?? undefined]),
  );
  const parsed = carriedStaySchema.parse(raw);
  const checkIn = parsed.checkIn && parsed.checkIn >= today ? parsed.checkIn : undefined;
  const checkOut =
    parsed.checkOut && parsed.checkOut > today && (!checkIn || parsed.checkOut > checkIn)
      ? parsed.checkOut
      : undefined;
  const asked: Partial<Record<CarriedField, string>> = {};
  if (unit !== "departure" && checkIn) asked.checkIn = checkIn;
  if (unit === "night" && checkOut) asked.checkOut = checkOut;
  if (unit === "month") {
    if (parsed.months !== undefined) asked.months = String(parsed.months);
    else if (checkIn && checkOut) asked.months = String(monthsCovering(checkIn, checkOut));
  }
  if (unit === "departure" && parsed.departureId !== undefined) {
    asked.departureId = String(parsed.departureId);
  }
  if (parsed.guests !== undefined) asked.guests = String(parsed.guests);
  return asked;
}
