import { createRoute, z } from "@hono/zod-openapi";
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingEventSchema,
  bookingListSchema,
  bookingRequestSchema,
  bookingSchema,
  bookingSettingsInputSchema,
  bookingSettingsSchema,
  calendarRangeSchema,
  cancelInputSchema,
  departureInputSchema,
  icalFeedInputSchema,
  quoteQuerySchema,
  quoteSchema,
} from "../../../app/lib/schemas/bookings.ts";
import { createBooking } from "../../../app/services/bookings/booking-create.server.ts";
import {
  answerRequest,
  cancelBooking,
  refundPreview,
} from "../../../app/services/bookings/booking-lifecycle.server.ts";
import { quoteBooking } from "../../../app/services/bookings/booking-quote.server.ts";
import {
  listAllBookings,
  listGuestBookings,
  listHostBookings,
  readBooking,
} from "../../../app/services/bookings/booking-read.server.ts";
import {
  readBookingSettings,
  renewIcalToken,
  saveBookingSettings,
  stopBookings,
} from "../../../app/services/bookings/booking-settings.server.ts";
import {
  closeNights,
  listingAvailability,
  listingCalendar,
  openNights,
  removeDeparture,
  saveDeparture,
} from "../../../app/services/bookings/calendar.server.ts";
import { addFeed, listFeeds, removeFeed } from "../../../app/services/bookings/ical.server.ts";
import { readJsonBody } from "./body.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  idParam,
  noStore,
  queryParameters,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Bookings: availability and quotes for anyone, booking and answering for signed-in people, a
 * listing's calendar for its lister, every booking for the administrator. The services check the
 * permission table and validate with the same schemas as the pages.
 */
export const bookingRoutes = apiRouter();

const booking = withOpenApi(bookingSchema, "Booking");
const createdBooking = withOpenApi(
  bookingSchema.extend({
    checkoutUrl: z
      .string()
      .optional()
      .meta({ description: "For a listing paid online: the provider's checkout, to pay now." }),
  }),
  "CreatedBooking",
);
const bookingList = withOpenApi(bookingListSchema, "BookingList");
const quote = withOpenApi(quoteSchema, "Quote");
const availability = withOpenApi(availabilitySchema, "Availability");
const settings = withOpenApi(bookingSettingsSchema, "BookingSettings");
const bookingRequest = withOpenApi(bookingRequestSchema, "BookingRequest");
const settingsInput = withOpenApi(bookingSettingsInputSchema, "BookingSettingsInput");
const rangeInput = withOpenApi(calendarRangeSchema, "CalendarRange");
const departureInput = withOpenApi(departureInputSchema, "DepartureInput");
const feedInput = withOpenApi(icalFeedInputSchema, "IcalFeedInput");
const reasonInput = withOpenApi(cancelInputSchema, "BookingReason");

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
function referencedBody(name: keyof typeof bookingBodySchemas) {
  return {
    required: true,
    content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
  };
}

const listingParams = z.object({ listingId: idParam("listing") });
const bookingParams = z.object({ bookingId: idParam("booking") });
const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN"),
  404: errorResponse("NOT_FOUND or LISTING_NOT_FOUND"),
  409: errorResponse("CONFLICT: the dates, seats or state do not allow it; the message says why"),
};
const signedInCalls = [noStore, signedIn()] as const;

/** The form's and the API's fields arrive as query text; the service parses them. */
const quoteQuery = z.object(
  Object.fromEntries(
    Object.keys(quoteQuerySchema.shape).map((name) => [name, z.string().optional()]),
  ) as Record<keyof typeof quoteQuerySchema.shape, z.ZodOptional<z.ZodString>>,
);
const windowQuery = z.object({ from: z.string().optional(), months: z.string().optional() });

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings/{listingId}/availability",
    summary: "A listing's free and taken days, or a tour's departures",
    description: `Query: ${Object.keys(availabilityQuerySchema.shape).join(", ")} (from YYYY-MM-DD, 1–12 months).`,
    operationId: "getAvailability",
    request: { params: listingParams, query: queryParameters(windowQuery) },
    responses: { 200: jsonResponse(availability, "The calendar window"), ...refusals },
  }),
  async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(
      await listingAvailability(c.req.valid("param").listingId, c.req.valid("query")),
      200,
    );
  },
);

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings/{listingId}/quote",
    summary: "The price of a stay, months or seats, checked against the listing's rules",
    operationId: "quoteBooking",
    request: { params: listingParams, query: queryParameters(quoteQuery) },
    responses: { 200: jsonResponse(quote, "The price breakdown and the rules"), ...refusals },
  }),
  async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await quoteBooking(c.req.valid("param").listingId, c.req.valid("query")), 200);
  },
);

