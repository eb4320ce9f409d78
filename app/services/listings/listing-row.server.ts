import { getTableColumns } from "drizzle-orm";
import { listings } from "../../db/schema/index.ts";
import { centsToPriceText } from "../../lib/schemas/listing-fields.ts";
import {
  emptyListingValues,
  LIST_FIELDS,
  TEXT_FIELDS,
  type ListingFormValues,
} from "../../lib/schemas/listing-form-values.ts";
import type { ListingInput } from "../../lib/schemas/listing.ts";

/**
 * Between the listing contract (app/lib/schemas/listing-*.ts) and the `listings` table: the
 * columns a view selects are the ones its schema names, a parsed listing is written as it is,
 * and a stored row goes back into the form as text. A field named alike in the schema and the
 * table needs nothing here; only the price changes (dollars as typed, cents as stored).
 */

type ListingColumns = typeof listings._.columns;
type ListingRow = typeof listings.$inferSelect;

const COLUMNS: ListingColumns = getTableColumns(listings);

/** The `listings` columns named by the keys of a view schema's shape (others are joined). */
export function listingColumnsFor<Shape extends Record<string, unknown>>(
  shape: Shape,
): Pick<ListingColumns, Extract<keyof Shape, keyof ListingColumns>> {
  const picked: Partial<Record<keyof ListingColumns, unknown>> = {};
  for (const key of Object.keys(shape)) {
    if (key in COLUMNS) picked[key as keyof ListingColumns] = COLUMNS[key as keyof ListingColumns];
  }
  return picked as Pick<ListingColumns, Extract<keyof Shape, keyof ListingColumns>>;
}

/** A parsed listing as `listings` columns: every field but its images (their own table). */
export function listingRowValues(listing: ListingInput) {
  const { images: _images, ...fields } = listing;
  return fields;
}

/** A stored listing as the form edits it. */
export function listingFormValues(row: ListingRow, imageKeys: string[]): ListingFormValues {
  const values = emptyListingValues("");
  for (const field of TEXT_FIELDS) {
    const value = field === "price" ? centsToPriceText(row.priceUsdCents) : row[field];
    values[field] = value === null ? "" : String(value);
  }
  for (const field of LIST_FIELDS) values[field] = field === "images" ? imageKeys : row[field];
  return values;
}
