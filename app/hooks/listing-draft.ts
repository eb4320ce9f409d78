import { coerceListingValues, type ListingFormValues } from "../lib/schemas/listing-form-values.ts";
import type { StoredImageRef } from "../lib/schemas/listing-view.ts";

/**
 * The add-listing draft in session storage (spec §4): the form's values and the keys of the
 * images already uploaded, never the files. Kept per account, so two people sharing a browser
 * tab never see each other's draft; cleared on submit and when an edit starts.
 */
export interface ListingDraft {
  values: ListingFormValues;
  images: StoredImageRef[];
}

const PREFIX = "gateway-africa:listing-draft:v1:";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off; the form then simply keeps no draft.
    return null;
  }
}

export function readDraft(userId: string): ListingDraft | null {
  const raw = storage()?.getItem(PREFIX + userId);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { values?: unknown; images?: unknown };
    const images = Array.isArray(parsed.images)
      ? parsed.images.filter(
          (i): i is StoredImageRef =>
            !!i &&
            typeof i === "object" &&
            typeof (i as StoredImageRef).key === "string" &&
            typeof (i as StoredImageRef).width === "number" &&
            typeof (i as StoredImageRef).height === "number",
        )
      : [];
    return { values: coerceListingValues(parsed.values), images };
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, draft: ListingDraft): void {
  try {
    storage()?.setItem(PREFIX + userId, JSON.stringify(draft));
  } catch {
    // Full or unavailable storage: the draft is a convenience, not a promise.
  }
}

export function clearDraft(userId: string): void {
  try {
    storage()?.removeItem(PREFIX + userId);
  } catch {
    // As above.
  }
}
