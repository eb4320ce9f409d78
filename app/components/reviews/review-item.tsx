import { useLocation } from "react-router";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { ReviewView } from "../../lib/schemas/reviews.ts";
import { LazyReportDialog } from "../safety/lazy-report-dialog.tsx";
import { Stars } from "./stars.tsx";

/**
 * One review: who wrote it and when, the stars, the text as typed, and the lister's reply under
 * it. `children` holds what the viewer may do with it (the lister's Reply form). The reviews
 * dashboard adds a `status` badge beside the author and the listing it is about (`about`), and
 * offers no report (the lister answers instead).
 */
export function ReviewItem({
  review,
  listerName,
  heading: Heading = "h3",
  status,
  about,
  reportable = true,
  className = "py-5 first:pt-0 last:pb-0",
  children,
}: {
  review: ReviewView;
  listerName: string;
  heading?: "h3" | "h4";
  status?: React.ReactNode;
  about?: string;
  reportable?: boolean;
  className?: string;
  children?: React.ReactNode;
}) {
  const t = useT();
  const { viewer } = useRootData();
  const location = useLocation();
  const written = (
    <time dateTime={review.createdAt} className={about ? undefined : "text-sm text-subtle"}>
      {formatDay(review.createdAt.slice(0, 10))}
    </time>
  );
  return (
    <article
      aria-labelledby={`review-${review.id}-author`}
      data-review={review.id}
      className={className}
    >
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Heading id={`review-${review.id}-author`} className="font-semibold text-ink">
          {review.authorName}
        </Heading>
        {status ?? (!about && written)}
      </header>
      {about && (
        <p className="mt-1 text-sm text-muted">
          {about} · {written}
        </p>
      )}
      <Stars
        rating={review.rating}
        label={t("reviews.item.stars", { rating: review.rating })}
        className="mt-1 text-base"
      />
      <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-secondary">
        {review.body}
      </p>
      {review.reply !== null && (
        <div className="mt-3 rounded-xl border-l-4 border-primary-vivid bg-primary-tint/60 px-4 py-3">
          <p className="text-sm font-semibold text-primary-deep">
            {t("reviews.item.reply", { name: listerName })}
          </p>
          <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-secondary">
            {review.reply}
          </p>
        </div>
      )}
      {children}
      {/* Signed-in readers may report it to the administrators (their own is refused). */}
      {viewer && reportable && (
        <LazyReportDialog
          target="review"
          id={review.id}
          redirectTo={`${location.pathname}${location.search}#reviews`}
          className="mt-3"
        />
      )}
    </article>
  );
}
