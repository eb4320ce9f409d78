import { useT } from "../../i18n/use-t.ts";
import type { RatingSummary } from "../../lib/schemas/reviews.ts";
import { Icon } from "../ui/icon.tsx";

/**
 * The lister's own average over the reviews of all their listings, under their name in the
 * Contact Agent card.
 */
export function ListerRating({ rating, ratingCount }: RatingSummary) {
  const t = useT();
  if (rating === null || ratingCount === 0) {
    return <p className="text-sm text-subtle">{t("reviews.lister.unrated")}</p>;
  }
  const count = t("reviews.section.count", { count: ratingCount });
  return (
    <p className="flex items-center gap-1 text-sm text-secondary">
      <Icon name="star" className="size-4 fill-accent-bright text-accent-bright" />
      <span aria-hidden>{t("reviews.lister.rating", { rating, count })}</span>
      <span className="sr-only">{t("reviews.lister.ratingLabel", { rating, count })}</span>
    </p>
  );
}
