import { AppError, type FieldErrors } from "../../app/lib/app-error.ts";

/** What a refused service call said: its code and message key, with its parameters or field errors when it has them. */
export interface Refusal {
  code: AppError["code"];
  message: AppError["message"];
  params?: Record<string, string | number>;
  fields?: FieldErrors;
}

/** The refusal `call` ends with; a call that succeeds, or fails with anything but a refusal, fails the test. */
export async function refusalOf(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      code: error.code,
      message: error.message,
      ...(error.params && { params: error.params }),
      ...(error.fieldErrors && { fields: error.fieldErrors }),
    };
  }
  throw new Error("The call was not refused");
}
