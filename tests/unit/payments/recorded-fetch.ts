import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { Fetch } from "../../../app/services/payments/providers/provider.server.ts";

/**
 * A stand-in for a provider's API in unit tests: it expects the adapter's requests in order,
 * checks each one's method and address, keeps it for the test to look at, and answers with a
 * body recorded from the provider's documentation.
 */

export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

export interface Exchange {
  method: "GET" | "POST";
  url: string;
  status?: number;
  /** A recorded answer (see `fixture`). */
  body: unknown;
}

export function recordedFetch(exchanges: Exchange[]): {
  fetch: Fetch;
  sent: SentRequest[];
} {
  const sent: SentRequest[] = [];
  const fetch: Fetch = async (input, init) => {
    const expected = exchanges[sent.length];
    const request: SentRequest = {
      method: init?.method ?? "GET",
      url: input,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? init.body : "",
    };
    sent.push(request);
    if (!expected) throw new Error(`Unexpected request: ${request.method} ${request.url}`);
    expect(`${request.method} ${request.url}`).toBe(`${expected.method} ${expected.url}`);
    return new Response(JSON.stringify(expected.body), {
      status: expected.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch, sent };
}

/** A fixture from fixtures/<provider>/<name>.json, fresh each time (tests may change it). */
export function fixture<T extends object = Record<string, unknown>>(
  provider: string,
  name: string,
): T {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/${provider}/${name}.json`, import.meta.url), "utf8"),
  ) as T;
}
