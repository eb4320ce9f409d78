import { Hono } from "hono";
import { listCountries, listCurrencies } from "../../../app/services/reference/reference.server.ts";

export const referenceRoutes = new Hono();

referenceRoutes.get("/currencies", async (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ currencies: await listCurrencies() });
});

referenceRoutes.get("/countries", async (c) => {
  c.header("Cache-Control", "public, max-age=3600");
  return c.json({ countries: await listCountries() });
});
