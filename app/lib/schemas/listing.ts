import { z } from "zod";
import type { MessageKey } from "../../i18n/translate.ts";
import { CONTACT_METHODS, type Category } from "../listing-values.ts";
import { publishableCategories } from "../permissions.ts";
import type { Role } from "../roles.ts";
import type { Toast } from "../toast.ts";
import { listingBaseSchema, listingBodySchema, type ListingInput } from "./listing-categories.ts";
import { isListingErrorCode, type ListingErrorCode } from "./listing-fields.ts";
import { coerceListingValues, type ListingFormValues } from "./listing-form-values.ts";

/**
 * The listing contract for one person, shared by the browser (checks before sending), the
 * /add-listing action, the REST API and the listings service: the categories' schemas
 * (./listing-categories.ts) plus the rules that depend on who publishes. Messages are i18n keys
 * (app/i18n/en/publish.ts).
 */

export { CATEGORY_RULES, listingBodySchema, type ListingInput } from "./listing-categories.ts";
export { emptyListingValues, type ListingFormValues } from "./listing-form-values.ts";
export { listingDetailSchema, listingSummarySchema } from "./listing-view.ts";
export type { ListingErrorCode } from "./listing-fields.ts";

/** Which categories a role may publish in: the permission table decides. */
export function categoriesFor(role: Role | null | undefined): readonly Category[] {
  return publishableCategories({ role });
}

export function listingErrorMessage(code: ListingErrorCode): MessageKey {
  return `publish.errors.${code}`;
}

export interface ListingSchemaOptions {
  /** The categories the person may publish in (see `categoriesFor`). */
  categories: readonly Category[];
  /** The phone number on the owner's profile: phone and WhatsApp contact need one somewhere. */
  profilePhone: string | null;
  /** The selectable country codes, when known (the service always checks against the table). */
  countryCodes?: readonly string[];
}

type Issues = {
  addIssue(issue: { code: "custom"; path: string[]; message: string; input: unknown }): void;
};

function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** The person's rules: a country of the list, and a phone somewhere for phone or WhatsApp. */
function personIssues(values: ListingFormValues, options: ListingSchemaOptions, ctx: Issues) {
  const countryCode = values.countryCode.trim().toUpperCase();
  if (
    /^[A-Z]{2}$/.test(countryCode) &&
    options.countryCodes &&
    !options.countryCodes.includes(countryCode)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["countryCode"],
      message: "choiceInvalid",
      input: values.countryCode,
    });
  }
  const method = values.contactMethod.trim() || "email";
  if (
    oneOf(CONTACT_METHODS, method) &&
    method !== "email" &&
    !values.contactPhone.trim() &&
    !options.profilePhone?.trim()
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["contactPhone"],
      message: "contactPhoneRequired",
      input: "",
    });
  }
}

/**
 * The listing schema for one person: the categories they may use (one category is theirs
 * whatever is sent) and whether their profile has a phone. Parses `ListingFormValues` (or
 * anything `coerceListingValues` accepts) into a `ListingInput`; every problem is an issue on
 * its field with an error code as its message.
 */
export function listingSchema(options: ListingSchemaOptions) {
  return z.unknown().transform((input, ctx): ListingInput => {
    const values = coerceListingValues(input);
    const only = options.categories.length === 1 ? options.categories[0] : undefined;
    const category = only ?? values.category.trim();
    const forward = (error: z.ZodError) => {
      for (const issue of error.issues) {
        ctx.addIssue({
          code: "custom",
          path: issue.path,
          message: issue.message,
          input: issue.input,
        });
      }
    };
    if (!oneOf(options.categories, category)) {
      ctx.addIssue({
        code: "custom",
        path: ["category"],
        message: category ? "choiceInvalid" : "categoryRequired",
        input: values.category,
      });
      // Without a category, the fields every listing has still get their messages.
      const base = listingBaseSchema.safeParse(values);
      if (!base.success) forward(base.error);
      personIssues(values, options, ctx);
      return z.NEVER;
    }
    const parsed = listingBodySchema.safeParse({ ...values, category });
    if (!parsed.success) forward(parsed.error);
    personIssues(values, options, ctx);
    return parsed.success ? parsed.data : z.NEVER;
  });
}

/** The first error code per field of a failed parse. */
export function listingFieldErrors(error: z.ZodError): Record<string, ListingErrorCode> {
  const errors: Record<string, ListingErrorCode> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    if (errors[field]) continue;
    errors[field] = isListingErrorCode(issue.message) ? issue.message : "choiceInvalid";
  }
  return errors;
}

/** Error codes → the messages shown under the fields. */
export function listingFieldMessages(
  codes: Record<string, ListingErrorCode>,
): Record<string, MessageKey> {
  const messages: Record<string, MessageKey> = {};
  for (const [field, code] of Object.entries(codes)) messages[field] = listingErrorMessage(code);
  return messages;
}

/** "Submission Failed" with the first problem; "Image Limit" when that is the problem. */
export function submissionFailedToast(first: MessageKey | undefined): Toast {
  if (first === listingErrorMessage("imageLimit")) return imageLimitToast();
  return {
    title: "publish.toasts.failed",
    description: first ?? "publish.toasts.failedDescription",
    variant: "destructive",
  };
}

export function imageLimitToast(): Toast {
  return {
    title: "publish.toasts.imageLimit",
    description: "publish.errors.imageLimit",
    variant: "destructive",
  };
}

/** What the /add-listing action answers when it refuses the form. */
export interface ListingFormResult {
  errors: Record<string, MessageKey>;
  toast: Toast;
  values: ListingFormValues;
}
