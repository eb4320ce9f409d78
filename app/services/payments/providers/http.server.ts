import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { ProviderError, type Fetch } from "./provider.server.ts";

/**
 * What the real providers' adapters share: a call to a provider's API answered with its validated
 * JSON or a ProviderError carrying the provider's own message, the reading of a signed webhook's
 * body, and the constant-time comparison their signature checks use.
 */

/** A provider that does not answer within this is treated as down (the caller retries later). */
const TIMEOUT_MS = 20_000;

export interface ProviderApi {
  /** The provider's name as messages show it ("Paystack"). */
  name: string;
  fetch: Fetch;
  /** Never shown in a message, even if the provider echoes it back. */
  secret: string;
  /** The provider's explanation in an error body, when it gives one. */
  errorMessage: (body: unknown) => string | undefined;
}

export interface ProviderCall<T> {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The shape of a successful answer; anything else is the provider's error. */
  schema: z.ZodType<T>;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`;
}

export async function callProvider<T>(api: ProviderApi, call: ProviderCall<T>): Promise<T> {
  const fail = (message: string, status?: number): ProviderError => {
    const full = `${api.name}: ${message}`;
    return new ProviderError(api.secret ? full.split(api.secret).join("[secret]") : full, status);
  };
  let response: Response;
  let text: string;
  try {
    response = await api.fetch(call.url, {
      method: call.method,
      headers: { accept: "application/json", ...call.headers },
      body: call.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    throw fail(`no answer (${error instanceof Error ? error.message : String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail(`answered ${response.status} with a body that is not JSON`, response.status);
  }
  if (!response.ok) {
    throw fail(api.errorMessage(json) ?? `answered ${response.status}`, response.status);
  }
  const parsed = call.schema.safeParse(json);
  if (!parsed.success) {
    throw fail(`unexpected answer (${firstIssue(parsed.error)})`, response.status);
  }
  return parsed.data;
}

/**
 * Part of a webhook whose signature was accepted, read against `schema`. One that is not what
 * the provider documents is its error (the webhook is answered 500 and retried), never applied.
 */
export function readSigned<T>(name: string, value: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ProviderError(`${name}: unexpected webhook (${firstIssue(parsed.error)})`);
  }
  return parsed.data;
}

export function readWebhookBody<T>(name: string, rawBody: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new ProviderError(`${name}: a signed webhook whose body is not JSON`);
  }
  return readSigned(name, json, schema);
}

/**
 * For providers that send no event id: what tells one event from another of its type, the id of
 * the object it is about, or else the hash of that object.
 */
export function webhookObjectId(data: unknown): string {
  const id = z.object({ id: z.union([z.number(), z.string()]) }).safeParse(data).data?.id;
  return id === undefined
    ? createHash("sha256").update(JSON.stringify(data)).digest("hex").slice(0, 32)
    : String(id);
}

/** Whether two secrets or signatures are equal, in a time that does not tell how much matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
