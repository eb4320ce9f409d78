import { Icon } from "../ui/icon.tsx";
import { useId } from "react";
import { Form } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { BrowseParams } from "../../lib/schemas/browse.ts";
import { HiddenParams } from "./hidden-params.tsx";
import { isTypingField, type BrowseNavigation } from "../../hooks/use-browse-navigation.ts";
import { Input } from "../ui/input.tsx";

/** The keyword box of small screens (the sidebar has its own on large ones). */
export function MobileSearch({
  params,
  search,
  nav,
}: {
  params: BrowseParams;
  search: URLSearchParams;
  nav: BrowseNavigation;
}) {
  const t = useT();
  const id = useId();
  return (
    <Form
      method="get"
      role="search"
      key={nav.formKey}
      aria-label={t("browse.search.label")}
      onChange={(event) =>
        nav.submitForm(event.currentTarget, { debounce: isTypingField(event.target) })
      }
      onSubmit={(event) => {
        event.preventDefault();
        nav.submitForm(event.currentTarget);
      }}
      className="relative flex-1"
    >
      <HiddenParams search={search} omit={["q", "page"]} />
      <label htmlFor={id} className="sr-only">
        {t("browse.search.label")}
      </label>
      <Icon
        name="search"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-faint"
      />
      <Input
        id={id}
        type="search"
        name="q"
        defaultValue={params.q ?? ""}
        placeholder={t("browse.search.placeholder")}
        maxLength={100}
        enterKeyHint="search"
        className="pr-3 pl-9"
      />
    </Form>
  );
}
