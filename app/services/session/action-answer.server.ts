import { data } from "react-router";
import { createTranslator } from "../../i18n/translate.ts";
import { AppError, type FieldErrors } from "../../lib/app-error.ts";

/**
 * How a page route answers a refusal it does not answer itself: an error page with the refusal's
 * status (404, 403, …), shown by the nearest error boundary without the error's own text.
 */
export function errorPage(error: AppError) {
  return data(null, { status: error.status, statusText: error.code });
}

/**
 * The one way a page route turns a service call into its answer. The call's result goes to
 * `success` (usually a redirect with a toast). A refusal (an `AppError`) becomes:
 * - with field errors and a `fieldErrors` answer: that answer (the form shown again, 400);
 * - with a `refused` answer: that answer, usually a redirect with a toast that says why nothing
 *   changed (`refusalText` puts the reason in words), so it shows with or without JavaScript;
 * - otherwise the error page of its status.
 * Any other error is a bug and goes to the 500 page.
 */
export async function answerAction<T, S, F = never, R = never>(
  run: () => Promise<T>,
  answers: {
    success: (value: T) => S | Promise<S>;
    fieldErrors?: (errors: FieldErrors, error: AppError) => F | Promise<F>;
    refused?: (error: AppError) => R | Promise<R>;
  },
): Promise<S | F | R> {
  let value: T;
  try {
    value = await run();
  } catch (thrown) {
    const error = refusal(thrown);
    if (error.fieldErrors && answers.fieldErrors)
      return answers.fieldErrors(error.fieldErrors, error);
    if (answers.refused) return answers.refused(error);
    throw errorPage(error);
  }
  return answers.success(value);
}

/** A loader's data, or the error page of the refusal's status (a missing row is a 404). */
export async function loadOrErrorPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (thrown) {
    throw errorPage(refusal(thrown));
  }
}

/** The refusal a service reported on purpose; anything else is thrown on, to the 500 page. */
function refusal(thrown: unknown): AppError {
  if (thrown instanceof AppError) return thrown;
  throw thrown;
}

/** A form shown again: the message key under each field and the values as sent (400). */
export function formRefusal<V>(fieldErrors: FieldErrors, values: V) {
  return data({ fieldErrors, values }, { status: 400 });
}

/** The status of a failed call: a refusal's own, 500 for anything else. */
export function failureStatus(error: unknown): number {
  return error instanceof AppError ? error.status : 500;
}

/** The refusal's message in the site's words, for a toast that says why nothing changed. */
export function refusalText(error: AppError): string {
  return createTranslator()(error.message, error.params);
}
