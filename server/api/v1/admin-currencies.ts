import { createRoute, z } from "@hono/zod-openapi";
import { currencyInputSchema, currencyRateInputSchema } from "../../../app/lib/schemas/currency.ts";
import {
  addCurrency,
  updateCurrencyRate,
} from "../../../app/services/reference/currency-admin.server.ts";
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
import { currency } from "./reference.ts";

/**
 * The administrator's currencies: add one, change a rate. The service validates the body (one
 * schema with the dashboard's forms), so the answers name the same problems in the same words.
 */
export const adminCurrencyRoutes = apiRouter();

const currencyInput = withOpenApi(currencyInputSchema, "CurrencyInput");
const rateInput = withOpenApi(currencyRateInputSchema, "CurrencyRateInput");

adminCurrencyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/currencies",
    security: sessionSecurity,
    summary: "Add a display currency (admin)",
    operationId: "addCurrency",
    middleware: [noStore, signedIn(), allowedTo("currency:manage"), jsonBody] as const,
    request: { body: jsonRequest(currencyInput) },
    responses: {
      201: jsonResponse(currency, "The currency as added"),
      400: errorResponse("VALIDATION_FAILED, with a message per field"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      409: errorResponse("CONFLICT: a currency with this code exists"),
    },
  }),
  async (c) =>
    c.json(await addCurrency({ actor: c.get("viewer"), input: c.req.valid("json") }), 201),
);

adminCurrencyRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/currencies/{code}",
    security: sessionSecurity,
    summary: "Change a currency's rate against the US dollar (admin)",
    operationId: "updateCurrencyRate",
    middleware: [noStore, signedIn(), allowedTo("currency:manage"), jsonBody] as const,
    request: {
      params: z.object({
        code: z.string().meta({ description: "The currency's code, e.g. KES." }),
      }),
      body: jsonRequest(rateInput),
    },
    responses: {
      200: jsonResponse(currency, "The currency with its new rate"),
      400: errorResponse("VALIDATION_FAILED"),
      401: errorResponse("UNAUTHENTICATED"),
      403: errorResponse("FORBIDDEN"),
      404: errorResponse("NOT_FOUND"),
    },
  }),
  async (c) =>
    c.json(
      await updateCurrencyRate({
        actor: c.get("viewer"),
        code: c.req.valid("param").code,
        input: c.req.valid("json"),
      }),
      200,
    ),
);
