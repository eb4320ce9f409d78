import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useFavorites } from "../../hooks/use-favorites.ts";
import { useT } from "../../i18n/use-t.ts";
import type { ListingSummary } from "../../lib/listing-summary.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import { ListingCard } from "../listings/listing-card.tsx";

const INITIAL = 8;

export function FeaturedListings({
  listings,
  currency,
}: {
  listings: ListingSummary[];
  currency: DisplayCurrency;
}) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const favorites = useFavorites();
  const shown = expanded ? listings : listings.slice(0, INITIAL);

  return (
    <section aria-labelledby="featured-title" className="bg-white py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2
              id="featured-title"
              className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl"
            >
              {t("home.featured.title")}
            </h2>
            <p className="mt-2 text-stone-600">{t("home.featured.subtitle")}</p>
          </div>
          <Link
            to="/real-estate"
            className="inline-flex h-10 items-center rounded-lg border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t("home.featured.viewAll")}
          </Link>
        </div>

        {listings.length === 0 ? (
          <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 px-6 py-14 text-center">
            <Sparkles aria-hidden className="size-8 text-sun-500" />
            <h3 className="mt-3 text-lg font-semibold">{t("home.featured.emptyTitle")}</h3>
            <p className="mt-1 text-stone-600">{t("home.featured.emptyBody")}</p>
          </div>
        ) : (
          <>
            <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {shown.map((listing) => (
                <li key={listing.id}>
                  <ListingCard
                    listing={listing}
                    currency={currency}
                    favorite={favorites.isFavorite(listing.id)}
                    onToggleFavorite={favorites.toggle}
                  />
                </li>
              ))}
            </ul>
            {listings.length > INITIAL && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  onClick={() => setExpanded((v) => !v)}
                  aria-expanded={expanded}
                  className="inline-flex h-11 items-center rounded-lg bg-stone-900 px-6 text-sm font-semibold text-white hover:bg-stone-800"
                >
                  {expanded
                    ? t("home.featured.showLess")
                    : t("home.featured.showAll", { count: listings.length })}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
