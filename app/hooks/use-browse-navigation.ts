import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSubmit } from "react-router";

const TYPING_DELAY_MS = 450;

/** The non-empty fields of a form as query parameters: URLs stay short and shareable. */
export function formParams(form: HTMLFormElement): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") out.append(key, value.trim());
  }
  return out;
}

/** True for fields where people type: those wait for a pause before searching. */
export function isTypingField(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && ["text", "search", "number"].includes(target.type);
}

/**
 * Filter state lives in the URL. Forms navigate on change (text after a pause); `formKey`
 * changes when the URL changes from elsewhere (reset, back/forward, pagination), so the
 * uncontrolled fields are re-created with the URL's values, while a field being typed in keeps
 * its text and focus. Every search the forms sent and not yet shown is remembered, not only the
 * last: on a slow device an earlier search's results can arrive while a later value is being
 * typed, and they must not reset the form to the values of that earlier search.
 */
export function useBrowseNavigation() {
  const submit = useSubmit();
  const location = useLocation();
  /** The searches the forms sent, oldest first, whose results have not been shown yet. */
  const own = useRef<string[]>([]);
  const seen = useRef(location.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (location.search === seen.current) return;
    seen.current = location.search;
    const sent = own.current.indexOf(location.search);
    if (sent === -1) {
      own.current = [];
      setFormKey((k) => k + 1);
    } else {
      own.current = own.current.slice(sent + 1);
    }
  }, [location.search]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const navigateTo = useCallback(
    (search: URLSearchParams) => {
      clearTimeout(timer.current);
      const query = search.toString();
      own.current.push(query ? `?${query}` : "");
      void submit(search, {
        method: "get",
        action: location.pathname,
        preventScrollReset: true,
      });
    },
    [submit, location.pathname],
  );

  const submitForm = useCallback(
    (form: HTMLFormElement, options: { debounce?: boolean } = {}) => {
      clearTimeout(timer.current);
      const run = () => navigateTo(formParams(form));
      if (options.debounce) timer.current = setTimeout(run, TYPING_DELAY_MS);
      else run();
    },
    [navigateTo],
  );

  return { formKey, submitForm, navigateTo };
}

export type BrowseNavigation = ReturnType<typeof useBrowseNavigation>;