bookingRoutes.openapi(
  limitedRoute("booking", {
    method: "post",
    path: "/listings/{listingId}/bookings",
    security: sessionSecurity,
    summary: "Book: confirmed at once on instant book, otherwise a request for 24 hours",
    description:
      "On a listing paid online (in full or a deposit) the booking is `awaiting_payment`, holding its nights while the guest pays: send the guest's browser to `checkoutUrl`. The provider's webhook then confirms it or makes it a request; an unpaid checkout expires it.",
    operationId: "createBooking",
    middleware: [...signedInCalls, allowedTo("booking:create"), jsonBody] as const,
    request: { params: listingParams, body: jsonRequest(bookingRequest) },
    responses: {
      201: jsonResponse(createdBooking, "The booking or request"),
      ...refusals,
      409: errorResponse(
        "CONFLICT: the dates are taken (the message offers the nearest free dates of the same length, never another guest's), a rule of the listing refuses them, or the guest already holds as many unpaid or unanswered bookings, or unpaid nights at this listing, as one account may (decision record 005)",
      ),
      503: errorResponse(
        "SERVICE_UNAVAILABLE: the payment provider could not be reached, or the booking met others on the same nights too many times at once; try again",
      ),
    },
  }),
  async (c) =>
    c.json(
      await createBooking(c.get("viewer"), c.req.valid("param").listingId, c.req.valid("json")),
      201,
    ),
);

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/bookings",
    security: sessionSecurity,
    summary: "My bookings as a guest",
    operationId: "listMyBookings",
    middleware: [...signedInCalls, allowedTo("booking:list-own")] as const,
    responses: { 200: jsonResponse(bookingList, "Soonest first"), ...refusals },
  }),
  async (c) => c.json({ bookings: await listGuestBookings(c.get("viewer")) }, 200),
);

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/hosted-bookings",
    security: sessionSecurity,
    summary: "Bookings and requests of my listings",
    operationId: "listHostedBookings",
    middleware: [...signedInCalls, allowedTo("booking:list-hosted")] as const,
    responses: { 200: jsonResponse(bookingList, "Open requests first"), ...refusals },
  }),
  async (c) => c.json({ bookings: await listHostBookings(c.get("viewer")) }, 200),
);

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/bookings",
    security: sessionSecurity,
    summary: "Every booking on the platform (admin)",
    operationId: "listAllBookings",
    middleware: [...signedInCalls, allowedTo("booking:list-all")] as const,
    responses: { 200: jsonResponse(bookingList, "Newest first"), ...refusals },
  }),
  async (c) => c.json({ bookings: await listAllBookings(c.get("viewer")) }, 200),
);

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/bookings/{bookingId}",
    security: sessionSecurity,
    summary: "A booking and its history (its guest, its host or the admin)",
    operationId: "getBooking",
    middleware: [...signedInCalls] as const,
    request: { params: bookingParams },
    responses: {
      200: jsonResponse(
        z.object({ booking, events: z.array(bookingEventSchema) }),
        "The booking and every transition",
      ),
      ...refusals,
    },
  }),
  async (c) => c.json(await readBooking(c.get("viewer"), c.req.valid("param").bookingId), 200),
);

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/bookings/{bookingId}/refund",
    security: sessionSecurity,
    summary: "What cancelling now would refund",
    operationId: "previewRefund",
    middleware: [...signedInCalls] as const,
    request: { params: bookingParams },
    responses: {
      200: jsonResponse(
        z.object({
          bookingId: z.int(),
          refundUsdCents: z.int(),
          totalUsdCents: z.int(),
          paidUsdCents: z.int().nullable().meta({
            description: "Paid online; the refund is a share of it. Null: paid on arrival.",
          }),
        }),
        "The refund by the booking's policy",
      ),
      ...refusals,
    },
  }),
  async (c) => c.json(await refundPreview(c.get("viewer"), c.req.valid("param").bookingId), 200),
);

