import path from "node:path";
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from "@playwright/test";
import { E2E } from "./e2e-env.ts";
import { EMBEDDED_ONLY } from "./embedded-only.ts";

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

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const OUTSIDE_A_SPEC = "(outside a spec)";

/** The spec file whose test or hook is running now, relative to the repository. */
function runningSpec(): string {
  try {
    return path.relative(repoRoot, base.info().file);
  } catch {
    return OUTSIDE_A_SPEC;
  }
}

/**
 * The requests sent to the shared test server that can write (any method but GET and HEAD), by
 * the spec that was running, from every browser context of the worker and their API request
 * contexts, hooks included: a spec in EMBEDDED_ONLY must send none.
 */
export class ServerWrites {
  private readonly bySpec = new Map<string, string[]>();
  private readonly watched = new WeakSet<object>();

  watchContext(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on("request", (request) => this.note(request.method(), request.url()));
    this.watchApi(context.request);
  }

  /** Every APIRequestContext method (get, post, put, patch, delete) goes through its fetch. */
  watchApi(api: APIRequestContext): void {
    if (this.watched.has(api)) return;
    this.watched.add(api);
    const fetch = api.fetch.bind(api);
    api.fetch = (urlOrRequest, options) => {
      const url = typeof urlOrRequest === "string" ? urlOrRequest : urlOrRequest.url();
      const method =
        options?.method ?? (typeof urlOrRequest === "string" ? "GET" : urlOrRequest.method());
      this.note(method, url);
      return fetch(urlOrRequest, options);
    };
  }

  /** The writes noted while `spec` ran, since the last time they were taken. */
  take(spec: string): string[] {
    const seen = this.bySpec.get(spec) ?? [];
    this.bySpec.delete(spec);
    return seen;
  }

  /** What listed specs wrote after their last test (in an afterAll hook). */
  leftByListedSpecs(): string[] {
    return [...this.bySpec]
      .filter(([spec]) => EMBEDDED_ONLY[spec] !== undefined)
      .flatMap(([spec, writes]) => writes.map((write) => `${spec}: ${write}`));
  }

  private note(method: string, url: string): void {
    const upper = method.toUpperCase();
    if (upper === "GET" || upper === "HEAD") return;
    // A relative address is the shared server's (the config's baseURL); a spec's own server
    // listens on another port.
    const target = new URL(url, E2E.baseUrl);
    const shared = ["localhost", "127.0.0.1"].includes(target.hostname);
    if (!shared || Number(target.port) !== E2E.port) return;
    const spec = runningSpec();
    this.bySpec.set(spec, [...(this.bySpec.get(spec) ?? []), `${upper} ${target.pathname}`]);
  }
}

const NO_WRITES = (spec: string) =>
  `${spec} runs on the embedded database only (tests/e2e/support/embedded-only.ts): it must send the shared server no write`;

export const test = base.extend<
  { allowedConsoleErrors: RegExp[]; pageErrors: PageErrors },
  { serverWrites: ServerWrites }
>({
  // Worker-wide, so that contexts opened in beforeAll and afterAll hooks are watched too.
  serverWrites: [
    async ({ browser }, provide) => {
      const writes = new ServerWrites();
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        writes.watchContext(context);
        return context;
      };
      try {
        await provide(writes);
      } finally {
        browser.newContext = newContext;
      }
      const left = writes.leftByListedSpecs();
      if (left.length > 0) throw new Error(`${NO_WRITES("A spec")}: ${left.join(", ")}`);
    },
    { scope: "worker", auto: true },
  ],
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async (
      { context, browser, request, serverWrites, allowedConsoleErrors },
      provide,
      testInfo,
    ) => {
      const errors = new PageErrors(allowedConsoleErrors);
      errors.watchContext(context);
      serverWrites.watchContext(context);
      serverWrites.watchApi(request);
      const restore = watchNewContexts(browser, errors);
      try {
        await provide(errors);
      } finally {
        restore();
      }
      expect(errors.unexpected(), "uncaught page errors or console errors").toEqual([]);
      const spec = path.relative(repoRoot, testInfo.file);
      if (EMBEDDED_ONLY[spec] !== undefined) {
        expect(serverWrites.take(spec), NO_WRITES(spec)).toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };
