import { useT } from "../../i18n/use-t.ts";
import type { ReviewView } from "../../lib/schemas/reviews.ts";
import { ReviewItem } from "../reviews/review-item.tsx";
import { Stars } from "../reviews/stars.tsx";

/** The reviews of a publisher's listings: their average and count, then the newest ones. */
export function ProfileReviews({
  name,
  rating,
  ratingCount,
  reviews,
}: {
  name: string;
  rating: string | null;
  ratingCount: number;
  reviews: ReviewView[];
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="reviews-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
      data-testid="profile-reviews"
    >
      <h2 id="reviews-title" className="text-xl font-bold text-ink">
        {t("agents.reviews.title")}
      </h2>
      {rating === null || ratingCount === 0 ? (
        <p className="mt-2 text-muted">{t("agents.reviews.none")}</p>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-secondary">
            <Stars rating={rating} className="text-lg" />
            <span>{t("agents.reviews.average", { rating, count: ratingCount })}</span>
          </p>
          <div className="mt-4 divide-y divide-line">
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} listerName={name} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