for (const decision of ["accept", "decline"] as const) {
  bookingRoutes.openapi(
    limitedRoute("bookingChange", {
      method: "post",
      path: `/bookings/{bookingId}/${decision}`,
      security: sessionSecurity,
      summary:
        decision === "accept" ? "Accept a request (its host)" : "Decline a request (its host)",
      operationId: decision === "accept" ? "acceptBooking" : "declineBooking",
      middleware: [...signedInCalls, jsonBody] as const,
      request: { params: bookingParams, body: jsonRequest(reasonInput) },
      responses: {
        200: jsonResponse(booking, "The booking as answered"),
        ...refusals,
        503: errorResponse(
          "SERVICE_UNAVAILABLE: the answer met other changes of the same booking too many times at once; try again",
        ),
      },
    }),
    async (c) =>
      c.json(
        await answerRequest(
          c.get("viewer"),
          c.req.valid("param").bookingId,
          decision,
          c.req.valid("json"),
        ),
        200,
      ),
  );
}

bookingRoutes.openapi(
  limitedRoute("bookingChange", {
    method: "post",
    path: "/bookings/{bookingId}/cancel",
    security: sessionSecurity,
    summary: "Cancel (the guest by policy, the host or the admin with a full refund)",
    operationId: "cancelBooking",
    middleware: [...signedInCalls, jsonBody] as const,
    request: { params: bookingParams, body: jsonRequest(reasonInput) },
    responses: { 200: jsonResponse(booking, "The cancelled booking and its refund"), ...refusals },
  }),
  async (c) =>
    c.json(
      await cancelBooking(c.get("viewer"), c.req.valid("param").bookingId, c.req.valid("json")),
      200,
    ),
);

bookingRoutes.openapi(
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

bookingRoutes.openapi(
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

bookingRoutes.openapi(
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

bookingRoutes.openapi(
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

bookingRoutes.openapi(
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
  bookingRoutes.openapi(
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

bookingRoutes.openapi(
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

bookingRoutes.openapi(
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

const feed = z.object({
  id: z.int(),
  url: z.string(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

bookingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/listings/{listingId}/ical-feeds",
    security: sessionSecurity,
    summary: "Calendars my listing imports",
    operationId: "listIcalFeeds",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams },
    responses: { 200: jsonResponse(z.object({ feeds: z.array(feed) }), "The feeds"), ...refusals },
  }),
  async (c) =>
    c.json({ feeds: await listFeeds(c.get("viewer"), c.req.valid("param").listingId) }, 200),
);

bookingRoutes.openapi(
  limitedRoute("calendarFeed", {
    method: "post",
    path: "/listings/{listingId}/ical-feeds",
    security: sessionSecurity,
    summary: "Import another platform's iCal calendar (read now, then every 3 hours)",
    operationId: "addIcalFeed",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams, body: referencedBody("IcalFeedInput") },
    responses: {
      201: jsonResponse(
        z.object({ id: z.int(), url: z.string(), nights: z.int() }),
        "The feed and how many closed ranges it brought",
      ),
      ...refusals,
    },
  }),
  async (c) =>
    c.json(
      await addFeed(c.get("viewer"), c.req.valid("param").listingId, await readJsonBody(c)),
      201,
    ),
);

bookingRoutes.openapi(
  limitedRoute("listingEdit", {
    method: "delete",
    path: "/listings/{listingId}/ical-feeds/{feedId}",
    security: sessionSecurity,
    summary: "Stop importing a calendar (its closed nights open again)",
    operationId: "removeIcalFeed",
    middleware: [...signedInCalls] as const,
    request: { params: listingParams.extend({ feedId: idParam("feed") }) },
    responses: { 204: { description: "Removed" }, ...refusals },
  }),
  async (c) => {
    const { listingId, feedId } = c.req.valid("param");
    await removeFeed(c.get("viewer"), listingId, feedId);
    return c.body(null, 204);
  },
);
