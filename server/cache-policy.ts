import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** Hashed build files: their URL changes whenever their bytes do. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Unhashed public files (favicon, manifest, flags): a day, then refreshed in the background. */
export const STATIC_FILE = "public, max-age=86400, stale-while-revalidate=604800";
/**
 * A public page or its data: revalidated with its ETag on every use (a 304 costs a few hundred
 * bytes on a slow line), and shown stale for a minute while that happens. `must-revalidate` is
 * left out on purpose: it would forbid the stale-while-revalidate window.
 */
export const PUBLIC_PAGE = "public, max-age=0, stale-while-revalidate=60";
/**
 * A listing's card or gallery image, whose watermark comes and goes with its owner's plan at the
 * same address: any cache may keep it, but asks with the ETag before each use (a 304 when the
 * variant is unchanged), so an upgrade or a plan's end shows at the next view.
 */
export const REVALIDATED_MEDIA = "public, no-cache";
/** Anything about one person, or that sets a cookie: no cache keeps it. */
export const PRIVATE = "private, no-store";

/** Pages about one person or a sign-in step, whoever asks for them. */
const PRIVATE_PATHS =
  /^\/(?:dashboard|admin-login|reset|update-password|confirm|role-selection|add-listing|favorites|auth|dev|verification-documents)(?:[/.]|$)/;

export interface PageAnswer {
  pathname: string;
  signedIn: boolean;
  response: Response;
  /** The page security policy's nonce, which the page's inline scripts carry. */
  nonce?: string | null;
}

/** The Cache-Control of a page, its `.data` request or a resource route. */
export function pageCacheControl({ pathname, signedIn, response }: PageAnswer): string {
  if (signedIn || response.headers.has("Set-Cookie") || PRIVATE_PATHS.test(pathname)) {
    return PRIVATE;
  }
  return response.headers.get("Cache-Control") ?? (response.ok ? PUBLIC_PAGE : PRIVATE);
}

/**
 * A page's answer with its cache policy. Pages depend on the cookies (session, currency), so
 * caches keep one copy per cookie; a public 200 gets an ETag and a matching `If-None-Match` a
 * 304 without a body.
 */
export async function withPageCaching(request: Request, answer: PageAnswer): Promise<Response> {
  const cacheControl = pageCacheControl(answer);
  const headers = new Headers(answer.response.headers);
  headers.set("Cache-Control", cacheControl);
  headers.set("Vary", "Cookie, Accept-Encoding");
  const response = new Response(answer.response.body, {
    status: answer.response.status,
    statusText: answer.response.statusText,
    headers,
  });
  return cacheControl === PRIVATE ? response : validated(request, response, answer.nonce);
}

/** What a 304 repeats of the answer it stands for (RFC 9110, 15.4.5). */
const NOT_MODIFIED_HEADERS = ["cache-control", "content-location", "etag", "expires", "vary"];

/** Public GET answers of /api/v1 carry an ETag as well; the others keep their own policy. */
export const validatePublicAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  if (!/^public\b/.test(c.res.headers.get("Cache-Control") ?? "")) return;
  c.res = await validated(c.req.raw, c.res);
  // Hono merges the replaced answer's headers into the new one: a 304 keeps only its own.
  if (c.res.status !== 304) return;
  for (const name of [...c.res.headers.keys()]) {
    if (!NOT_MODIFIED_HEADERS.includes(name)) c.res.headers.delete(name);
  }
};

/**
 * The ETag is a hash of the uncompressed body, weak because the bytes sent differ with the
 * encoding; `If-None-Match` is compared without the `W/` prefix. A page's nonce is left out of
 * the hash: it differs on every request, and the page the browser keeps works with its own (the
 * 304 carries no policy, see server/create-app.ts).
 */
async function validated(
  request: Request,
  response: Response,
  nonce?: string | null,
): Promise<Response> {
  if (request.method !== "GET" || response.status !== 200 || response.headers.has("ETag")) {
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const hashed = nonce ? new TextDecoder().decode(body).replaceAll(nonce, "") : body;
  const hash = `"${createHash("sha256").update(hashed).digest("base64url").slice(0, 27)}"`;
  const etag = `W/${hash}`;
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  const candidates: string[] = request.headers.get("If-None-Match")?.match(/"[^"]*"/g) ?? [];
  if (candidates.includes(hash)) {
    const kept = new Headers();
    for (const name of NOT_MODIFIED_HEADERS) {
      const value = headers.get(name);
      if (value !== null) kept.set(name, value);
    }
    return new Response(null, { status: 304, headers: kept });
  }
  return new Response(body, { status: 200, statusText: response.statusText, headers });
}
