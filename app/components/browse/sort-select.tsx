import { Icon } from "../ui/icon.tsx";
import { useId } from "react";
import { Form } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { sortsFor, type BrowseParams } from "../../lib/schemas/browse.ts";
import { fieldClass } from "./filter-panel.tsx";
import { HiddenParams } from "./hidden-params.tsx";
import type { BrowseNavigation } from "../../hooks/use-browse-navigation.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";

/** The sort select; its own small GET form that keeps the filters (and starts at page 1). */
export function SortSelect({
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
      key={nav.formKey}
      onChange={(event) => nav.submitForm(event.currentTarget)}
      onSubmit={(event) => {
        event.preventDefault();
        nav.submitForm(event.currentTarget);
      }}
      className="flex items-center gap-2"
    >
      <HiddenParams search={search} omit={["sort", "page"]} />
      <label
        htmlFor={id}
        className="flex shrink-0 items-center gap-1.5 text-sm font-medium text-secondary"
      >
        <Icon name="arrow-up-down" className="size-4" />
        {t("browse.sort.label")}
      </label>
      <select
        id={id}
        name="sort"
        defaultValue={params.sort}
        className={cn(fieldClass, "w-auto min-w-44")}
      >
        {sortsFor(params.category, params.q).map((sort) => (
          <option key={sort} value={sort}>
            {t(`browse.sort.${sort}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonVariants({ variant: "outline", size: "md" })}>
          {t("browse.sort.apply")}
        </button>
      </noscript>
    </Form>
  );
}
