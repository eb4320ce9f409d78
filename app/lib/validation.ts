import type { z } from "zod";
import { isMessageKey, type MessageKey } from "../i18n/translate.ts";
import type { FieldErrors } from "./app-error.ts";

/**
 * The first message per field of a failed parse, keyed by the field's name. The schemas' messages
 * are i18n keys; zod's own words (an issue no schema foresaw) become `fallback`.
 */
export function fieldErrorsOf(
  error: z.ZodError,
  fallback: MessageKey = "requests.unreadableForm",
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= isMessageKey(issue.message) ? issue.message : fallback;
  }
  return errors;
}
