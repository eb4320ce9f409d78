import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "../../app/db/schema/index.ts";
import { createTranslator } from "../../app/i18n/translate.ts";
import { getMediaStorage } from "../../app/storage/media-storage.server.ts";
import { seedDemoData } from "../../scripts/demo/demo-seed.ts";
import { testEngine } from "../support/database.ts";
import { createPageHandler, markupOf, textOf, type PageHandler } from "../support/page-handler.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();

/**
 * The sections that hydrate in Suspense boundaries of their own (the home page's, the footer, the
 * browse results and filters, a listing's description) are sent in place: a large finished
 * boundary sent apart would need a script to show, so a page without JavaScript or a crawler
 * would not see it.
 */
describe(`pages send every section in place on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  let listingId: number;

  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoData(app.handle.db, getMediaStorage());
    page = await createPageHandler(app);
    const [row] = await app.handle.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.status, "approved"), eq(listings.category, "real-estate")))
      .limit(1);
    if (!row) throw new Error("The demo data has no approved property.");
    listingId = row.id;
  }, 180_000);
  afterAll(async () => {
    await app.close();
  });

  it.each(["/", "/real-estate", "/hospitality", "listing"])("%s", async (path) => {
    const response = await page(path === "listing" ? `/listing/${listingId}` : path);
    expect(response.status).toBe(200);
    // A boundary sent apart arrives after the page, as a hidden segment that a script moves into
    // place (React Router streams its data so, in segments that hold only scripts): everything a
    // person reads must come before the first of them.
    const html = markupOf(await textOf(response));
    const markup = html.split(/<div hidden id="S:/)[0] ?? "";
    expect(markup).toContain(t("layout.footer.rights", { year: new Date().getFullYear() }));
    if (path === "/") expect(markup).toContain(t("home.cta.title"));
    if (path === "/real-estate" || path === "/hospitality") {
      expect(markup).toContain(t("browse.filters.apply"));
      expect(markup.match(/<article\b/g)?.length ?? 0).toBeGreaterThan(0);
    }
    if (path === "listing") expect(markup).toContain(t("detail.about.property"));
  });
});
