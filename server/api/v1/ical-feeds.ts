import { createRoute, z } from "@hono/zod-openapi";
import { addFeed, listFeeds, removeFeed } from "../../../app/services/bookings/ical.server.ts";
import { readJsonBody } from "./body.ts";
import { listingParams, referencedBody, refusals, signedInCalls } from "./booking-parts.ts";
import { apiRouter, idParam, jsonResponse, limitedRoute, sessionSecurity } from "./router.ts";

/** The calendars of other platforms a listing imports (iCal), for its lister. */
export const icalFeedRoutes = apiRouter();

const feed = z.object({
  id: z.int(),
  url: z.string(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

icalFeedRoutes.openapi(
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

icalFeedRoutes.openapi(
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

icalFeedRoutes.openapi(
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
