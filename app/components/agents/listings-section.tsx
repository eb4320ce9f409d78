import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import { Pagination } from "../browse/pagination.tsx";
import { ResultsGrid } from "../browse/results.tsx";

/**
 * A publisher's listings on their page: the section chips, the browse filters (passed in, so an
 * agency page brings its own) and the browse cards, with plain pagination links.
 */
export function ListingsSection({
  title,
  listings,
  total,
  page,
  pageCount,
  currency,
  sections,
  filters,
  hrefFor,
  hasListings,
}: {
  title: string;
  listings: ListingSummary[];
  total: number;
  page: number;
  pageCount: number;
  currency: DisplayCurrency;
  /** The sections they publish in, as links that filter by them. */
  sections: { label: string; href: string; current: boolean }[];
  filters: React.ReactNode;
  hrefFor: (page: number) => string;
  /** Whether they have any public listing at all (else the filters are pointless). */
  hasListings: boolean;
}) {
  const t = useT();
  return (
    <section aria-labelledby="listings-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="listings-title" className="text-xl font-bold text-ink">
          {title}
        </h2>
        <p className="text-sm text-muted" aria-live="polite">
          {t("agents.listings.count", { count: total })}
        </p>
      </div>
      {!hasListings ? (
        <p className="text-muted">{t("agents.listings.none")}</p>
      ) : (
        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-6">
          <details className="mb-4 rounded-xl border border-line bg-surface p-4 lg:hidden">
            <summary className="cursor-pointer font-semibold text-ink">
              {t("browse.filters.title")}
            </summary>
            <div className="mt-3">{filters}</div>
          </details>
          <aside
            aria-label={t("browse.filters.title")}
            className="hidden self-start rounded-xl border border-line bg-surface p-4 lg:block"
          >
            {filters}
          </aside>
          <div className="min-w-0 space-y-4">
            {sections.length > 1 && (
              <nav aria-label={t("agents.listings.title")} className="flex flex-wrap gap-2">
                {sections.map((section) => (
                  <Link
                    key={section.href}
                    to={section.href}
                    aria-current={section.current ? "page" : undefined}
                    className={cn(
                      "rounded-full border px-3 py-1.5 text-sm font-semibold",
                      section.current
                        ? "border-primary bg-primary-tint text-primary-deep"
                        : "border-line-strong bg-surface text-ink-soft hover:bg-canvas",
                    )}
                  >
                    {section.label}
                  </Link>
                ))}
              </nav>
            )}
            {listings.length === 0 ? (
              <p className="text-muted">{t("agents.listings.empty")}</p>
            ) : (
              <ResultsGrid listings={listings} currency={currency} />
            )}
            <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
          </div>
        </div>
      )}
    </section>
  );
}
