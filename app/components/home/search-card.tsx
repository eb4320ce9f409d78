import { Icon } from "../ui/icon.tsx";
import { useId, useState } from "react";
import { Form } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { cn } from "../../lib/cn.ts";
import { HOME_PROPERTY_TYPES, SEARCH_TABS, type SearchTab } from "../../lib/home-search.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { buttonVariants } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";

const TAB_LABELS: Record<SearchTab, MessageKey> = {
  properties: "home.search.properties",
  professionals: "home.search.professionals",
  "student-housing": "home.search.studentHousing",
  services: "home.search.services",
};

const PROPERTY_TYPE_LABELS: Record<(typeof HOME_PROPERTY_TYPES)[number], MessageKey> = {
  apartment: "home.search.apartments",
  villa: "home.search.villas",
  townhouse: "home.search.townhouses",
};

/** The hero's search card; a GET form to /search, so it works before JavaScript loads too. */
export function SearchCard({ countries }: { countries: { name: string; slug: string }[] }) {
  const t = useT();
  const showToast = useToast();
  const [tab, setTab] = useState<SearchTab>("properties");
  const [deal, setDeal] = useState<"sale" | "rent">("sale");
  const [completion, setCompletion] = useState<"" | "ready" | "off-plan">("");
  const id = useId();
  const tabs = Object.keys(SEARCH_TABS) as SearchTab[];

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={t("home.search.label")}
      onSubmit={() =>
        showToast({ title: "home.search.searching", duration: 2000, untilNavigated: true })
      }
      className="w-full rounded-2xl bg-surface p-3 shadow-2xl ring-1 ring-black/5 sm:p-4"
    >
      <input type="hidden" name="tab" value={tab} />
      <div
        role="tablist"
        aria-label={t("home.search.tabs")}
        className="grid grid-cols-2 gap-1 pb-3 sm:flex"
      >
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            onClick={() => setTab(key)}
            className={cn(
              "rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors",
              tab === key ? "bg-primary text-white" : "text-muted hover:bg-surface-muted",
            )}
          >
            {t(TAB_LABELS[key])}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tab}`}
        className="space-y-3"
      >
        {tab === "properties" && (
          <fieldset className="flex w-fit rounded-lg bg-surface-muted p-1">
            <legend className="sr-only">{t("home.search.dealType")}</legend>
            {(["sale", "rent"] as const).map((value) => (
              <label
                key={value}
                className={cn(
                  "cursor-pointer rounded-md px-4 py-1.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-vivid",
                  deal === value ? "bg-surface text-primary-strong shadow-sm" : "text-muted",
                )}
              >
                <input
                  type="radio"
                  name="deal"
                  value={value}
                  checked={deal === value}
                  onChange={() => setDeal(value)}
                  className="sr-only"
                />
                {t(value === "sale" ? "home.search.buy" : "home.search.rent")}
              </label>
            ))}
          </fieldset>
        )}

        <div className="grid gap-3 sm:grid-cols-[1.6fr_1fr_1fr_auto]">
          <div>
            <label htmlFor={`${id}-q`} className="mb-1 block text-xs font-semibold text-muted">
              {t("home.search.keyword")}
            </label>
            <Input
              id={`${id}-q`}
              name="q"
              type="search"
              maxLength={100}
              placeholder={t("home.search.keywordPlaceholder")}
            />
          </div>
          {tab === "properties" ? (
            <div>
              <label htmlFor={`${id}-type`} className="mb-1 block text-xs font-semibold text-muted">
                {t("home.search.propertyType")}
              </label>
              <Select id={`${id}-type`} name="propertyType" defaultValue="">
                <option value="">{t("home.search.allTypes")}</option>
                {HOME_PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(PROPERTY_TYPE_LABELS[type])}
                  </option>
                ))}
              </Select>
            </div>
          ) : (
            <div className="hidden sm:block" />
          )}
          <div>
            <label
              htmlFor={`${id}-country`}
              className="mb-1 block text-xs font-semibold text-muted"
            >
              {t("home.search.country")}
            </label>
            <Select id={`${id}-country`} name="location" defaultValue="">
              <option value="">{t("home.search.allAfrica")}</option>
              {countries.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex items-end">
            <button
              type="submit"
              className={cn(
                buttonVariants({ variant: "accent", size: "lg" }),
                "w-full px-6 shadow-sm",
              )}
            >
              <Icon name="search" className="size-4" />
              {t("home.search.submit")}
            </button>
          </div>
        </div>

        {tab === "properties" && (
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">{t("home.search.completion")}</legend>
            {(
              [
                ["", "home.search.all"],
                ["ready", "home.search.ready"],
                ["off-plan", "home.search.offPlan"],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={cn(
                  "cursor-pointer rounded-full border px-3.5 py-1 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-vivid",
                  completion === value
                    ? "border-primary bg-primary-tint text-primary-strong"
                    : "border-line-strong text-muted hover:border-faint",
                )}
              >
                <input
                  type="radio"
                  name="completion"
                  value={value}
                  checked={completion === value}
                  onChange={() => setCompletion(value)}
                  className="sr-only"
                />
                {t(label)}
              </label>
            ))}
          </fieldset>
        )}
      </div>
    </Form>
  );
}
