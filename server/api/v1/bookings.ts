import { createRoute, z } from "@hono/zod-openapi";
import {
  availabilityQuerySchema,
  availabilitySchema,
  bookingEventSchema,
  bookingListSchema,
  bookingRequestSchema,
  bookingSchema,
  cancelInputSchema,
  quoteQuerySchema,
  quoteSchema,
} from "../../../app/lib/schemas/bookings.ts";
import { createBooking } from "../../../app/services/bookings/booking-create.server.ts";
import { answerRequest } from "../../../app/services/bookings/booking-answer.server.ts";
import {
  cancelBooking,
  refundPreview,
} from "../../../app/services/bookings/booking-cancel.server.ts";
import { quoteBooking } from "../../../app/services/bookings/booking-quote.server.ts";
import {
  listAllBookings,
  listGuestBookings,
  listHostBookings,
  readBooking,
} from "../../../app/services/bookings/booking-read.server.ts";
import { listingAvailability } from "../../../app/services/bookings/calendar.server.ts";
import {
  bookingParams,
  listingParams,
  refusals,
  signedInCalls,
  windowQuery,
} from "./booking-parts.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  queryParameters,
  sessionSecurity,
  withOpenApi,
} from "./router.ts";

/**
 * Bookings: availability and quotes for anyone, booking and answering for signed-in people, every
 * booking for the administrator. A listing's calendar is in listing-calendar.ts, its imported
 * calendars in ical-feeds.ts. The services check the permission table and validate with the same
 * schemas as the pages.
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
const bookingRequest = withOpenApi(bookingRequestSchema, "BookingRequest");
const reasonInput = withOpenApi(cancelInputSchema, "BookingReason");

/** The form's and the API's fields arrive as query text; the service parses them. */
const quoteQuery = z.object(
  Object.fromEntries(
    Object.keys(quoteQuerySchema.shape).map((name) => [name, z.string().optional()]),
  ) as Record<keyof typeof quoteQuerySchema.shape, z.ZodOptional<z.ZodString>>,
);

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
