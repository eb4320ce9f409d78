import { useLocation } from "react-router";
import { useBrowseNavigation } from "../../hooks/use-browse-navigation.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import { browseSearchParams, toQueryString, type BrowseParams } from "../../lib/schemas/browse.ts";
import type { PageListings } from "../../lib/schemas/public-profile.ts";
import { FilterPanel } from "../browse/filter-panel.tsx";
import { ListingsSection } from "./listings-section.tsx";

function pageHref(pathname: string, params: BrowseParams): string {
  return `${pathname}${toQueryString(browseSearchParams(params, { includeCategory: true }))}`;
}

/**
 * A public page's listings (an agent's or an agency's): the section chips as links, the browse
 * filters and the pages, all addressed at the page itself.
 */
export function PublisherListings({
  listings,
  params,
  countries,
}: {
  listings: PageListings;
  params: BrowseParams;
  countries: string[];
}) {
  const t = useT();
  const { currency } = useRootData();
  const { pathname } = useLocation();
  const nav = useBrowseNavigation();
  const resetHref = pageHref(pathname, { category: params.category, sort: "featured", page: 1 });
  const sections = [
    {
      label: t("categories.all.title"),
      href: pageHref(pathname, { category: "all", sort: params.sort, page: 1 }),
      current: params.category === "all",
    },
    ...listings.categories.map((category) => ({
      label: t(`categories.${category}.title`),
      href: pageHref(pathname, { category, sort: params.sort, page: 1 }),
      current: params.category === category,
    })),
  ];
  return (
    <ListingsSection
      title={t("agents.listings.title")}
      listings={listings.items}
      total={listings.total}
      page={listings.page}
      pageCount={listings.pageCount}
      currency={currency}
      sections={sections}
      hasListings={listings.categories.length > 0}
      hrefFor={(page) => pageHref(pathname, { ...params, page })}
      filters={
        <FilterPanel
          params={params}
          includeCategory
          countries={countries}
          currencySymbol={currency.symbol}
          resetHref={resetHref}
          nav={nav}
        />
      }
    />
  );
}
