import type { Context } from "hono";
import { AppError } from "../../../app/lib/app-error.ts";

/** Far above any listing or message the API takes (a description is at most 5,000 characters). */
const MAX_JSON_BYTES = 256 * 1024;

/**
 * The JSON body of a write, for every endpoint that takes one: the wrong content type is a 415,
 * a body too large a 413 and text that is not JSON a 400, each with its message, before any
 * handler looks at it. What the JSON says is then the handler's zod schema's to judge.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "requests.notJson");
  if (Number(c.req.header("content-length") ?? 0) > MAX_JSON_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", "requests.tooLarge");
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", "requests.tooLarge");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("VALIDATION_FAILED", "requests.invalidJson");
  }
}
