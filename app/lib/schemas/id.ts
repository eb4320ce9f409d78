import { z } from "zod";
import { parseId } from "../id.ts";

/** `parseId` as a schema, for forms, search parameters and request bodies. */
export const idSchema = z
  .union([z.int(), z.string()])
  .transform((raw, ctx) => {
    const id = parseId(raw);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "idInvalid", input: raw });
      return z.NEVER;
    }
    return id;
  })
  .meta({
    description: "A positive whole number up to 2147483647, as a number or as digits.",
    example: 42,
  });
