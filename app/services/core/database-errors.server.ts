import { databaseErrorOf } from "../../db/transaction-retry.server.ts";

/**
 * The constraint a failed write broke (a unique index, an exclusion or a check), or undefined
 * for any other failure. Services turn their own constraints into refusals and rethrow the rest.
 * Constraint names are unique in the schema, so the name alone says what was refused.
 */
export function constraintOf(error: unknown): string | undefined {
  const { code, constraint } = databaseErrorOf(error);
  return code?.startsWith("23") ? constraint : undefined;
}
