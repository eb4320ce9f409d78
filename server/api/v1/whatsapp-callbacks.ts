import { createRoute, z } from "@hono/zod-openapi";
import {
  whatsappCallbackInputSchema,
  whatsappCallbackListSchema,
} from "../../../app/lib/schemas/whatsapp-callback.ts";
import {
  listReceivedWhatsappCallbacks,
  requestWhatsappCallback,
} from "../../../app/services/analytics/whatsapp-callbacks.server.ts";
import { readJsonBody } from "./body.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  idParam,
  jsonResponse,
  limitedRoute,
  noStore,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/**
 * WhatsApp leads (the listing owner's plan perk `whatsappLeads`): a visitor's call-back request
 * on a public listing, and the owner's list of them with click-to-chat links.
 */
export const whatsappCallbackRoutes = apiRouter();

const input = withOpenApi(whatsappCallbackInputSchema, "WhatsappCallbackInput");
const list = withOpenApi(whatsappCallbackListSchema, "WhatsappCallbacks");

whatsappCallbackRoutes.openapi(
  limitedRoute("whatsappCallback", {
    method: "post",
    path: "/listings/{listingId}/whatsapp-callbacks",
    summary: "Ask for a WhatsApp call-back about a public listing",
    description:
      "Anybody, visitors included, on a listing whose owner's plan grants WhatsApp leads: a name, a WhatsApp number in international form and explicit consent (`consent: true`). The owner is e-mailed with a click-to-chat link; the request counts as a `callback` lead. A listing whose owner's plan has no WhatsApp leads answers 403 and saves nothing. Limited per client address and per listing.",
    operationId: "requestWhatsappCallback",
    middleware: [noStore] as const,
    request: {
      params: z.object({ listingId: idParam("listing") }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/WhatsappCallbackInput" },
          },
        },
      },
    },
    responses: {
      201: jsonResponse(z.object({ requested: z.literal(true) }), "Requested: the owner has it"),
      400: errorResponse("VALIDATION_FAILED, with a message per field"),
      403: errorResponse("FORBIDDEN: this listing does not take WhatsApp call-back requests"),
      404: errorResponse("LISTING_NOT_FOUND: no such public listing"),
    },
  }),
  async (c) => {
    await requestWhatsappCallback(c.req.raw, c.req.valid("param").listingId, await readJsonBody(c));
    return c.json({ requested: true as const }, 201);
  },
);

whatsappCallbackRoutes.openapi(
  createRoute({
    method: "get",
    path: "/me/whatsapp-callbacks",
    security: sessionSecurity,
    summary: "WhatsApp call-back requests on my listings, newest first",
    operationId: "listWhatsappCallbacks",
    middleware: [noStore, signedIn(), allowedTo("lead:list-own")] as const,
    responses: {
      200: jsonResponse(list, "The latest 50, each with its https://wa.me link"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
    },
  }),
  async (c) => c.json({ callbacks: await listReceivedWhatsappCallbacks(c.get("viewer")) }, 200),
);

export const whatsappCallbackBodySchemas = { WhatsappCallbackInput: input };
