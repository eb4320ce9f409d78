import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** `column IN ('a', 'b')` from a constant list, for CHECK constraints. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;
}

/** `column <@ ARRAY['a', 'b']::text[]`: every element of an array column is one of the values. */
export function subsetOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} <@ ARRAY[${sql.raw(values.map((v) => `'${v}'`).join(", "))}]::text[]`;
}
