import { createRoute, z } from "@hono/zod-openapi";
import { availabilitySchema, bookingSettingsSchema } from "../../../app/lib/schemas/bookings.ts";
import {
  readBookingSettings,
  renewIcalToken,
  saveBookingSettings,
  stopBookings,
} from "../../../app/services/bookings/booking-settings.server.ts";
import {
  closeNights,
  listingCalendar,
  openNights,
  removeDeparture,
  saveDeparture,
} from "../../../app/services/bookings/calendar.server.ts";
import { readJsonBody } from "./body.ts";
import {
  listingParams,
  referencedBody,
  refusals,
  signedInCalls,
  windowQuery,
} from "./booking-parts.ts";
import {
  apiRouter,
  idParam,
  jsonResponse,
  limitedRoute,
  queryParameters,
  sessionSecurity,
  withOpenApi,
} from "./router.ts";

/**
 * A listing's calendar for its lister: how it takes bookings, its closed nights and its tour
 * departures. The services check that the caller runs the listing.
 */
export const listingCalendarRoutes = apiRouter();

const settings = withOpenApi(bookingSettingsSchema, "BookingSettings");

listingCalendarRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings/{listingId}/booking-settings",
    security: sessionSecurity,
    summary: "How my listing takes bookings (null while it takes none)",
    operationId: "getBookingSettings",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams },
    responses: { 200: jsonResponse(settings.nullable(), "The settings"), ...refusals },
  }),
  async (c) =>
    c.json(await readBookingSettings(c.get("viewer"), c.req.valid("param").listingId), 200),
);

listingCalendarRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "put",
    path: "/listings/{listingId}/booking-settings",
    security: sessionSecurity,
    summary: "Take bookings on my listing, or change how",
    operationId: "saveBookingSettings",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams, body: referencedBody("BookingSettingsInput") },
    responses: { 200: jsonResponse(settings, "The settings as saved"), ...refusals },
  }),
  async (c) =>
    c.json(
      await saveBookingSettings(
        c.get("viewer"),
        c.req.valid("param").listingId,
        await readJsonBody(c),
      ),
      200,
    ),
);

listingCalendarRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "delete",
    path: "/listings/{listingId}/booking-settings",
    security: sessionSecurity,
    summary: "Stop taking new bookings (those made stay)",
    operationId: "stopBookings",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams },
    responses: { 204: { description: "Stopped" }, ...refusals },
  }),
  async (c) => {
    await stopBookings(c.get("viewer"), c.req.valid("param").listingId);
    return c.body(null, 204);
  },
);

listingCalendarRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "post",
    path: "/listings/{listingId}/booking-settings/ical-token",
    security: sessionSecurity,
    summary: "A new secret iCal feed URL (the old one stops working)",
    operationId: "renewIcalToken",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams },
    responses: { 200: jsonResponse(settings, "The settings with the new feed path"), ...refusals },
  }),
  async (c) => c.json(await renewIcalToken(c.get("viewer"), c.req.valid("param").listingId), 200),
);

const calendarEntry = z.object({ from: z.string(), to: z.string() });

listingCalendarRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings/{listingId}/calendar",
    security: sessionSecurity,
    summary: "My listing's bookings, closed nights and departures over a window",
    operationId: "getListingCalendar",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams, query: queryParameters(windowQuery) },
    responses: {
      200: jsonResponse(
        z.object({
          listingId: z.int(),
          title: z.string(),
          unit: z.string(),
          from: z.string(),
          to: z.string(),
          blocks: z.array(
            calendarEntry.extend({
              id: z.int(),
              imported: z.boolean(),
              summary: z.string().nullable(),
            }),
          ),
          bookings: z.array(
            calendarEntry.extend({ id: z.int(), status: z.string(), guests: z.int() }),
          ),
          departures: availabilitySchema.shape.departures,
        }),
        "The window",
      ),
      ...refusals,
    },
  }),
  async (c) =>
    c.json(
      await listingCalendar(c.get("viewer"), c.req.valid("param").listingId, c.req.valid("query")),
      200,
    ),
);

for (const change of ["close", "open"] as const) {
  listingCalendarRoutes.openapi(
    limitedRoute("listingEdit", {
      method: "post",
      path: `/listings/{listingId}/calendar/${change}`,
      security: sessionSecurity,
      summary: change === "close" ? "Close nights [from, to)" : "Open nights [from, to) again",
      operationId: change === "close" ? "closeNights" : "openNights",
      middleware: [...signedInCalls] as const,
      request: { params: listingParams, body: referencedBody("CalendarRange") },
      responses: { 200: jsonResponse(calendarEntry, "The nights changed"), ...refusals },
    }),
    async (c) => {
      const run = change === "close" ? closeNights : openNights;
      const { from, to } = await run(
        c.get("viewer"),
        c.req.valid("param").listingId,
        await readJsonBody(c),
      );
      return c.json({ from, to }, 200);
    },
  );
}

listingCalendarRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "put",
    path: "/listings/{listingId}/departures",
    security: sessionSecurity,
    summary: "Add a tour departure, or change its seats",
    operationId: "saveDeparture",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams, body: referencedBody("DepartureInput") },
    responses: {
      200: jsonResponse(
        z.object({ id: z.int(), departsOn: z.string(), seats: z.int() }),
        "The departure",
      ),
      ...refusals,
    },
  }),
  async (c) =>
    c.json(
      await saveDeparture(c.get("viewer"), c.req.valid("param").listingId, await readJsonBody(c)),
      200,
    ),
);

listingCalendarRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "delete",
    path: "/listings/{listingId}/departures/{departureId}",
    security: sessionSecurity,
    summary: "Remove a departure without bookings",
    operationId: "removeDeparture",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams.extend({ departureId: idParam("departure") }) },
    responses: { 204: { description: "Removed" }, ...refusals },
  }),
  async (c) => {
    const { listingId, departureId } = c.req.valid("param");
    await removeDeparture(c.get("viewer"), listingId, departureId);
    return c.body(null, 204);
  },
);
