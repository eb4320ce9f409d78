import { AppError } from "../../../app/lib/app-error.ts";
import {
  invalidBrowseParams,
  parseBrowseParams,
  type BrowseParams,
} from "../../../app/lib/schemas/browse.ts";

/**
 * A public page's listing parameters from an API request (agents', agencies'): the schema
 * forgives, as the pages do; the API refuses what it would have dropped, naming each parameter.
 */
export function strictBrowseParams(url: string): BrowseParams {
  const query = new URL(url).searchParams;
  const invalid = invalidBrowseParams(query);
  if (invalid.length > 0) {
    throw new AppError(
      "VALIDATION_FAILED",
      "browse.api.invalidQuery",
      Object.fromEntries(invalid.map((name) => [name, "browse.api.invalidValue"])),
    );
  }
  return parseBrowseParams(query);
}
