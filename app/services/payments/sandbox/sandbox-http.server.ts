import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";

/** The sandbox provider's HTTP plumbing: bodies read with a limit, JSON, redirects and pages. */

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const MAX_BODY_BYTES = 64 * 1024;

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  return issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "Body is not JSON");
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  response.end(JSON.stringify(body));
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, "cache-control": "no-store" });
  response.end();
}

/** Constant time, whatever the lengths: both sides are hashed to the same size first. */
export function sameSecret(given: string, secret: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}

/** `url` with the payment's outcome added to whatever query it already has. */
export function withOutcome(url: string, reference: string, status: string): string {
  const target = new URL(url);
  target.searchParams.set("reference", reference);
  target.searchParams.set("status", status);
  return target.href;
}

export function sendPage(
  response: ServerResponse,
  status: number,
  render: (nonce: string) => string,
  checkout?: { returnUrl: string; cancelUrl: string },
): void {
  const nonce = randomBytes(16).toString("base64");
  // Forms post here, and their answer redirects to the site: form-action must allow both.
  const formTargets = checkout
    ? [...new Set([new URL(checkout.returnUrl).origin, new URL(checkout.cancelUrl).origin])]
    : [];
  response.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `form-action 'self' ${formTargets.join(" ")}`.trim(),
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  });
  response.end(render(nonce));
}
