import { count } from "drizzle-orm";
import type { LicenceProfession } from "../../lib/verification-values.ts";
import type { Database, DbTransaction } from "../client.server.ts";
import {
  countries,
  currencies,
  heroContent,
  licenceKinds,
  platformSettings,
} from "../schema/index.ts";
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
    await seedLicenceKinds(tx);
  });
}

/** The licence kinds the first start loads: the well-known registers, and a general fallback. */
const SEEDED: [string, LicenceProfession, string][] = [
  ["KE", "estate-agent", "EARB registration"],
  ["KE", "architect", "BORAQS registration"],
  ["KE", "quantity-surveyor", "BORAQS registration"],
  ["KE", "lawyer", "LSK practising certificate"],
  ["ZA", "estate-agent", "PPRA Fidelity Fund Certificate"],
  ["ZA", "architect", "SACAP registration"],
  ["ZA", "lawyer", "LPC enrolment"],
  ["NG", "estate-surveyor", "ESVARBON registration"],
  ["NG", "architect", "ARCON registration"],
  ["NG", "general", "CAC registration"],
];

/**
 * Loads the licence kinds into an empty table (the first start): the registers above and a
 * "Business registration" for every country. Never again, so the administrator's edits stay.
 */
async function seedLicenceKinds(db: Database | DbTransaction): Promise<void> {
  const [existing] = await db.select({ id: licenceKinds.id }).from(licenceKinds).limit(1);
  if (existing) return;
  const codes = await db.select({ code: countries.code }).from(countries);
  await db
    .insert(licenceKinds)
    .values([
      ...SEEDED.map(([countryCode, profession, name]) => ({ countryCode, profession, name })),
      ...codes.map(({ code }) => ({
        countryCode: code,
        profession: "general" as const,
        name: "Business registration",
      })),
    ])
    .onConflictDoNothing();
}
