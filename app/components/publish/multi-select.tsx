import { Search, X } from "lucide-react";
import { useId, useState } from "react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { Input, labelClass } from "../ui/input.tsx";
import type { Option } from "./form-controls.tsx";

/**
 * A searchable multi-select built from plain parts: a labelled search box filters a list of
 * labelled checkboxes, and the chosen values show as removable chips above it. The chosen values
 * are sent as hidden fields, so filtering never drops one from the form.
 */
export function MultiSelect({
  legend,
  searchLabel,
  name,
  options,
  values,
  onChange,
  error,
}: {
  legend: string;
  searchLabel: string;
  name: string;
  options: readonly Option[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? options.filter(
        (o) => o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle),
      )
    : options;
  const chosen = options.filter((o) => values.includes(o.value));

  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...values, value] : values.filter((v) => v !== value));

  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={[`${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
    >
      <legend className={labelClass}>{legend}</legend>
      {values.map((value) => (
        <input key={value} type="hidden" name={name} value={value} />
      ))}
      <p id={`${id}-count`} className="mb-2 text-xs text-subtle" aria-live="polite">
        {t("publish.fields.selectedCount", { count: values.length })}
      </p>
      {chosen.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-1.5">
          {chosen.map((option) => (
            <li key={option.value}>
              <button
                type="button"
                onClick={() => toggle(option.value, false)}
                aria-label={t("publish.fields.removeChoice", { label: option.label })}
                className="inline-flex h-8 items-center gap-1 rounded-full bg-primary-tint pr-2 pl-3 text-sm font-medium text-primary-strong ring-1 ring-primary-pale hover:bg-primary-soft"
              >
                {option.label}
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-search`} className="sr-only">
        {searchLabel}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-faint"
        />
        <Input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter filters; it must not submit the whole listing.
            if (event.key === "Enter") event.preventDefault();
          }}
          placeholder={t("publish.fields.searchPlaceholder")}
          aria-controls={`${id}-list`}
          autoComplete="off"
          className="pl-9"
        />
      </div>
      <div
        id={`${id}-list`}
        role="group"
        aria-label={legend}
        className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-line p-1"
      >
        {shown.length === 0 ? (
          <p className="px-3 py-3 text-sm text-subtle">
            {t("publish.fields.noMatches", { query: query.trim() })}
          </p>
        ) : (
          <ul className="grid gap-0.5 sm:grid-cols-2">
            {shown.map((option) => {
              const checked = values.includes(option.value);
              return (
                <li key={option.value}>
                  <label
                    className={cn(
                      "flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm",
                      checked
                        ? "bg-primary-tint text-primary-deep"
                        : "text-secondary hover:bg-canvas",
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggle(option.value, event.currentTarget.checked)}
                      className="size-4 shrink-0 accent-primary"
                    />
                    {option.label}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
