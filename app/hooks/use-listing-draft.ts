import { useEffect, useState } from "react";
import type { Category } from "../lib/listing-values.ts";
import type { ListingFormValues } from "../lib/schemas/listing-form-values.ts";
import type { StoredImageRef } from "../lib/schemas/listing-view.ts";
import { clearDraft, readDraft, writeDraft } from "./listing-draft.ts";

export type DraftState = "pending" | "none" | "restored";

/** Fields a blank form fills in by itself: a draft of only these holds nothing worth restoring. */
const PREFILLED = ["category", "listingType", "priceType", "contactMethod"];

/**
 * The add-listing draft (spec §4): restored once after hydration for a new listing, kept in
 * step with the form, dropped when an edit starts. Session storage exists only in the browser,
 * so the draft cannot be read during the first render.
 */
export function useListingDraft({
  userId,
  editing,
  answered,
  categories,
  known,
  values,
  images,
  onRestore,
}: {
  userId: string;
  /** Editing a listing: its own values win, and any draft is dropped. */
  editing: boolean;
  /** The server sent the form back (a refusal): its values win. */
  answered: boolean;
  categories: readonly Category[];
  /** The uploads the server still holds: a draft's other images are gone. */
  known: ReadonlyMap<string, StoredImageRef>;
  values: ListingFormValues;
  images: StoredImageRef[];
  /** The draft's values (without images, category checked) and its images still held. */
  onRestore: (values: ListingFormValues, images: StoredImageRef[]) => void;
}) {
  const [state, setState] = useState<DraftState>(editing || answered ? "none" : "pending");

  /* eslint-disable react-hooks/set-state-in-effect -- state from browser storage, after hydration */
  useEffect(() => {
    if (editing) {
      clearDraft(userId);
      return;
    }
    if (state !== "pending") return;
    const draft = readDraft(userId);
    const held = (draft?.images ?? []).filter((i) => known.has(i.key));
    const restorable =
      draft &&
      (held.length > 0 ||
        Object.entries(draft.values).some(
          ([field, value]) =>
            !PREFILLED.includes(field) && (Array.isArray(value) ? value.length > 0 : value !== ""),
        ));
    if (restorable) {
      const category =
        categories.length === 1
          ? categories[0]!
          : categories.includes(draft.values.category as Category)
            ? draft.values.category
            : "";
      onRestore({ ...draft.values, category, images: [] }, held);
    }
    setState(restorable ? "restored" : "none");
    // Runs once: the draft belongs to the page as it first loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /* eslint-enable react-hooks/set-state-in-effect */

  const imageKeys = images.map((i) => `${i.key}:${i.width}:${i.height}`).join(",");
  useEffect(() => {
    if (editing || state === "pending") return;
    writeDraft(userId, {
      values,
      images: images.map(({ key, width, height }) => ({ key, width, height })),
    });
    // images is summarised by imageKeys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, imageKeys, state, editing, userId]);

  return {
    state,
    /** The form was sent: the draft has done its job. */
    clear: () => clearDraft(userId),
    /** "Discard draft": storage emptied and the banner gone. */
    discard: () => {
      clearDraft(userId);
      setState("none");
    },
  };
}
