import { z } from "@hono/zod-openapi";
import {
  calendarRangeSchema,
  departureInputSchema,
  icalFeedInputSchema,
  bookingSettingsInputSchema,
} from "../../../app/lib/schemas/bookings.ts";
import {
  bodyReferences,
  errorResponse,
  idParam,
  noStore,
  signedIn,
  withOpenApi,
} from "./router.ts";

/** What the bookings, listing calendar and iCal feed routers share: parameters, refusals, bodies. */

const settingsInput = withOpenApi(bookingSettingsInputSchema, "BookingSettingsInput");
const rangeInput = withOpenApi(calendarRangeSchema, "CalendarRange");
const departureInput = withOpenApi(departureInputSchema, "DepartureInput");
const feedInput = withOpenApi(icalFeedInputSchema, "IcalFeedInput");

/**
 * The bodies of a listing's calendar writes are documented by reference and read by the handler
 * (`readJsonBody`): the service checks that the caller runs the listing before it validates, so a
 * stranger is refused (403) whatever they send, as the pages refuse them.
 */
export const bookingBodySchemas = {
  BookingSettingsInput: settingsInput,
  CalendarRange: rangeInput,
  DepartureInput: departureInput,
  IcalFeedInput: feedInput,
};
export const referencedBody = bodyReferences(bookingBodySchemas);

export const listingParams = z.object({ listingId: idParam("listing") });
export const bookingParams = z.object({ bookingId: idParam("booking") });
export const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN"),
  404: errorResponse("NOT_FOUND or LISTING_NOT_FOUND"),
  409: errorResponse("CONFLICT: the dates, seats or state do not allow it; the message says why"),
};
export const signedInCalls = [noStore, signedIn()] as const;

/** A calendar window: the service parses the month and the number of months. */
export const windowQuery = z.object({ from: z.string().optional(), months: z.string().optional() });
