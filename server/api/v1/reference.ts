import { createRoute, z } from "@hono/zod-openapi";
import { countrySchema, currencySchema } from "../../../app/lib/schemas/reference.ts";
import { listCountries, listCurrencies } from "../../../app/services/reference/reference.server.ts";
import { apiRouter, jsonResponse, withOpenApi } from "./router.ts";

export const referenceRoutes = apiRouter();

/** The Currency component, also the answer of the admin's currency endpoints. */
export const currency = withOpenApi(currencySchema, "Currency");
const country = withOpenApi(countrySchema, "Country");

referenceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/currencies",
    summary: "Display currencies with their rates against the US dollar",
    operationId: "listCurrencies",
    responses: {
      200: jsonResponse(z.object({ currencies: z.array(currency) }), "Every currency"),
    },
  }),
  async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ currencies: await listCurrencies() }, 200);
  },
);

referenceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/countries",
    summary: "The 54 African countries",
    operationId: "listCountries",
    responses: {
      200: jsonResponse(z.object({ countries: z.array(country) }), "Every country"),
    },
  }),
  async (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.json({ countries: await listCountries() }, 200);
  },
);
