import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { currencies, heroContent, platformSettings } from "../../app/db/schema/index.ts";
import { getPlatformStats } from "../../app/services/content/platform-stats.server.ts";
import {
  getHeroContent,
  getPublicSettings,
  invalidateSiteContent,
} from "../../app/services/content/settings.server.ts";
import {
  findCurrency,
  invalidateReferenceData,
  listCountries,
  listCurrencies,
} from "../../app/services/reference/reference.server.ts";
import { testEngine } from "../support/database.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The data every page reads (currencies, countries, site settings, the hero, the statistics) is
 * read from the database once, then from memory until whatever writes it invalidates it.
 */
describe(`reference data kept in memory on ${testEngine}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** How many queries `read` sends, counted on the real database handle. */
  async function queriesOf(read: () => Promise<unknown>): Promise<number> {
    const select = vi.spyOn(app.handle.db, "select");
    try {
      await read();
      return select.mock.calls.length;
    } finally {
      select.mockRestore();
    }
  }

  const everyPageRead = () =>
    Promise.all([
      listCurrencies(),
      listCountries(),
      findCurrency("KES"),
      getPublicSettings(),
      getHeroContent(),
      getPlatformStats(),
    ]);

  it("reads each once, then answers from memory", async () => {
    invalidateReferenceData();
    invalidateSiteContent();
    expect(await queriesOf(everyPageRead)).toBeGreaterThan(0);
    expect(await queriesOf(everyPageRead)).toBe(0);
    expect(await queriesOf(everyPageRead)).toBe(0);
  });

  it("shows a currency rate change as soon as the writer invalidates", async () => {
    const before = await findCurrency("KES");
    await app.handle.db
      .update(currencies)
      .set({ ratePerUsd: "777" })
      .where(eq(currencies.code, "KES"));
    invalidateReferenceData();
    expect(Number((await findCurrency("KES")).ratePerUsd)).toBe(777);
    await app.handle.db
      .update(currencies)
      .set({ ratePerUsd: before.ratePerUsd })
      .where(eq(currencies.code, "KES"));
    invalidateReferenceData();
  });

  it("shows a settings or hero change as soon as the writer invalidates", async () => {
    const hero = await getHeroContent();
    await app.handle.db.update(platformSettings).set({ siteName: "Gateway Africa Beta" });
    await app.handle.db.update(heroContent).set({ content: { ...hero, title: "A new title" } });
    invalidateSiteContent();
    expect((await getPublicSettings()).siteName).toBe("Gateway Africa Beta");
    expect((await getHeroContent()).title).toBe("A new title");
    expect(await queriesOf(getPublicSettings)).toBe(0);
  });

  it("keeps nothing of another database", async () => {
    await listCurrencies();
    const other = await startTestApp();
    try {
      const select = vi.spyOn(other.handle.db, "select");
      await listCurrencies();
      expect(select).toHaveBeenCalled();
      select.mockRestore();
    } finally {
      await other.close();
    }
  });
});
