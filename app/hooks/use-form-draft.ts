import { useCallback } from "react";

/** How long a draft waits for its sender (signing up, confirming the e-mail) before it is dropped. */
export const FORM_DRAFT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const PREFIX = "gateway:form-draft:";

interface StoredDraft {
  savedAt: number;
  values: Record<string, string>;
}

/** The draft kept under `key`, or null when there is none, it expired or cannot be read. */
export function readFormDraft(
  storage: Storage,
  key: string,
  now = Date.now(),
): Record<string, string> | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(PREFIX + key) ?? "null");
  } catch {
    stored = null;
  }
  const draft = stored as StoredDraft | null;
  const valid =
    draft !== null &&
    typeof draft === "object" &&
    typeof draft.savedAt === "number" &&
    typeof draft.values === "object" &&
    draft.values !== null;
  if (!valid || now - draft.savedAt > FORM_DRAFT_DAYS * DAY_MS) {
    storage.removeItem(PREFIX + key);
    return null;
  }
  return Object.fromEntries(
    Object.entries(draft.values).filter((entry): entry is [string, string] => {
      return typeof entry[1] === "string";
    }),
  );
}

/** Keeps the values (an all-empty form drops the draft instead). */
export function writeFormDraft(
  storage: Storage,
  key: string,
  values: Record<string, string>,
  now = Date.now(),
): void {
  if (Object.values(values).every((value) => value === "")) {
    storage.removeItem(PREFIX + key);
    return;
  }
  storage.setItem(PREFIX + key, JSON.stringify({ savedAt: now, values } satisfies StoredDraft));
}

export function clearFormDraft(storage: Storage, key: string): void {
  storage.removeItem(PREFIX + key);
}

type DraftField = HTMLInputElement | HTMLTextAreaElement;

/** The fields a person types into: text areas and visible inputs with a name. */
function draftFields(form: HTMLFormElement): DraftField[] {
  return [...form.elements].filter(
    (element): element is DraftField =>
      (element instanceof HTMLTextAreaElement ||
        (element instanceof HTMLInputElement &&
          !["hidden", "password", "submit", "button", "radio", "checkbox", "file"].includes(
            element.type,
          ))) &&
      element.name !== "",
  );
}

/** Storage can be switched off (a private window, a policy): the form then just works without it. */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * What a person types into a form they may have to sign up before sending (a message to a lister,
 * a quote request, a booking's message), kept in the browser per form and listing until it is
 * sent, so it is still there when they come back from the confirmation e-mail. A ref for the
 * form: it fills the form's empty fields from the draft, keeps the draft in step with typing, and
 * drops it when a signed-in person sends the form.
 */
export function useFormDraft(key: string, signedIn: boolean) {
  return useCallback(
    (form: HTMLFormElement | null) => {
      const storage = form ? browserStorage() : null;
      if (!form || !storage) return;
      const draft = readFormDraft(storage, key);
      for (const field of draftFields(form)) {
        const value = draft?.[field.name];
        // What is already there (typed before hydration, or sent back by the server) wins.
        if (value && field.value === "") field.value = value;
      }
      const save = () =>
        writeFormDraft(
          storage,
          key,
          Object.fromEntries(draftFields(form).map((field) => [field.name, field.value])),
        );
      // A visitor's send opens the sign-in dialog: the draft waits for them.
      const submitted = () => (signedIn ? clearFormDraft(storage, key) : save());
      form.addEventListener("input", save);
      form.addEventListener("submit", submitted);
      return () => {
        form.removeEventListener("input", save);
        form.removeEventListener("submit", submitted);
      };
    },
    [key, signedIn],
  );
}
