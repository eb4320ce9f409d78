import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../support/database.ts";
import { makeListing, makeUser } from "../support/factories.ts";
import { createPageHandler, type PageHandler } from "../support/page-handler.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const MARKUP = '</script><script>alert("x")</script><img src=x onerror=alert(1)>';

/**
 * What a lister writes is shown as text: their title, description and address never become markup
 * on the listing's page (its HTML, its hydration data or its structured data), and their video is
 * an embed this site builds from the video's id.
 */
describe(`a listing's own words on its page, on ${testEngine}`, () => {
  let app: TestApp;
  let page: PageHandler;
  beforeAll(async () => {
    app = await startTestApp();
    page = await createPageHandler(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("renders the lister's text as text and only an allowed video embed", async () => {
    const owner = await makeUser({ role: "agent" });
    const { id } = await makeListing({
      owner,
      title: `Flat ${MARKUP}`,
      description: `Lovely. ${MARKUP}`,
      address: MARKUP,
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=%22%3E%3Cscript%3E",
    });
    const response = await page(`/listing/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Lovely.");
    expect(html).not.toContain("<script>alert");
    // Escaped where it is shown (&lt;) and in the hydration data (\u003c) alike.
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("Lovely. &lt;/script&gt;&lt;script&gt;");
    // Every script element the page has is one of the app's own, the lister's text inside none.
    for (const [, body] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(body).not.toContain('alert("x")');
    }
    expect(html).toContain("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(html).not.toContain("%22%3E%3Cscript");
  });
});
