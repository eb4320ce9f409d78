import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { ReviewPage } from "../../lib/schemas/reviews.ts";
import { buttonVariants } from "../ui/button.tsx";
import { ReviewItem } from "./review-item.tsx";
import { Stars } from "./stars.tsx";

/** Only the lister replies: a visitor's listing page does not load the form. */
const ReplyForm = lazy(() =>
  import("./reply-form.tsx").then((module) => ({ default: module.ReplyForm })),
);

const cardClass = "rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6";

/** The page's address on another page of reviews (the first is the page itself). */
function pageHref(path: string, page: number): string {
  return page <= 1 ? `${path}#reviews` : `${path}?reviews=${page}#reviews`;
}

/**
 * A listing's reviews: the average in stars and words with the count, then a page of reviews,
 * newest first, each with the lister's reply. Paging is a link (`?reviews=2`), so it works
 * before any script runs; the lister gets a Reply form under each review not yet answered.
 */
export function ReviewsSection({
  section,
  path,
}: {
  section: ReviewPage & { mayReply: boolean };
  /** The listing page's path, for the paging links and the forms' way back. */
  path: string;
}) {
  const t = useT();
  const { rating, ratingCount, page, pageCount } = section;
  const back = `${path}${page > 1 ? `?reviews=${page}` : ""}#reviews`;
  return (
    <section aria-labelledby="reviews" className={cn(cardClass, "scroll-mt-20")}>
      <h2 id="reviews" className="text-xl font-semibold text-ink">
        {t("reviews.section.title")}
      </h2>
      {rating === null || ratingCount === 0 ? (
        <p className="mt-3 text-muted">{t("reviews.section.none")}</p>
      ) : (
        <>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span aria-hidden className="text-3xl font-extrabold text-ink">
              {rating}
            </span>
            <Stars rating={rating} className="text-xl" />
            <span className="text-muted">{t("reviews.section.count", { count: ratingCount })}</span>
          </p>
          <div className="mt-5 divide-y divide-line-soft border-t border-line-soft pt-5">
            {section.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} listerName={section.lister.name}>
                {section.mayReply && review.reply === null && (
                  <Suspense fallback={null}>
                    <ReplyForm
                      reviewId={review.id}
                      authorName={review.authorName}
                      redirectTo={back}
                    />
                  </Suspense>
                )}
              </ReviewItem>
            ))}
          </div>
          {pageCount > 1 && (
            <nav
              aria-label={t("reviews.section.pages")}
              className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-line-soft pt-4"
            >
              <span className="text-sm text-muted">
                {t("reviews.section.pageOf", { page, count: pageCount })}
              </span>
              <span className="flex gap-2">
                {page > 1 && (
                  <Link
                    to={pageHref(path, page - 1)}
                    preventScrollReset
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    {t("reviews.section.newer")}
                  </Link>
                )}
                {page < pageCount && (
                  <Link
                    to={pageHref(path, page + 1)}
                    preventScrollReset
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    {t("reviews.section.more")}
                  </Link>
                )}
              </span>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
