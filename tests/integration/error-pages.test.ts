import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTranslator } from "../../app/i18n/translate.ts";
import { AppError } from "../../app/lib/app-error.ts";
import { errorPage } from "../../app/services/session/action-answer.server.ts";
import { testEngine } from "../support/database.ts";
import { captureLog } from "../support/log-capture.ts";
import { createPageHandler, textOf, type PageHandler } from "../support/page-handler.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const t = createTranslator();
const SECRET = "relation listings_secret_column does not exist";

/** A page whose loader fails unexpectedly, and one whose service refuses with "not found". */
const brokenPage = {
  loader: () => {
    throw new Error(SECRET);
  },
  default: () => null,
};
const missingPage = {
  loader: () => {
    throw errorPage(new AppError("NOT_FOUND", "publish.toasts.notFoundDescription"));
  },
  default: () => null,
};

describe(`error pages on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;

  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app, [
      { id: "test-broken", parentId: "routes/site/layout", path: "broken", module: brokenPage },
      { id: "test-missing", parentId: "routes/site/layout", path: "missing", module: missingPage },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers a failing loader with the 500 page in the site's look, without the error's text", async () => {
    // The error is logged on the server, as it should be; it must not reach the page.
    const log = captureLog("error");
    const response = await page("/broken");
    expect(response.status).toBe(500);
    const html = await textOf(response);
    expect(html).toContain(t("layout.error.title"));
    expect(html).toContain(t("layout.error.description"));
    expect(html).toContain(t("layout.error.home"));
    // Inside the site layout: the header's navigation and the footer are still there.
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
    expect(html).not.toContain(SECRET);
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(log.lines().map((line) => line.level)).toContain("error");
  });

  it("answers a refusal as not found with the 404 page and its words", async () => {
    const response = await page("/missing");
    expect(response.status).toBe(404);
    const html = await textOf(response);
    expect(html).toContain(t("layout.error.notFoundTitle"));
    expect(html).toContain(t("layout.error.notFound"));
    expect(html).toContain("<header");
  });

  it("keeps the listing page's own not-found page", async () => {
    const response = await page("/listing/987654");
    expect(response.status).toBe(404);
    const html = await textOf(response);
    expect(html).toContain(t("detail.notFound.title"));
    expect(html).toContain(t("detail.notFound.description"));
  });

  it("still sends an unknown path home, as the spec says", async () => {
    const response = await page("/no-such-page");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
