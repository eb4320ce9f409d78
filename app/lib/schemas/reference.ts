import { z } from "zod";

/** A display currency as GET /api/v1/currencies answers it. */
export const currencySchema = z.object({
  code: z.string().length(3),
  name: z.string(),
  symbol: z.string(),
  ratePerUsd: z.string().meta({ description: "Units of this currency per US dollar." }),
  countryCode: z.string().length(2).nullable(),
  decimals: z.int(),
});

/** An African country as GET /api/v1/countries answers it. */
export const countrySchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  slug: z.string().meta({ description: "Lower-cased name: the value of the location filter." }),
  currencyCode: z.string().length(3),
});

/** GET /api/v1/health: whether the service and its database answer. */
export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unavailable"]),
});
