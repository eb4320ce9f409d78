import { Icon } from "../ui/icon.tsx";
import { Link } from "react-router";
import { useFavoriteFailures } from "../../hooks/use-favorites.ts";
import { useT } from "../../i18n/use-t.ts";
import type { ListingSummary } from "../../lib/schemas/listing-view.ts";
import { formatPrice, formatPriceType, type DisplayCurrency } from "../../lib/money.ts";
import type { StayTotal } from "../../lib/stay-link.ts";
import { cn } from "../../lib/cn.ts";
import { ListingImage } from "./listing-image.tsx";
import { buttonVariants } from "../ui/button.tsx";
import { AgencyBadge } from "./agency-badge.tsx";
import { Badge } from "../ui/badge.tsx";

/** The labels over the cover: the shared badge, a little larger, lifted off the photo. */
const PILL = "px-2.5 py-1 shadow-sm";

/**
 * On a phone a card is one column wide; it asks for 360 px of image so that a 1.75× screen takes
 * the 640 px variant (slightly under its density, invisibly so) instead of the 1,280 px one: on
 * paid mobile data a grid of cards otherwise costs twice the bytes.
 */
const CARD_SIZES =
  "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 360px";

export function ListingCard({
  listing,
  currency,
  favorite,
  onToggleFavorite,
  eagerImage = false,
  linkQuery = "",
  stayTotal,
}: {
  listing: ListingSummary;
  currency: DisplayCurrency;
  favorite: boolean;
  onToggleFavorite: (listing: ListingSummary) => void;
  eagerImage?: boolean;
  /** A search's dates and guests (`?checkIn=…`), for the listing's booking card. */
  linkQuery?: string;
  /** What the dates searched cost here. */
  stayTotal?: StayTotal;
}) {
  const t = useT();
  useFavoriteFailures(listing.id);
  const href = `/listing/${listing.id}${linkQuery}`;
  const price = formatPrice(listing.priceUsdCents, currency, "en", t("values.priceNotAvailable"));
  const hasPrice = listing.priceUsdCents !== null;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <div className="relative aspect-[3/2] overflow-hidden bg-surface-muted">
        <ListingImage
          image={listing.cover}
          alt={listing.title}
          sizes={CARD_SIZES}
          eager={eagerImage}
        />
        <div className="absolute top-3 right-14 left-3 flex flex-wrap gap-1.5">
          {listing.featured && (
            <Badge className={`${PILL} bg-accent text-white`}>{t("listing.card.featured")}</Badge>
          )}
          {listing.agentType === "premium" && (
            <Badge className={`${PILL} bg-primary-deep text-accent-pale`}>
              {t("listing.card.premium")}
            </Badge>
          )}
          <Badge className={`${PILL} bg-surface/95 text-ink-soft`}>
            {t(`values.categoryBadge.${listing.category}`)}
          </Badge>
          {/* The owner's checked identity and business (issue 28), never the listing's approval. */}
          {listing.hostVerified && (
            <Badge className={`${PILL} bg-success-tint text-success-strong`}>
              {t("listing.card.hostVerified")}
            </Badge>
          )}
          {listing.hostBusinessVerified && (
            <Badge className={`${PILL} bg-success-tint text-success-strong`}>
              {t("listing.card.hostBusinessVerified")}
            </Badge>
          )}
        </div>
        <button
          type="button"
          onClick={() => onToggleFavorite(listing)}
          aria-pressed={favorite}
          aria-label={t(favorite ? "listing.card.removeFavorite" : "listing.card.addFavorite", {
            title: listing.title,
          })}
          className="absolute top-2.5 right-2.5 z-10 inline-flex size-9 items-center justify-center rounded-full bg-surface/95 text-secondary shadow hover:text-danger-vivid"
        >
          <Icon
            name="heart"
            className={cn("size-[18px]", favorite && "fill-danger-vivid text-danger-vivid")}
          />
        </button>
      </div>

      <div className="flex flex-1 flex-col gap-2.5 p-4">
        <h3 className="line-clamp-2 leading-snug font-semibold text-ink">
          <Link to={href} className="after:absolute after:inset-0 after:content-['']">
            {listing.title}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-muted">
          <Icon name="map-pin" className="size-3.5 shrink-0 text-primary-vivid" />
          <span className="truncate">{`${listing.city}, ${listing.countryName}`}</span>
        </p>
        <AgencyBadge badge={listing.agencyBadge} />

        <CardDetails listing={listing} />

        <div className="mt-auto flex items-end justify-between gap-2 border-t border-line-soft pt-3">
          <p className="min-w-0">
            <span data-testid="listing-price" className="text-lg font-bold text-primary-strong">
              {price}
            </span>
            {hasPrice && listing.priceType && (
              <span className="ml-1 text-xs text-subtle">
                {t("listing.card.per", { priceType: formatPriceType(listing.priceType) })}
              </span>
            )}
            {stayTotal && (
              <span data-testid="stay-total" className="block text-sm font-medium text-secondary">
                {t(`listing.card.stayTotal.${stayTotal.unit}`, {
                  total: formatPrice(stayTotal.totalUsdCents, currency),
                  count: stayTotal.quantity,
                })}
              </span>
            )}
          </p>
          {listing.rating !== null && (
            <p
              className="flex shrink-0 items-center gap-1 text-sm font-medium text-secondary"
              aria-label={t("listing.card.rating", { rating: listing.rating })}
            >
              <Icon name="star" className="size-4 fill-accent-bright text-accent-bright" />
              {listing.rating}
              {listing.ratingCount > 0 && (
                <span className="text-xs font-normal text-subtle">
                  {t("listing.card.reviews", { count: listing.ratingCount })}
                </span>
              )}
            </p>
          )}
        </div>
        <Link
          to={href}
          className={cn(buttonVariants({ variant: "primary", size: "md" }), "relative z-10 mt-1")}
        >
          {t("listing.card.viewDetails")}
        </Link>
      </div>
    </article>
  );
}

