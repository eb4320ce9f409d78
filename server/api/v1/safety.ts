import { createRoute, z } from "@hono/zod-openapi";
import {
  blockedPersonSchema,
  blockStateSchema,
  dismissListingReportsSchema,
  filedReportSchema,
  listingReportSchema,
  listingReportsOutcomeSchema,
  notificationSettingsSchema,
  reportInputSchema,
  reportPageSchema,
  reportsQuerySchema,
  reportViewSchema,
  resolveReportSchema,
  takeDownListingSchema,
} from "../../../app/lib/schemas/safety.ts";
import {
  getNotificationSettings,
  updateNotificationSettings,
} from "../../../app/services/accounts/profile.server.ts";
import { blockUser, listBlocked, unblockUser } from "../../../app/services/safety/blocks.server.ts";
import { fileListingReport, fileReport } from "../../../app/services/safety/reports.server.ts";
import { listReports, resolveReport } from "../../../app/services/safety/report-queue.server.ts";
import {
  dismissListingReports,
  takeDownListing,
} from "../../../app/services/safety/listing-reports.server.ts";
import {
  allowedTo,
  apiRouter,
  idParam,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  limitedRoute,
  noStore,
  queryParameters,
  refuseInvalid,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * Safety: reporting to the administrators and their reports queue, blocking people, and the
 * notification settings. The services check the permission table and validate with the same
 * schemas as the pages.
 */
export const safetyRoutes = apiRouter();

const reportInput = withOpenApi(reportInputSchema, "ReportInput");
const filedReport = withOpenApi(filedReportSchema, "FiledReport");
const reportView = withOpenApi(reportViewSchema, "Report");
const reportPage = withOpenApi(reportPageSchema, "ReportPage");
const resolution = withOpenApi(resolveReportSchema, "ReportResolution");
const blockState = withOpenApi(blockStateSchema, "BlockState");
const blockedList = withOpenApi(
  z.object({ blocked: z.array(blockedPersonSchema) }),
  "BlockedPeople",
);
const notificationSettings = withOpenApi(notificationSettingsSchema, "NotificationSettings");
const listingReport = withOpenApi(listingReportSchema, "ListingReportInput");
const listingOutcome = withOpenApi(listingReportsOutcomeSchema, "ListingReportsOutcome");
const listingDismissal = withOpenApi(dismissListingReportsSchema, "ListingReportsDismissal");
const takeDown = withOpenApi(takeDownListingSchema, "ListingTakeDown");

/** A listing's number; anything else is no listing's (404). */
const listingParams = z.object({ listingId: idParam("listing") });

/** A report's number; anything else is no report's (404). */
const reportParams = z.object({
  reportId: idParam("report"),
});
/** A person's account id; the service answers 404 for one that names nobody. */
const userParams = z.object({
  userId: withOpenApi(z.string(), { type: "string", description: "A person's account id." }),
});

const refusals = {
  400: errorResponse("VALIDATION_FAILED, with a message per field"),
  401: errorResponse("UNAUTHENTICATED"),
  403: errorResponse("FORBIDDEN"),
  404: errorResponse("NOT_FOUND: no such report, person, review, or a conversation not yours"),
};
const signedInCalls = [noStore, signedIn()] as const;

safetyRoutes.openapi(
  limitedRoute("report", {
    method: "post",
    path: "/reports",
    security: sessionSecurity,
    summary: "Report a conversation, message, review or person to the administrators",
    description:
      "A conversation or message must be one the caller is part of, a review one shown on the site, a person someone else. While the caller's earlier report about the same thing is open, another is refused (409).",
    operationId: "fileReport",
    middleware: [...signedInCalls, allowedTo("report:file"), jsonBody] as const,
    request: { body: jsonRequest(reportInput) },
    responses: {
      201: jsonResponse(filedReport, "The report, open"),
      ...refusals,
      409: errorResponse("CONFLICT: already reported, and with the team"),
    },
  }),
  async (c) => c.json(await fileReport(c.get("viewer"), c.req.valid("json")), 201),
  refuseInvalid("safety.errors.invalidReport"),
);

safetyRoutes.openapi(
  limitedRoute("report", {
    method: "post",
    path: "/listings/{listingId}/reports",
    security: sessionSecurity,
    summary: "Report a listing to the administrators",
    description:
      "Reasons: scam, wrong_details, duplicate, taken, offensive, or other (with details). Only a listing shown on the site, not the caller's own (400). While the caller's earlier report about it is open, another is refused (409). When open reports from several people weigh the administrator's threshold (a new or unverified account counts half), the listing is hidden pending review and its owner is e-mailed why.",
    operationId: "reportListing",
    middleware: [...signedInCalls, allowedTo("listing:report"), jsonBody] as const,
    request: { params: listingParams, body: jsonRequest(listingReport) },
    responses: {
      201: jsonResponse(filedReport, "The report, open"),
      ...refusals,
      404: errorResponse("NOT_FOUND: no such listing shown on the site"),
      409: errorResponse("CONFLICT: already reported, and with the team"),
    },
  }),
  async (c) => {
    const { reason, details } = c.req.valid("json");
    const report = await fileListingReport(c.get("viewer"), {
      listingId: c.req.valid("param").listingId,
      reason,
      details,
    });
    return c.json(report, 201);
  },
  refuseInvalid("safety.errors.invalidReport"),
);

safetyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/listings/{listingId}/reports/dismiss",
    security: sessionSecurity,
    summary: "Dismiss a listing's open reports; public again if they hid it (admin, audited)",
    operationId: "dismissListingReports",
    middleware: [...signedInCalls, allowedTo("report:manage"), jsonBody] as const,
    request: { params: listingParams, body: jsonRequest(listingDismissal) },
    responses: {
      200: jsonResponse(listingOutcome, "The reports closed, and whether the listing is back"),
      ...refusals,
      404: errorResponse("LISTING_NOT_FOUND"),
      409: errorResponse("CONFLICT: the listing has no open report"),
    },
  }),
  async (c) => {
    const outcome = await dismissListingReports(c.get("viewer"), {
      listingId: c.req.valid("param").listingId,
      note: c.req.valid("json").note,
    });
    return c.json(outcome, 200);
  },
  refuseInvalid("safety.errors.noteTooLong"),
);

safetyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/listings/{listingId}/take-down",
    security: sessionSecurity,
    summary:
      "Take a reported listing down: rejected with a reason its owner reads (admin, audited)",
    description:
      "Resolves the listing's open reports with the reason as their note and e-mails the owner. Only a listing with an open report, approved or waiting for review (409 otherwise).",
    operationId: "takeDownListing",
    middleware: [...signedInCalls, allowedTo("listing:take-down"), jsonBody] as const,
    request: { params: listingParams, body: jsonRequest(takeDown) },
    responses: {
      200: jsonResponse(listingOutcome, "The listing, rejected"),
      ...refusals,
      404: errorResponse("LISTING_NOT_FOUND"),
      409: errorResponse("CONFLICT: no open report, or the listing is not approved or pending"),
    },
  }),
  async (c) => {
    const outcome = await takeDownListing(c.get("viewer"), {
      listingId: c.req.valid("param").listingId,
      reason: c.req.valid("json").reason,
    });
    return c.json(outcome, 200);
  },
  refuseInvalid("safety.errors.takeDownReasonRequired"),
);

safetyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/reports",
    security: sessionSecurity,
    summary: "The reports queue with each report's context, paged (admin)",
    operationId: "listReports",
    middleware: [...signedInCalls, allowedTo("report:manage")] as const,
    request: { query: queryParameters(reportsQuerySchema) },
    responses: {
      200: jsonResponse(reportPage, "One page, with the queue's open count"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => c.json(await listReports(c.get("viewer"), c.req.valid("query")), 200),
);

safetyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/reports/{reportId}/resolve",
    security: sessionSecurity,
    summary: "Close an open report as resolved or dismissed, with a note (admin, audited)",
    operationId: "resolveReport",
    middleware: [...signedInCalls, allowedTo("report:manage"), jsonBody] as const,
    request: { params: reportParams, body: jsonRequest(resolution) },
    responses: {
      200: jsonResponse(reportView, "The report, closed"),
      ...refusals,
      409: errorResponse("CONFLICT: the report was already closed"),
    },
  }),
  async (c) => {
    const { status, note } = c.req.valid("json");
    const report = await resolveReport(c.get("viewer"), {
      reportId: c.req.valid("param").reportId,
      status,
      note,
    });
    return c.json(report, 200);
  },
  refuseInvalid("safety.errors.statusRequired"),
);

safetyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/blocks",
    security: sessionSecurity,
    summary: "The people I blocked",
    operationId: "listBlocked",
    middleware: [...signedInCalls, allowedTo("block:manage")] as const,
    responses: { 200: jsonResponse(blockedList, "Most recent first"), ...refusals },
  }),
  async (c) => c.json({ blocked: await listBlocked(c.get("viewer")) }, 200),
);

for (const block of [true, false]) {
  safetyRoutes.openapi(
    limitedRoute("block", {
      method: block ? "put" : "delete",
      path: "/me/blocks/{userId}",
      security: sessionSecurity,
      summary: block ? "Block a person: neither of us can message the other" : "Unblock a person",
      description: "Doing it twice changes nothing. Nobody can block themselves (400).",
      operationId: block ? "blockUser" : "unblockUser",
      middleware: [...signedInCalls, allowedTo("block:manage")] as const,
      request: { params: userParams },
      responses: { 200: jsonResponse(blockState, block ? "Blocked" : "Unblocked"), ...refusals },
    }),
    async (c) => {
      const { userId } = c.req.valid("param");
      const viewer = c.get("viewer");
      return c.json(await (block ? blockUser(viewer, userId) : unblockUser(viewer, userId)), 200);
    },
  );
}

safetyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/notification-settings",
    security: sessionSecurity,
    summary: "Which e-mails I get",
    operationId: "getNotificationSettings",
    middleware: [...signedInCalls] as const,
    responses: {
      200: jsonResponse(notificationSettings, "The settings"),
      401: errorResponse("UNAUTHENTICATED"),
    },
  }),
  async (c) => c.json(await getNotificationSettings(c.get("viewer")), 200),
);

safetyRoutes.openapi(
  limitedRoute("accountSettings", {
    method: "put",
    path: "/me/notification-settings",
    security: sessionSecurity,
    summary: "Choose which e-mails I get",
    operationId: "updateNotificationSettings",
    middleware: [...signedInCalls, jsonBody] as const,
    request: { body: jsonRequest(notificationSettings) },
    responses: {
      200: jsonResponse(notificationSettings, "The settings as saved"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
    },
  }),
  async (c) => c.json(await updateNotificationSettings(c.get("viewer"), c.req.valid("json")), 200),
  refuseInvalid("safety.errors.settingsInvalid"),
);
