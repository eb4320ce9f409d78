import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext, nonceContext } from "./lib/csp-nonce.ts";
import { isDatabaseUnavailable } from "./lib/database-unavailable.ts";
import { noteDatabaseFailure } from "./lib/database-unavailable-page.server.ts";
import { logger } from "./lib/logger.server.ts";

export const streamTimeout = 5_000;

/**
 * React Router's own document renderer but for one option. The pages wrap the sections below the
 * first screen in Suspense boundaries so that each hydrates in a short task of its own. React
 * would send a large finished boundary apart from the page and show it with a script
 * (`progressiveChunkSize`, 12.8 KB by default): without JavaScript, or for a crawler, that part
 * would stay hidden. Every boundary is sent in place instead.
 */
const IN_PLACE = Number.MAX_SAFE_INTEGER;

/**
 * Every error React Router catches on the server: logged (with the request's id), and a database
 * that could not be reached noted on the request, so the root answers 503 (see root.tsx).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  noteDatabaseFailure(error, context);
  // React Router's own refusals (an unknown route, a method not allowed) are answers, not faults.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status }, "A page refused the request.");
    return;
  }
  const cause = isRouteErrorResponse(error) && "error" in error ? error.error : error;
  if (isDatabaseUnavailable(cause)) {
    logger.warn({ err: cause }, "The database could not be reached.");
  } else {
    logger.error({ err: cause }, "A page failed.");
  }
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Aborted after streamTimeout, with time left to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // Every inline script of the page carries the request's nonce: React Router's (hydration
    // data, scroll restoration) through ServerRouter, React's own (streamed boundaries) here.
    const nonce = loadContext.get(nonceContext) ?? undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        progressiveChunkSize: IN_PLACE,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject, and React Router logs them.
          if (shellRendered) logger.error({ err: error }, "A page failed while streaming.");
        },
      },
    );
  });
}
