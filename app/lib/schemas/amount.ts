import { z } from "zod";
import { parseAmount } from "../amount.ts";

/**
 * An amount of money in a form's text or a JSON number, read by the one strict parser
 * (`parseAmount`): out comes the amount in major units with at most `decimals` fraction digits
 * (a float only as exact as the input, which services turn into minor units). Anything else,
 * "10,5" or "1,000" included, is refused with `error`, under the field's own name.
 */
export function amountSchema({
  error,
  decimals = 2,
  min = 0,
  max,
  blankIs,
}: {
  error: string;
  decimals?: number;
  /** Inclusive, in major units; `gt` below refuses it exactly. */
  min?: number;
  max: number;
  /** What an empty text stands for (a fee nobody typed is 0); otherwise it is refused. */
  blankIs?: number;
}) {
  return z
    .union([z.number(), z.string()], { error })
    .transform((value, context) => {
      if (blankIs !== undefined && typeof value === "string" && value.trim() === "") return blankIs;
      const minor = parseAmount(value, decimals);
      if (minor === null) {
        context.addIssue({ code: "custom", message: error });
        return z.NEVER;
      }
      return minor / 10 ** decimals;
    })
    .pipe(z.number().min(min, error).max(max, error));
}
