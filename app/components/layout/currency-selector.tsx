import { useFetcher, useLocation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import { cn } from "../../lib/cn.ts";
import { Flag } from "../ui/flag.tsx";
import { Icon } from "../ui/icon.tsx";
import { Popover } from "../ui/popover.tsx";

/**
 * Display currency picker. Each choice is a form post to /set-currency, so it also works before
 * JavaScript has loaded; the server keeps the choice in a cookie and renders prices with it.
 */
export function CurrencySelector({
  currencies,
  current,
  chevronClassName,
}: {
  currencies: DisplayCurrency[];
  current: DisplayCurrency;
  /** Where the header is short of room it hides the chevron below some width. */
  chevronClassName?: string;
}) {
  const t = useT();
  const fetcher = useFetcher();
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  const pending = fetcher.formData?.get("currency");
  const shown = currencies.find((c) => c.code === pending) ?? current;

  return (
    <Popover
      label={`${t("layout.currency.label")}: ${shown.name} (${shown.code})`}
      triggerClassName="inline-flex h-9 items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 text-sm font-medium text-secondary hover:bg-canvas"
      trigger={
        <>
          <Flag countryCode={shown.countryCode} />
          <span>{shown.code}</span>
          <Icon name="chevron-down" className={cn("size-4 text-subtle", chevronClassName)} />
        </>
      }
      align="end"
      className="w-72"
    >
      {(close) => (
        <>
          <p className="px-2.5 pt-1.5 pb-2 text-xs font-semibold tracking-wide text-subtle uppercase">
            {t("layout.currency.choose")}
          </p>
          <fetcher.Form
            method="post"
            action="/set-currency"
            onSubmit={close}
            className="max-h-[min(60vh,calc(var(--popover-room,60vh)-3.5rem))] overflow-y-auto overscroll-contain"
          >
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <ul aria-label={t("layout.currency.label")}>
              {currencies.map((c) => {
                const selected = c.code === shown.code;
                return (
                  <li key={c.code}>
                    <button
                      type="submit"
                      name="currency"
                      value={c.code}
                      aria-current={selected ? "true" : undefined}
                      className={cn(
                        "flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm hover:bg-surface-muted",
                        selected && "bg-primary-tint font-medium text-primary-strong",
                      )}
                    >
                      <Flag countryCode={c.countryCode} />
                      <span className="min-w-0 flex-1 wrap-break-word">{c.name}</span>
                      <span className="shrink-0 text-xs text-subtle tabular-nums">{c.code}</span>
                      {selected && <Icon name="check" className="size-4 shrink-0 text-primary" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fetcher.Form>
        </>
      )}
    </Popover>
  );
}
