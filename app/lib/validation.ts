import type { z } from "zod";
import { isMessageKey, type MessageKey } from "../i18n/translate.ts";
import { AppError, type FieldErrors } from "./app-error.ts";

/**
 * The first message per field of a failed parse, keyed by the field's name, as the schema wrote
 * it. In the browser, where the whole catalogue is not at hand, the page checks each against its
 * own texts (`useIsMessageKey`).
 */
export function issueMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) messages[issue.path.join(".") || "form"] ??= issue.message;
  return messages;
}

/**
 * The first message per field of a failed parse, keyed by the field's name. The schemas' messages
 * are i18n keys; zod's own words (an issue no schema foresaw) become `fallback`.
 */
export function fieldErrorsOf(
  error: z.ZodError,
  fallback: MessageKey = "requests.unreadableForm",
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(issueMessages(error))) {
    errors[field] = isMessageKey(message) ? message : fallback;
  }
  return errors;
}

/**
 * A service's input as its schema parsed it, or a VALIDATION_FAILED refusal with a message per
 * top-level field (a list item's problem is its list's), so nothing is written.
 */
export function parsedOrRefused<T>(result: z.ZodSafeParseResult<T>, fallback: MessageKey): T {
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrorsOf(result.error, fallback))) {
    fields[path.split(".")[0]!] ??= message;
  }
  throw new AppError("VALIDATION_FAILED", Object.values(fields)[0] ?? fallback, fields);
}
