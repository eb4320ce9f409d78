import type { z } from "zod";
import { createTranslator } from "../../i18n/translate.ts";

/** A form without files: its text fields, with a lot of room. Forms with files say their own. */
export const MAX_FORM_BYTES = 1024 * 1024;

/** A refusal of the request itself, in words (pages show the same words in their error screen). */
function refusal(status: 400 | 405 | 413): Response {
  const t = createTranslator();
  return new Response(t(status === 413 ? "requests.formTooLarge" : "requests.unreadableForm"), {
    status,
    statusText:
      status === 400 ? "Bad Request" : status === 405 ? "Method Not Allowed" : "Content Too Large",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...(status === 405 ? { Allow: "GET, POST" } : {}),
    },
  });
}

/**
 * The request's body, read until `maxBytes` and no further: a larger one is refused (413) as
 * soon as the limit is passed, whether it declared its length or is sent in chunks, so no
 * request holds more than the limit in memory.
 */
async function boundedBody(request: Request, maxBytes: number): Promise<Blob> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw refusal(413);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (!request.body) return new Blob(chunks);
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw refusal(413);
    }
    chunks.push(value);
  }
  return new Blob(chunks);
}

/**
 * The form a page's action was sent, read in this one place for every action. Browsers post
 * forms URL-encoded or as multipart; another method is a 405, a body over `maxBytes` a 413, and
 * a body that is no such form (JSON, plain text, multipart without its boundary or cut short) a
 * 400, so the action never fails on it and the person is told what happened instead of
 * "Something went wrong".
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  if (request.method !== "POST") throw refusal(405);
  const body = await boundedBody(request, maxBytes).catch((error: unknown) => {
    throw error instanceof Response ? error : refusal(400);
  });
  try {
    return await new Response(body, {
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw refusal(400);
  }
}

/**
 * The text fields of a form named by the keys of a schema's object, as the service parses them:
 * an action that reads its form this way passes on every field the schema has, and a field the
 * form did not send stays absent (so the schema's default applies), not "".
 */
export function formFields<Shape extends z.ZodRawShape>(
  form: FormData,
  schema: z.ZodObject<Shape>,
): Partial<Record<keyof Shape & string, string>> {
  const fields: Partial<Record<keyof Shape & string, string>> = {};
  for (const name of Object.keys(schema.shape) as (keyof Shape & string)[]) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}
