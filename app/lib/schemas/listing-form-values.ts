import { CATEGORIES, type Category } from "../listing-values.ts";
import {
  CATEGORY_RULES,
  fieldOptions,
  isListingListField,
  LISTING_FIELDS,
  LISTING_LIST_FIELDS,
  type ListingField,
  type ListingListField,
} from "./listing-categories.ts";

/**
 * The listing form's state: every field of the contract (./listing-categories.ts) as typed, text
 * for one value and lists for several. The form, its stored draft and a refused form sent back
 * by the action all hold exactly this.
 */
export type ListingFormValues = {
  [K in ListingField]: K extends ListingListField ? string[] : string;
};

export type TextField = Exclude<ListingField, ListingListField>;

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export const LIST_FIELDS: readonly ListingListField[] = LISTING_LIST_FIELDS;
export const TEXT_FIELDS = LISTING_FIELDS.filter(
  (field): field is TextField => !isListingListField(field),
);

/** Most entries a list may carry into the form: more than any list offers. */
const LIST_MAX = 100;

/** A blank form for a category (its first listing type and, where required, price type). */
export function emptyListingValues(category: Category | ""): ListingFormValues {
  const values = {} as ListingFormValues;
  for (const field of TEXT_FIELDS) values[field] = "";
  for (const field of LIST_FIELDS) values[field] = [];
  const rules = category ? CATEGORY_RULES[category] : null;
  values.category = category;
  values.listingType = rules?.listingTypes[0] ?? "";
  // A professional chooses their price structure; a stay or a room is priced per night, month….
  values.priceType =
    rules?.priceTypeRequired && category !== "professionals" ? (rules.priceTypes[0] ?? "") : "";
  values.contactMethod = "email";
  return values;
}

/** A change to the category keeps what still fits and picks the new category's defaults. */
export function withCategory(values: ListingFormValues, category: string): ListingFormValues {
  if (!isCategory(category)) return { ...values, category };
  const defaults = emptyListingValues(category);
  const keep = (field: "listingType" | "priceType") =>
    fieldOptions(category, field).includes(values[field]) ? values[field] : defaults[field];
  return { ...values, category, listingType: keep("listingType"), priceType: keep("priceType") };
}

/** The form's values from a submitted form (lists are repeated fields). */
export function listingValuesFromFormData(form: FormData): ListingFormValues {
  const values = emptyListingValues("");
  for (const field of TEXT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  for (const field of LIST_FIELDS) {
    values[field] = form
      .getAll(field)
      .filter((v): v is string => typeof v === "string" && v !== "");
  }
  return values;
}

/** Values from anything (JSON, a stored draft): unknown fields dropped, wrong types emptied. */
export function coerceListingValues(input: unknown): ListingFormValues {
  const values = emptyListingValues("");
  if (!input || typeof input !== "object") return values;
  const record = input as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    values[field] =
      typeof value === "string"
        ? value
        : typeof value === "number" && Number.isFinite(value)
          ? String(value)
          : "";
  }
  // JSON clients may send a price as cents under its stored name.
  if (
    values.price === "" &&
    typeof record.priceUsdCents === "number" &&
    record.priceUsdCents >= 0
  ) {
    values.price = (record.priceUsdCents / 100).toFixed(2);
  }
  for (const field of LIST_FIELDS) {
    const value = record[field];
    values[field] = Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string" && v !== "").slice(0, LIST_MAX)
      : [];
  }
  return values;
}
