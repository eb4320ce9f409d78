import type { Category } from "../../../lib/listing-values.ts";
import { fieldOptions, type ListingField } from "../../../lib/schemas/listing-categories.ts";
import type { ListingListField } from "../../../lib/schemas/listing-categories.ts";
import type { ListingFormValues, TextField } from "../../../lib/schemas/listing-form-values.ts";
import type { Option } from "../form-controls.tsx";

/** A one-value control's props for a field: its name, value, change handler and message. */
export interface FieldBinding {
  name: TextField;
  value: string;
  onChange: (
    event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) => void;
  error: string | undefined;
}

/** What every section of the listing form gets from the form. */
export interface SectionProps {
  values: ListingFormValues;
  /** The chosen category, null until one is chosen. */
  category: Category | null;
  /** The chosen category's fields (./listing-categories.ts); none until one is chosen. */
  fields: ReadonlySet<string>;
  bind: (field: TextField) => FieldBinding;
  setList: (field: ListingListField, value: string[]) => void;
  error: (field: string) => string | undefined;
}

/** A field's options in the category, labelled. */
export function optionsOf<T extends string>(
  category: Category | null,
  field: ListingField,
  label: (value: T) => string,
): Option[] {
  if (!category) return [];
  return fieldOptions<T>(category, field).map((value) => ({ value, label: label(value) }));
}
