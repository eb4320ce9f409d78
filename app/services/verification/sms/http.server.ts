import type { z } from "zod";
import { SmsError, type Fetch } from "./provider.server.ts";

/**
 * A form-encoded POST to a gateway answered with its validated JSON, or an SmsError carrying the
 * gateway's own explanation. A person waits on the page while the code is sent, so a gateway that
 * does not answer fails within seconds rather than holding the request.
 */
export const SMS_TIMEOUT_MS = 10_000;

export interface SmsApi {
  name: string;
  fetch: Fetch;
  /** Never shown in a message, even if the gateway echoes it back. */
  secret: string;
  /** The gateway's explanation in an error body, when it gives one. */
  errorMessage: (body: unknown) => string | undefined;
  timeoutMs?: number;
}

export async function postForm<T>(
  api: SmsApi,
  call: {
    url: string;
    headers: Record<string, string>;
    form: Record<string, string>;
    schema: z.ZodType<T>;
  },
): Promise<T> {
  const fail = (message: string, status?: number): SmsError => {
    const full = `${api.name}: ${message}`;
    return new SmsError(api.secret ? full.split(api.secret).join("[secret]") : full, status);
  };
  let response: Response;
  let text: string;
  try {
    response = await api.fetch(call.url, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
        ...call.headers,
      },
      body: new URLSearchParams(call.form).toString(),
      signal: AbortSignal.timeout(api.timeoutMs ?? SMS_TIMEOUT_MS),
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
    const issue = parsed.error.issues[0];
    throw fail(
      `unexpected answer (${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"})`,
      response.status,
    );
  }
  return parsed.data;
}
