import { use } from "react";
import { Icon } from "../ui/icon.tsx";
import { Link } from "react-router";
import { useFavorites } from "../../hooks/use-favorites.ts";
import { LocaleContext } from "../../i18n/locale-context.ts";
import { useT } from "../../i18n/use-t.ts";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import type { StayTotal } from "../../lib/stay-link.ts";
import { ListingCard } from "../listings/listing-card.tsx";
import { buttonVariants } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";

/** Cards whose image may be on the first screen load at once; the rest when scrolled to. */
const EAGER_IMAGES = 2;

/**
 * 'N Results Found' ("10,000+ Results Found" past the count's cap) with the 'For "query"' and
 * ' in Location' subline.
 */
export function ResultsHeading({
  id,
  total,
  totalCapped = false,
  query,
  location,
}: {
  id: string;
  total: number;
  totalCapped?: boolean;
  query: string | undefined;
  location: string | undefined;
}) {
  const t = useT();
  const locale = use(LocaleContext);
  const subline = [
    query ? t("browse.results.forQuery", { query }) : "",
    location ? t("browse.results.inLocation", { location }) : "",
  ]
    .join("")
    .trim();
  return (
    <div className="min-w-0">
      <h2 id={id} className="text-xl font-bold text-ink sm:text-2xl" aria-live="polite">
        {t("browse.results.found", {
          count: totalCapped ? `${total.toLocaleString(locale)}+` : total,
        })}
      </h2>
      {subline && (
        <p data-testid="results-subline" className="mt-0.5 truncate text-sm text-muted">
          {subline}
        </p>
      )}
    </div>
  );
}

export function ResultsGrid({
  listings,
  currency,
  linkQuery = "",
  totals = {},
}: {
  listings: ListingSummary[];
  currency: DisplayCurrency;
  /** The dates and guests searched, carried to each listing's booking card. */
  linkQuery?: string;
  /** What the dates searched cost at each listing, by id. */
  totals?: Record<number, StayTotal>;
}) {
  const favorites = useFavorites();
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard
            listing={listing}
            currency={currency}
            favorite={favorites.isFavorite(listing.id)}
            onToggleFavorite={favorites.toggle}
            eagerImage={index < EAGER_IMAGES}
            linkQuery={linkQuery}
            stayTotal={totals[listing.id]}
          />
        </li>
      ))}
    </ul>
  );
}

export function EmptyResults({ clearHref }: { clearHref: string }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-16 text-center">
      <Icon name="search-x" className="size-10 text-faint" />
      <h3 className="mt-4 text-lg font-semibold text-ink">{t("browse.results.emptyTitle")}</h3>
      <p className="mt-1 max-w-sm text-muted">{t("browse.results.emptyBody")}</p>
      <Link
        to={clearHref}
        className={cn(buttonVariants({ variant: "primary", size: "md" }), "mt-6 px-5")}
      >
        {t("browse.results.clearAll")}
      </Link>
    </div>
  );
}
