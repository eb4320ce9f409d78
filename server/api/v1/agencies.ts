import { createRoute, z } from "@hono/zod-openapi";
import { agencyPageSchema } from "../../../app/lib/schemas/agency-page.ts";
import { apiListingsQuerySchema } from "../../../app/lib/schemas/browse.ts";
import { HANDLE_MAX } from "../../../app/lib/schemas/public-profile.ts";
import { getAgencyPage } from "../../../app/services/profiles/agency-page.server.ts";
import { findCurrency } from "../../../app/services/reference/reference.server.ts";
import { strictBrowseParams } from "./browse-query.ts";
import { apiRouter, errorResponse, jsonResponse, queryParameters, withOpenApi } from "./router.ts";

/**
 * Agencies' public pages (/agencies/<handle>) as JSON: the same service as the page, with the
 * browse search's parameters for the agency's listings.
 */
export const agencyRoutes = apiRouter();

const agencyPage = withOpenApi(agencyPageSchema, "AgencyPage");

agencyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/agencies/{handle}",
    summary: "An agency's public page: team, listings, reviews, contact",
    description:
      "The handle is the agency's address, chosen when it was started. Listings are every published listing under the agency and take the search's parameters (section, filters, sort, page); a value that does not parse is refused with 400. The owner's property website and branding are in the answer while the owner's plan grants them; a paused team lists no members.",
    operationId: "getAgencyPage",
    request: {
      params: z.object({ handle: z.string().max(HANDLE_MAX * 2) }),
      query: queryParameters(apiListingsQuerySchema),
    },
    responses: {
      200: jsonResponse(agencyPage, "The agency's page"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
      404: errorResponse("NOT_FOUND: no agency has this handle"),
    },
  }),
  async (c) => {
    const params = strictBrowseParams(c.req.url);
    const currency = await findCurrency(c.req.valid("query").currency);
    const page = await getAgencyPage({
      handle: c.req.valid("param").handle,
      params,
      currency,
    });
    c.header("Cache-Control", "public, max-age=60");
    return c.json(page, 200);
  },
);
