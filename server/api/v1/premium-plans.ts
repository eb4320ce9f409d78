import { createRoute, z } from "@hono/zod-openapi";
import {
  premiumPlanInputSchema,
  premiumPlanSchema,
} from "../../../app/lib/schemas/premium-plans.ts";
import { listPremiumPlans, updatePremiumPlan } from "../../../app/services/premium/plans.server.ts";
import {
  allowedTo,
  apiRouter,
  errorResponse,
  jsonBody,
  jsonRequest,
  jsonResponse,
  noStore,
  sessionSecurity,
  signedIn,
  withOpenApi,
} from "./router.ts";

/** The premium plans on sale, and the administrator's edits of them. */
export const premiumPlanRoutes = apiRouter();

const plan = withOpenApi(premiumPlanSchema, "PremiumPlan");
const planInput = withOpenApi(premiumPlanInputSchema, "PremiumPlanInput");

premiumPlanRoutes.openapi(
  createRoute({
    method: "get",
    path: "/premium-plans",
    summary: "The premium plans with their prices, durations, limits and entitlements",
    operationId: "listPremiumPlans",
    responses: {
      200: jsonResponse(z.object({ plans: z.array(plan) }), "Every plan, in the page's order"),
    },
  }),
  async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ plans: await listPremiumPlans() }, 200);
  },
);

premiumPlanRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/premium-plans/{planId}",
    security: sessionSecurity,
    summary: "Edit a premium plan (admin); marking it popular unmarks the others",
    operationId: "updatePremiumPlan",
    middleware: [noStore, signedIn(), allowedTo("premium:edit-plans"), jsonBody] as const,
    request: {
      params: z.object({
        planId: z.string().meta({ description: "The plan's id, e.g. premium." }),
      }),
      body: jsonRequest(planInput),
    },
    responses: {
      200: jsonResponse(plan, "The plan as saved"),
      400: errorResponse(
        "VALIDATION_FAILED, with a message per field (an entitlement outside the catalogue, or a bad parameter, under entitlements)",
      ),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) =>
    c.json(
      await updatePremiumPlan({
        actor: c.get("viewer"),
        planId: c.req.valid("param").planId,
        input: c.req.valid("json"),
      }),
      200,
    ),
);
