import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER, createAuth, getAuth, setAuth } from "../../app/auth/auth.server.ts";
import { routeGoogleTokenExchange } from "../../app/auth/google-endpoints.server.ts";
import { inClientAddressScope } from "../../app/auth/rate-limit.server.ts";
import { loadViewer } from "../../app/auth/session.server.ts";
import { viewerContext } from "../../app/auth/viewer.ts";
import { parseConfig, setConfig, type Config } from "../../app/config.server.ts";
import { setDatabase, type DatabaseHandle } from "../../app/db/client.server.ts";
import { seedReferenceData } from "../../app/db/reference/reference-seed.server.ts";
import { createSmtpMailer, setMailer } from "../../app/email/mailer.server.ts";
import { createDiskStorage, setMediaStorage } from "../../app/storage/media-storage.server.ts";
import { openTestDatabase } from "./database.ts";
import { startSmtpSink } from "./smtp-sink.ts";

export const TEST_ADMIN_EMAIL = "admin@test.gateway-africa.test";

/** Cookies kept between requests, like a browser's for one site. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair] = header.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

/** What React Router hands a route's loader or action. */
interface DataArgs {
  request: Request;
  url: URL;
  pattern: string;
  context: RouterContextProvider;
  params: Record<string, string>;
}
type ActionModule = { action: (args: DataArgs) => unknown };
type LoaderModule = { loader: (args: DataArgs) => unknown };

/**
 * The server side of the app without the page build: real database (PGlite or PostgreSQL), real
 * better-auth, real SMTP to a sink, media on disk. Route actions and loaders are called with a
 * request and a context built the way server/app.ts builds them.
 */
export async function startTestApp(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gateway-test-"));
  const sink = await startSmtpSink();
  const config: Config = parseConfig({
    APP_URL: "http://localhost:3999",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    SMTP_URL: sink.url,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ...overrides,
  });
  setConfig(config);
  const handle: DatabaseHandle = await openTestDatabase();
  setDatabase(handle);
  await seedReferenceData(handle.db);
  setMediaStorage(createDiskStorage(path.join(dataDir, "media")));
  const mailer = createSmtpMailer(sink.url, config.mailFrom);
  setMailer(mailer);
  setAuth(createAuth({ config, db: handle.db, mailer }));
  if (config.google) routeGoogleTokenExchange(config.google);
  let ipCounter = 0;

  function request(
    pathname: string,
    init: {
      method?: string;
      form?: Record<string, string>;
      jar?: CookieJar;
      ip?: string;
      json?: unknown;
    } = {},
  ) {
    const headers = new Headers({
      [CLIENT_IP_HEADER]: init.ip ?? "10.0.0.1",
      origin: config.appUrl,
    });
    if (init.jar) headers.set("cookie", init.jar.header());
    let body: BodyInit | undefined;
    if (init.form) body = new URLSearchParams(init.form);
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return new Request(new URL(pathname, config.appUrl), {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
    });
  }

  async function contextFor(req: Request) {
    const context = new RouterContextProvider();
    context.set(viewerContext, await loadViewer(req.headers));
    return context;
  }

  /** Runs a route's action or loader; a thrown redirect is returned like a returned one. */
  async function run(fn: () => unknown, jar?: CookieJar): Promise<Response | unknown> {
    let result: unknown;
    try {
      result = await fn();
    } catch (thrown) {
      if (thrown instanceof Response) result = thrown;
      else throw thrown;
    }
    if (jar && result instanceof Response) jar.store(result.headers.getSetCookie());
    // data(value, { headers }) from a route: its cookies reach the browser too.
    const init = (result as { init?: { headers?: HeadersInit } } | null)?.init;
    if (jar && init?.headers) jar.store(new Headers(init.headers).getSetCookie());
    return result;
  }

  return {
    config,
    handle,
    sink,
    dataDir,
    request,
    /** A fresh client address, so rate limits of one test do not touch another. */
    nextIp: () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    async action(
      module: ActionModule,
      pathname: string,
      form: Record<string, string>,
      jar?: CookieJar,
      ip?: string,
    ) {
      const req = request(pathname, { form, jar, ip });
      const context = await contextFor(req);
      // The address a page's services count, as the server's chain sets it for a request.
      return inClientAddressScope(req.headers.get(CLIENT_IP_HEADER), () =>
        run(
          () =>
            module.action({
              request: req,
              url: new URL(req.url),
              pattern: pathname,
              context,
              params: {},
            }),
          jar,
        ),
      );
    },
    async loader(module: LoaderModule, pathname: string, jar?: CookieJar) {
      const req = request(pathname, { jar });
      const context = await contextFor(req);
      return run(
        () =>
          module.loader({
            request: req,
            url: new URL(req.url),
            pattern: pathname,
            context,
            params: {},
          }),
        jar,
      );
    },
    /** A request straight to better-auth's HTTP handler. */
    async auth(
      pathname: string,
      init: { method?: string; json?: unknown; jar?: CookieJar; ip?: string } = {},
    ) {
      const response = await getAuth().handler(request(`/api/auth${pathname}`, init));
      init.jar?.store(response.headers.getSetCookie());
      return response;
    },
    /** Follows a link from an e-mail (one request, no redirects followed). */
    async visit(url: string, jar?: CookieJar) {
      const target = new URL(url);
      const response = await getAuth().handler(request(target.pathname + target.search, { jar }));
      jar?.store(response.headers.getSetCookie());
      return response;
    },
    async viewer(jar: CookieJar) {
      return loadViewer(new Headers({ cookie: jar.header() }));
    },
    async close() {
      setDatabase(undefined);
      setAuth(undefined);
      await handle.close();
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Waits for the app to have sent a message to an address (SMTP is asynchronous). */
export async function waitForMail(app: TestApp, email: string, count = 1, timeoutMs = 5000) {
  const start = Date.now();
  for (;;) {
    const mails = app.sink.to(email);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() - start > timeoutMs)
      throw new Error(`No e-mail #${count} to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
