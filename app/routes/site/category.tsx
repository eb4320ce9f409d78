import { Icon } from "../../components/ui/icon.tsx";
import { Suspense, useRef, useState } from "react";
import { redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import { CategoryHeader } from "../../components/browse/category-header.tsx";
import { FilterPanel } from "../../components/browse/filter-panel.tsx";
import {
  LazyFiltersDrawer,
  preloadFiltersDrawer,
} from "../../components/browse/lazy-filters-drawer.tsx";
import { MobileSearch } from "../../components/browse/mobile-search.tsx";
import { Pagination } from "../../components/browse/pagination.tsx";
import { EmptyResults, ResultsGrid, ResultsHeading } from "../../components/browse/results.tsx";
import { SortSelect } from "../../components/browse/sort-select.tsx";
import { useBrowseNavigation } from "../../hooks/use-browse-navigation.ts";
import { getConfig } from "../../config.server.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { metaTranslator } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import { CATEGORIES, type Category } from "../../lib/listing-values.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import {
  browseSearchParams,
  FILTER_NAMES,
  hasActiveFilters,
  parseBrowseParams,
  toQueryString,
  type BrowseParams,
} from "../../lib/schemas/browse.ts";
import { browseListings, countSectionListings } from "../../services/listings/browse.server.ts";
import { stayTotals } from "../../services/bookings/stay-price.server.ts";
import { stayLinkQuery } from "../../lib/stay-link.ts";
import { findCurrency, listCountries } from "../../services/reference/reference.server.ts";
import { readCurrencyCode } from "../../services/session/preferences.server.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { skipClientOnlyChanges } from "../../lib/client-only-params.ts";

/** The section a path fixes (/real-estate …); /listings leaves it to ?category=. */
function fixedCategory(pathname: string): Category | undefined {
  const first = pathname.split("/")[1] ?? "";
  return (CATEGORIES as readonly string[]).includes(first) ? (first as Category) : undefined;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  // `url` is the page's URL (a client navigation's request is for /real-estate.data).
  // A GET form without JavaScript sends its empty fields too; a clean URL is the one to share.
  if ([...url.searchParams.values()].some((v) => v.trim() === "")) {
    const clean = new URLSearchParams([...url.searchParams].filter(([, v]) => v.trim() !== ""));
    throw redirect(`${url.pathname}${toQueryString(clean)}`);
  }
  const fixed = fixedCategory(url.pathname);
  const params = parseBrowseParams(url.searchParams, fixed);
  const currency = await findCurrency(await readCurrencyCode(request));
  // The header's badge counts the whole section, live, whatever the filters narrow the results to;
  // without filters the results' own total is that count.
  const filtered = hasActiveFilters(params);
  const [results, sectionTotal, countries] = await Promise.all([
    browseListings(params, currency),
    filtered ? countSectionListings(params.category) : undefined,
    listCountries(),
  ]);
  // With dates searched, each card shows what the stay would cost, priced as the booking is.
  const totals =
    params.checkIn && params.checkOut
      ? await stayTotals(
          results.listings.map((l) => l.id),
          params.checkIn,
          params.checkOut,
        )
      : {};
  return {
    params,
    fixed: fixed !== undefined,
    results,
    totals,
    available: sectionTotal ?? results.total,
    countries: countries.map((c) => c.name),
    appUrl: getConfig().appUrl,
    messages: pickMessages(["browse", "bookings.units"]),
  };
}

function pageHref(pathname: string, params: BrowseParams, includeCategory: boolean): string {
  return `${pathname}${toQueryString(browseSearchParams(params, { includeCategory }))}`;
}

export const shouldRevalidate = skipClientOnlyChanges;

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { params, fixed, results, totals, available, countries } = loaderData;
  const t = useT();
  const { currency } = useRootData();
  const { pathname } = useLocation();
  const nav = useBrowseNavigation();
  // On slow connections the old results stay on screen while new ones load: say so.
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === pathname;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filtersButton = useRef<HTMLAnchorElement>(null);

  const includeCategory = !fixed;
  const search = browseSearchParams(params, { includeCategory });
  const resetHref = pageHref(
    pathname,
    { category: params.category, sort: "featured", page: 1 },
    includeCategory,
  );
  const activeCount = FILTER_NAMES.filter((name) => params[name] !== undefined).length;
  const locationName = params.location
    ? (countries.find((c) => c.toLowerCase() === params.location) ?? params.location)
    : undefined;

  const panel = (inDrawer: boolean) => (
    <FilterPanel
      params={params}
      includeCategory={includeCategory}
      countries={countries}
      currencySymbol={currency.symbol}
      resetHref={resetHref}
      nav={nav}
      showKeyword={!inDrawer}
      onDone={inDrawer ? () => setDrawerOpen(false) : undefined}
    />
  );

  return (
    <>
      <CategoryHeader category={params.category} available={available} />

      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[17.5rem_minmax(0,1fr)] lg:gap-8 lg:py-8">
        {/* Large screens: the sidebar. Small screens without JavaScript: shown by #filters. */}
        <aside
          id="filters"
          aria-label={t("browse.filters.title")}
          className="group hidden target:fixed target:inset-0 target:z-50 target:block target:overflow-y-auto target:bg-surface target:p-4 lg:sticky lg:top-20 lg:block lg:max-h-[calc(100svh-6rem)] lg:self-start lg:overflow-y-auto lg:rounded-2xl lg:border lg:border-line lg:bg-surface lg:p-5 lg:shadow-sm lg:target:static lg:target:z-auto"
        >
          <div className="mb-4 flex items-center justify-between">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
              <Icon name="sliders-horizontal" className="size-5 text-primary" />
              {t("browse.filters.title")}
            </h2>
            <a
              href="#"
              aria-label={t("browse.filters.close")}
              className="hidden size-10 items-center justify-center rounded-lg text-muted group-target:inline-flex lg:group-target:hidden"
            >
              <Icon name="x" className="size-5" />
            </a>
          </div>
          <Suspense>{panel(false)}</Suspense>
        </aside>

        <section
          aria-labelledby="results-title"
          aria-busy={updating}
          className="min-w-0 transition-opacity aria-busy:opacity-60"
        >
          <div className="mb-4 flex items-center gap-2 lg:hidden">
            <MobileSearch params={params} search={search} nav={nav} />
            <a
              ref={filtersButton}
              href="#filters"
              role="button"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onPointerEnter={preloadFiltersDrawer}
              onTouchStart={preloadFiltersDrawer}
              onFocus={preloadFiltersDrawer}
              onClick={(event) => {
                event.preventDefault();
                setDrawerOpen(true);
              }}
              onKeyDown={(event) => {
                // A link acting as a button also answers the space bar.
                if (event.key !== " ") return;
                event.preventDefault();
                setDrawerOpen(true);
              }}
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "shrink-0 px-3.5 text-sm",
              )}
            >
              <Icon name="sliders-horizontal" className="size-4" />
              {t("browse.filters.open")}
              {activeCount > 0 && (
                <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-white">
                  <span aria-hidden>{activeCount}</span>
                  <span className="sr-only">
                    {t("browse.filters.activeCount", { count: activeCount })}
                  </span>
                </span>
              )}
            </a>
          </div>

          <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
            <ResultsHeading
              id="results-title"
              total={results.total}
              totalCapped={results.totalCapped}
              query={params.q}
              location={locationName}
            />
            <SortSelect params={params} search={search} nav={nav} />
          </div>

          {results.listings.length === 0 ? (
            <EmptyResults clearHref={resetHref} />
          ) : (
            <>
              {/* The 24 cards hydrate on their own, in a task apart from the filters'. */}
              <Suspense>
                <ResultsGrid
                  listings={results.listings}
                  currency={currency}
                  linkQuery={stayLinkQuery(params)}
                  totals={totals}
                />
              </Suspense>
              <Pagination
                page={results.page}
                pageCount={results.pageCount}
                hrefFor={(page) => pageHref(pathname, { ...params, page }, includeCategory)}
              />
            </>
          )}
        </section>
      </div>

      <LazyFiltersDrawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        returnFocusTo={filtersButton}
      >
        {panel(true)}
      </LazyFiltersDrawer>
    </>
  );
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData) return [{ title: t("browse.meta.title", { title: t("categories.all.title") }) }];
  const { params, results, appUrl, fixed } = loaderData;
  const name = t(`categories.${params.category}.title`);
  const title =
    results.page > 1
      ? t("browse.meta.titleWithPage", { title: name, page: results.page })
      : t("browse.meta.title", { title: name });
  const description = `${t(`categories.${params.category}.description`)}.`;
  // Filtered and sorted views are the same listings again: the section (and its pages) is canonical.
  const canonicalQuery = new URLSearchParams();
  if (!fixed && params.category !== "all") canonicalQuery.set("category", params.category);
  if (results.page > 1) canonicalQuery.set("page", String(results.page));
  const cover = results.listings.find((l) => l.cover)?.cover;
  return pageMeta({
    appUrl,
    siteName: matches[0].loaderData.settings.siteName,
    path: `${location.pathname}${toQueryString(canonicalQuery)}`,
    title,
    description,
    image: cover ? `/media/${cover.storageKey}-gallery.webp` : undefined,
    noindex: hasActiveFilters(params) || params.sort !== "featured",
  });
}