function Chips({ items, more }: { items: string[]; more: string | null }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-md bg-surface-muted px-2 py-0.5 text-xs text-secondary">
          {item}
        </li>
      ))}
      {more && <li className="px-1 py-0.5 text-xs font-medium text-primary">{more}</li>}
    </ul>
  );
}

/** The spec's per-category details: rooms and area, student housing terms, service and tours. */
function CardDetails({ listing }: { listing: ListingSummary }) {
  const t = useT();
  const facts: { icon: React.ReactNode; text: string }[] = [];
  if (listing.bedrooms !== null) {
    facts.push({
      icon: <Icon name="bed-double" className="size-4" />,
      text: t("listing.card.beds", { count: listing.bedrooms }),
    });
  }
  if (listing.bathrooms !== null) {
    facts.push({
      icon: <Icon name="bath" className="size-4" />,
      text: t("listing.card.baths", { count: listing.bathrooms }),
    });
  }
  if (listing.areaM2 !== null) {
    facts.push({
      icon: <Icon name="ruler" className="size-4" />,
      text: t("listing.card.area", { area: new Intl.NumberFormat("en").format(listing.areaM2) }),
    });
  }
  const tags: string[] = [];
  if (listing.roomType) tags.push(t(`values.roomType.${listing.roomType}`));
  if (listing.genderPreference) tags.push(t(`values.genderPreference.${listing.genderPreference}`));
  if (listing.serviceCategory) tags.push(t(`values.serviceCategory.${listing.serviceCategory}`));

  const amenities = listing.amenities.map((a) => t(`values.amenity.${a}`));
  const highlights = listing.serviceHighlights.map((h) => t(`values.serviceHighlight.${h}`));
  const tours = listing.tourTypes.map((tour) => t(`values.tourType.${tour}`));

  return (
    <div className="space-y-2.5">
      {facts.length > 0 && (
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
          {facts.map((f) => (
            <li key={f.text} className="flex items-center gap-1">
              {f.icon}
              {f.text}
            </li>
          ))}
        </ul>
      )}
      {tags.length > 0 && <p className="text-sm font-medium text-secondary">{tags.join(" · ")}</p>}
      {listing.specialty && <p className="line-clamp-1 text-sm text-muted">{listing.specialty}</p>}
      {amenities.length > 0 && (
        <Chips
          items={amenities.slice(0, 3)}
          more={
            amenities.length > 3
              ? t("listing.card.moreItems", { count: amenities.length - 3 })
              : null
          }
        />
      )}
      {highlights.length > 0 && (
        <Chips
          items={highlights.slice(0, 3)}
          more={
            highlights.length > 3
              ? t("listing.card.moreItems", { count: highlights.length - 3 })
              : null
          }
        />
      )}
      {tours.length > 0 && (
        <Chips
          items={tours.slice(0, 2)}
          more={tours.length > 2 ? t("listing.card.andMore") : null}
        />
      )}
    </div>
  );
}
