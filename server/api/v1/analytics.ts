import { createRoute, z } from "@hono/zod-openapi";
import {
  analyticsReportQuerySchema,
  leadReceiptSchema,
  leadReportSchema,
  revealedContactSchema,
} from "../../../app/lib/schemas/analytics.ts";
import { AppError } from "../../../app/lib/app-error.ts";
import { reportCsv, reportFileName } from "../../../app/services/analytics/analytics-csv.server.ts";
import { analyticsReport } from "../../../app/services/analytics/analytics-report.server.ts";
import { reportLayoutFor } from "../../../app/services/analytics/analytics-tier.server.ts";
import {
  downloadLeads,
  LEAD_DOWNLOAD_MAX,
  leadsCsv,
} from "../../../app/services/analytics/lead-download.server.ts";
import { followContact, recordVisitorLead } from "../../../app/services/analytics/leads.server.ts";
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
  refuseInvalid,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/** Leads reported by visitors' browsers, and the analytics report as a download. */
export const analyticsRoutes = apiRouter();

analyticsRoutes.openapi(
  limitedRoute("contactReveal", {
    method: "post",
    path: "/listings/{listingId}/contact",
    summary: "Reveal a public listing's phone number or e-mail address (recorded as a lead)",
    description:
      "The number is not in the listing's page or data: it is given here, on a visitor's click, and the click counts as a lead of the listing's contact method (once per visitor, listing and day).",
    operationId: "revealContact",
    middleware: [noStore] as const,
    request: { params: z.object({ listingId: idParam("listing") }) },
    responses: {
      200: jsonResponse(withOpenApi(revealedContactSchema, "RevealedContact"), "The contact"),
      404: errorResponse("LISTING_NOT_FOUND: no such public listing"),
      409: errorResponse("CONFLICT: the lister left no usable phone number"),
    },
  }),
  async (c) => {
    const follow = await followContact(c.req.raw, c.req.valid("param").listingId);
    if (follow.kind === "missing") {
      throw new AppError("CONFLICT", "detail.contact.missingDescription");
    }
    const { setCookie, kind: _kind, ...contact } = follow;
    if (setCookie) c.header("Set-Cookie", setCookie);
    return c.json(contact, 200);
  },
  refuseInvalid("dashboard.analytics.invalidKind"),
);

analyticsRoutes.openapi(
  limitedRoute("lead", {
    method: "post",
    path: "/listings/{listingId}/leads",
    summary: "Record a contact click or a share of a public listing",
    description:
      "Counted once per visitor (the `visitor` cookie, set here when missing), listing, kind and day; requests from bots are answered but not counted. The page sends it with `navigator.sendBeacon` as the visitor follows a tel: or mailto: link or shares.",
    operationId: "recordLead",
    middleware: [noStore, jsonBody] as const,
    request: {
      params: z.object({ listingId: idParam("listing") }),
      body: jsonRequest(withOpenApi(leadReportSchema, "LeadReport")),
    },
    responses: {
      200: jsonResponse(withOpenApi(leadReceiptSchema, "LeadReceipt"), "Received"),
      400: errorResponse("VALIDATION_FAILED: an unknown kind"),
      404: errorResponse("LISTING_NOT_FOUND: no such public listing"),
      415: errorResponse("UNSUPPORTED_MEDIA_TYPE"),
    },
  }),
  async (c) => {
    const { listingId } = c.req.valid("param");
    const { kind } = c.req.valid("json");
    const { counted, setCookie } = await recordVisitorLead(c.req.raw, listingId, kind);
    if (setCookie) c.header("Set-Cookie", setCookie);
    return c.json({ counted }, 200);
  },
  refuseInvalid("dashboard.analytics.invalidKind"),
);

analyticsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/analytics/report.csv",
    security: sessionSecurity,
    summary: "The analytics report as a CSV download",
    description:
      "The figures of the Analytics tab over the last 7, 30 or 90 days: one row per listing with activity (views, leads and leads by channel) or one row per day, and a total row. Publishers get their own listings, the administrator the whole platform. These are premium analytics (a plan's `analytics: premium`); without it, only the basic tier's 30-day views and leads in all are given (`days=30`, no `by`), and anything else is a 403 naming the cheapest plan that unlocks it.",
    operationId: "downloadAnalyticsReport",
    middleware: [noStore, signedIn(), allowedTo("analytics:view")] as const,
    request: { query: queryParameters(analyticsReportQuerySchema) },
    responses: {
      200: {
        description: "The CSV file (Content-Disposition: attachment)",
        content: { "text/csv": { schema: z.string() } },
      },
      400: errorResponse("VALIDATION_FAILED: days must be 7, 30 or 90; by listing or day"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse(
        "FORBIDDEN: not a publisher, or a premium range or layout without premium analytics",
      ),
    },
  }),
  async (c) => {
    const { days, by: asked } = c.req.valid("query");
    const viewer = c.get("viewer");
    const by = await reportLayoutFor(viewer, { days, by: asked });
    const report = await analyticsReport(
      viewer,
      by === "total" ? { days, listingLimit: 0 } : { days },
    );
    return c.body(reportCsv(report, by), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportFileName(report, by)}"`,
    });
  },
);

analyticsRoutes.openapi(
  limitedRoute("leadDownload", {
    method: "get",
    path: "/analytics/leads.csv",
    security: sessionSecurity,
    summary: "The people who contacted one's listings, as a CSV download",
    description: `Lead download (a plan's \`leadDownload\`): one row per conversation started on the caller's listings and per WhatsApp call-back request left on them, newest first and at most ${LEAD_DOWNLOAD_MAX}: when, by a message, a booking request, a quote request or a call-back request, the listing, the name the person shared and, for a call-back, the WhatsApp number they gave with their consent. Conversations share no e-mail address or phone number with listers, so none is in their rows. For the owner of an agency whose team runs, the team's listings' leads too, with a Member column naming who answers each. Cells a spreadsheet would read as a formula are prefixed with an apostrophe. Without the entitlement, a 403 naming the cheapest plan that unlocks it.`,
    operationId: "downloadLeads",
    middleware: [noStore, signedIn(), allowedTo("analytics:view")] as const,
    responses: {
      200: {
        description: "The CSV file (Content-Disposition: attachment)",
        content: { "text/csv": { schema: z.string() } },
      },
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN: not a publisher, or the plan has no lead download"),
    },
  }),
  async (c) => {
    const download = await downloadLeads(c.get("viewer"));
    return c.body(leadsCsv(download), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gateway-africa-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
    });
  },
);
