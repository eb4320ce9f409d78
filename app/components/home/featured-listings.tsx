import { Icon } from "../ui/icon.tsx";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useFavorites } from "../../hooks/use-favorites.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FeaturedRest } from "../../lib/featured.ts";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import type { DisplayCurrency } from "../../lib/money.ts";
import { ListingCard } from "../listings/listing-card.tsx";
import { buttonVariants } from "../ui/button.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/** The first featured listings come with the page; the rest load when "Show All" is pressed. */
export function FeaturedListings({
  listings,
  total,
  currency,
}: {
  listings: ListingSummary[];
  total: number;
  currency: DisplayCurrency;
}) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const rest = useFetcher<FeaturedRest>();
  const favorites = useFavorites();
  const loading = expanded && rest.state === "loading";
  const more = expanded ? rest.data?.listings : undefined;
  const open = more !== undefined;
  const shown = more ? [...listings, ...more] : listings;

  const toggle = () => {
    if (!expanded && rest.data === undefined) void rest.load("/featured-listings");
    setExpanded((v) => !v);
  };

  return (
    <section aria-labelledby="featured-title" className="bg-surface py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <SectionHeading id="featured-title" size="lg">
              {t("home.featured.title")}
            </SectionHeading>
            <p className="mt-2 text-muted">{t("home.featured.subtitle")}</p>
          </div>
          <Link
            to="/real-estate"
            className={buttonVariants({ variant: "brandOutline", size: "md" })}
          >
            {t("home.featured.viewAll")}
          </Link>
        </div>

        {listings.length === 0 ? (
          <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-14 text-center">
            <Icon name="sparkles" className="size-8 text-accent-mid" />
            <h3 className="mt-3 text-lg font-semibold">{t("home.featured.emptyTitle")}</h3>
            <p className="mt-1 text-muted">{t("home.featured.emptyBody")}</p>
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
            {total > listings.length && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  onClick={toggle}
                  disabled={loading}
                  aria-expanded={open}
                  aria-busy={loading}
                  className="inline-flex h-11 items-center gap-2 rounded-lg bg-ink px-6 text-sm font-semibold text-white hover:bg-ink-soft disabled:opacity-80"
                >
                  {loading && <Icon name="loader-circle" className="size-4 animate-spin" />}
                  {open
                    ? t("home.featured.showLess")
                    : t("home.featured.showAll", { count: total })}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
