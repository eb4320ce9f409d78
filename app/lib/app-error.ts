import type { MessageKey } from "../i18n/translate.ts";

/** Every failure a domain service reports on purpose, with its HTTP status. */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  LISTING_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Message keys per form field. */
export type FieldErrors = Record<string, MessageKey>;

/**
 * A failure a service reports on purpose. Its message is an i18n key, translated where it is
 * shown: a toast, a form's field errors, an error page or the API's error body.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  declare readonly message: MessageKey;
  /** Messages per field, for forms and the API. */
  readonly fieldErrors: FieldErrors | undefined;
  /** Values for the message's placeholders ("{from}"), for a refusal that names what it met. */
  readonly params: Record<string, string | number> | undefined;

  constructor(
    code: ErrorCode,
    message: MessageKey,
    fieldErrors?: FieldErrors,
    params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.params = params;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

/** A refusal for too many attempts: the API answers it with a `Retry-After` header. */
export class RateLimitError extends AppError {
  /** Seconds until the window that refused the call has ended. */
  readonly retryAfterSeconds: number;

  constructor(message: MessageKey, retryAfterSeconds: number) {
    super("RATE_LIMITED", message);
    this.name = "RateLimitError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
