import { createRoute, z } from "@hono/zod-openapi";
import { apiListingsQuerySchema } from "../../../app/lib/schemas/browse.ts";
import { HANDLE_MAX, publicProfileSchema } from "../../../app/lib/schemas/public-profile.ts";
import { getPublicProfile } from "../../../app/services/profiles/public-profile.server.ts";
import { findCurrency } from "../../../app/services/reference/reference.server.ts";
import { strictBrowseParams } from "./browse-query.ts";
import { apiRouter, errorResponse, jsonResponse, queryParameters, withOpenApi } from "./router.ts";

/**
 * Public pages of agents and professionals (/agents/<handle>) as JSON: the same service as the
 * page, with the browse search's parameters for their listings. The property website and the
 * branding are in the answer only while the account's plan grants them.
 */
export const agentRoutes = apiRouter();

const agentProfile = withOpenApi(publicProfileSchema, "AgentProfile");

agentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/agents/{handle}",
    summary: "An agent's or professional's public page: profile, listings, reviews",
    description:
      "The handle is the page's address, made from the name or chosen with the property website perk. Listings take the search's parameters (section, filters, sort, page); a value that does not parse is refused with 400.",
    operationId: "getAgentProfile",
    request: {
      params: z.object({ handle: z.string().max(HANDLE_MAX * 2) }),
      query: queryParameters(apiListingsQuerySchema),
    },
    responses: {
      200: jsonResponse(agentProfile, "The public page"),
      400: errorResponse("VALIDATION_FAILED, with a message per parameter"),
      404: errorResponse("NOT_FOUND: nobody has this handle"),
    },
  }),
  async (c) => {
    const params = strictBrowseParams(c.req.url);
    const currency = await findCurrency(c.req.valid("query").currency);
    const profile = await getPublicProfile({
      handle: c.req.valid("param").handle,
      params,
      currency,
    });
    c.header("Cache-Control", "public, max-age=60");
    return c.json(profile, 200);
  },
);
