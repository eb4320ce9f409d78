import { asc } from "drizzle-orm";
import { countries, currencies } from "../../db/schema/index.ts";
import { USD, type DisplayCurrency } from "../../lib/money.ts";
import { memo } from "../cache/memo.server.ts";

export interface Country {
  code: string;
  name: string;
  slug: string;
  currencyCode: string;
}

/**
 * Currencies and countries change only through the admin, so they are read once and kept until
 * `invalidateReferenceData()` is called by whatever changes them.
 */
const referenceData = memo(async (db) => {
  const [currencyRows, countryRows] = await Promise.all([
    db
      .select({
        code: currencies.code,
        name: currencies.name,
        symbol: currencies.symbol,
        ratePerUsd: currencies.ratePerUsd,
        countryCode: currencies.countryCode,
        decimals: currencies.decimals,
      })
      .from(currencies)
      .orderBy(asc(currencies.code)),
    db
      .select({
        code: countries.code,
        name: countries.name,
        slug: countries.slug,
        currencyCode: countries.currencyCode,
      })
      .from(countries)
      .orderBy(asc(countries.name)),
  ]);
  // USD and GBP first, then the African currencies by name: the order people scan for.
  const pinned = ["USD", "GBP"];
  currencyRows.sort(
    (a, b) =>
      (pinned.indexOf(a.code) + 1 || 99) - (pinned.indexOf(b.code) + 1 || 99) ||
      a.name.localeCompare(b.name),
  );
  return { currencies: currencyRows, countries: countryRows };
});

export function invalidateReferenceData(): void {
  referenceData.invalidate();
}

export async function listCurrencies(): Promise<DisplayCurrency[]> {
  return (await referenceData.get()).currencies;
}

export async function listCountries(): Promise<Country[]> {
  return (await referenceData.get()).countries;
}

/** The currency with this code, or US dollars when the code is unknown. */
export async function findCurrency(code: string | null | undefined): Promise<DisplayCurrency> {
  const all = await listCurrencies();
  return (
    all.find((c) => c.code === code?.toUpperCase()) ?? all.find((c) => c.code === "USD") ?? USD
  );
}
