import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from "@playwright/test";

/**
 * The map's tiles come from OpenStreetMap, which this machine cannot reach: the browser logs
 * each failed tile. A test that opens a map allows exactly these.
 */
export const OFFLINE_MAP_TILES = /tile\.openstreetmap\.org/;

/**
 * The console error Chrome logs for a request a test makes fail on purpose: the address whose path
 * is `path` (its query aside, e.g. "/reset.data" for a refused form) answered with `failure`, an
 * HTTP status or a network error such as "net::ERR_INTERNET_DISCONNECTED".
 */
export function failedRequest(path: string, failure: number | `net::${string}`): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const reason =
    typeof failure === "number"
      ? `the server responded with a status of ${failure} `
      : `${escape(failure)}$`;
  return new RegExp(
    `^console error from https?://[^/\\s]+${escape(path)}(\\?\\S*)?: Failed to load resource: ${reason}`,
  );
}

/**
 * Every uncaught page error and console error of a test, from the default context and from
 * each context the test opens itself. A test fails on any of them unless it names the ones it
 * provokes on purpose, so a broken page cannot pass a test that only looks at the happy text.
 */
export class PageErrors {
  private readonly seen: string[] = [];
  private readonly allowed: RegExp[];
  private readonly watched = new WeakSet<Page>();

  constructor(allowed: readonly RegExp[]) {
    this.allowed = [...allowed];
  }

  /** Errors this test provokes on purpose (a refused form's 400, a page that must be gone). */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on("page", (page) => this.watchPage(page));
  }

  unexpected(): string[] {
    return this.seen.filter((text) => !this.allowed.some((pattern) => pattern.test(text)));
  }

  private watchPage(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on("pageerror", (error) =>
      this.seen.push(`page error on ${page.url()}: ${error.message}`),
    );
    page.on("console", (message) => {
      if (message.type() === "error") this.seen.push(consoleText(message));
    });
  }
}

function consoleText(message: ConsoleMessage): string {
  const source = message.location().url;
  return `console error${source ? ` from ${source}` : ""}: ${message.text()}`;
}

/** Makes every context the test opens through `browser` report to `errors`, until restored. */
function watchNewContexts(browser: Browser, errors: PageErrors): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const context = await newContext.apply(browser, args);
    errors.watchContext(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<{ allowedConsoleErrors: RegExp[]; pageErrors: PageErrors }>({
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ context, browser, allowedConsoleErrors }, provide) => {
      const errors = new PageErrors(allowedConsoleErrors);
      errors.watchContext(context);
      const restore = watchNewContexts(browser, errors);
      try {
        await provide(errors);
      } finally {
        restore();
      }
      expect(errors.unexpected(), "uncaught page errors or console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
