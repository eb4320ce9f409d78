import { count } from "drizzle-orm";
import type { Database } from "../client.server.ts";
import { countries, currencies, heroContent, platformSettings } from "../schema/index.ts";
import {
  COUNTRIES,
  CURRENCIES,
  DEFAULT_HERO_CONTENT,
  DEFAULT_PLATFORM_SETTINGS,
} from "./reference-data.ts";

/**
 * Inserts whatever reference rows are missing and never touches existing ones, so it is safe
 * on every start-up: an admin's rate edits, hero text and settings survive. The optional
 * currencies (those no country uses, USD and GBP) come only with the very first seed, so a
 * currency the admin deleted stays deleted.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(currencies);
    const required = new Set(COUNTRIES.map((c) => c.currencyCode));
    const rows =
      (existing?.n ?? 0) === 0 ? CURRENCIES : CURRENCIES.filter((c) => required.has(c.code));
    await tx
      .insert(currencies)
      .values(rows.map((c) => ({ ...c })))
      .onConflictDoNothing();
    await tx
      .insert(countries)
      .values(COUNTRIES.map((c) => ({ ...c, slug: c.name.toLowerCase() })))
      .onConflictDoNothing();
    await tx
      .insert(heroContent)
      .values({ id: 1, content: DEFAULT_HERO_CONTENT })
      .onConflictDoNothing();
    await tx
      .insert(platformSettings)
      .values({ id: 1, ...DEFAULT_PLATFORM_SETTINGS })
      .onConflictDoNothing();
  });
}
