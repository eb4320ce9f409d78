import type { Translate } from "../i18n/translator.ts";
import type { BookingUnit } from "./booking-values.ts";

/**
 * The words a booking's texts take from its unit (`bookings.units`): "before check-in" and "half
 * of the price of the stay" for a night, "before move-in" and "half of the rent" for a room,
 * "before departure" and "half of the tour price" for a tour.
 */
export function unitWords(t: Translate, unit: BookingUnit): { start: string; price: string } {
  return {
    start: t(`bookings.units.${unit}.startEvent`),
    price: t(`bookings.units.${unit}.price`),
  };
}
