import { createApp } from "../../server/create-app.ts";
import { createDocumentHandler } from "./page-handler.ts";
import type { CookieJar, TestApp } from "./test-app.ts";

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  /** A URL-encoded form, as a browser posts it. */
  form?: Record<string, string> | [string, string][];
  /** A JSON body with its content type. */
  json?: unknown;
  /** Any other body, sent as given (the test sets the content type it wants). */
  body?: BodyInit;
  jar?: CookieJar;
  /** The client's address as the socket reports it (rate limits count per address). */
  ip?: string;
  /**
   * The Origin header of a browser's request: this site's by default on a write, like a form of
   * the site itself; null sends none (a client that is not a browser).
   */
  origin?: string | null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The whole server as a browser reaches it: the Hono chain of server/create-app.ts (security,
 * cross-origin check, /api/auth, /api/v1, media, then React Router over the real route modules),
 * on the test app's database, auth and mail. One request per call; redirects are not followed.
 */
export async function createServerApp(app: TestApp) {
  const hono = createApp({
    start: async () => undefined,
    handleDocument: await createDocumentHandler(),
  });

  return async function send(pathname: string, init: SendInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    let body: BodyInit | undefined = init.body;
    if (init.form) body = new URLSearchParams(init.form);
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const method = init.method ?? (body === undefined ? "GET" : "POST");
    if (init.origin !== null && !headers.has("origin") && !SAFE_METHODS.has(method)) {
      headers.set("origin", init.origin ?? app.config.appUrl);
    }
    if (init.jar) headers.set("cookie", init.jar.header());
    const url = /^https?:\/\//.test(pathname) ? pathname : `${app.config.appUrl}${pathname}`;
    const response = await hono.request(
      url,
      { method, headers, body },
      {
        incoming: { socket: { remoteAddress: init.ip ?? "10.0.0.1" } },
      },
    );
    init.jar?.store(response.headers.getSetCookie());
    return response;
  };
}

export type ServerApp = Awaited<ReturnType<typeof createServerApp>>;
