import { z } from "zod";
import { ERROR_CODES } from "../app-error.ts";

/** Every error the JSON API answers: a code from the one list, its message, and per-field messages. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(["INTERNAL", ...Object.keys(ERROR_CODES)] as [string, ...string[]]),
    message: z.string(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Messages per field." }),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
