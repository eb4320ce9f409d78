import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";

export const currencies = pgTable(
  "currencies",
  {
    code: varchar("code", { length: 3 }).primaryKey(),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    /** Units of this currency for 1 US dollar. */
    ratePerUsd: numeric("rate_per_usd", { precision: 20, scale: 6 }).notNull(),
    countryCode: varchar("country_code", { length: 2 }),
    /** Fraction digits shown when formatting; 0 where minor units are not used in practice. */
    decimals: smallint("decimals").notNull().default(2),
  },
  (t) => [
    check("currencies_code_check", sql`${t.code} ~ '^[A-Z]{3}$'`),
    check(
      "currencies_country_code_check",
      sql`${t.countryCode} IS NULL OR ${t.countryCode} ~ '^[A-Z]{2}$'`,
    ),
    check("currencies_rate_check", sql`${t.ratePerUsd} > 0`),
    check("currencies_decimals_check", sql`${t.decimals} BETWEEN 0 AND 3`),
    check("currencies_name_check", sql`length(trim(${t.name})) > 0`),
    check("currencies_symbol_check", sql`length(trim(${t.symbol})) > 0`),
  ],
);

export const countries = pgTable(
  "countries",
  {
    code: varchar("code", { length: 2 }).primaryKey(),
    name: text("name").notNull().unique(),
    /** The lower-cased name: the value the spec's location filters use. */
    slug: text("slug").notNull().unique(),
    currencyCode: varchar("currency_code", { length: 3 })
      .notNull()
      .references(() => currencies.code),
  },
  (t) => [
    check("countries_code_check", sql`${t.code} ~ '^[A-Z]{2}$'`),
    check("countries_slug_check", sql`${t.slug} = lower(${t.name})`),
    index("countries_currency_code_idx").on(t.currencyCode),
  ],
);
