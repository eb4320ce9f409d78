import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/reviews";
import { requirePermission } from "../../auth/guards.server.ts";
import { ReplyForm } from "../../components/reviews/reply-form.tsx";
import { ReviewItem } from "../../components/reviews/review-item.tsx";
import { Stars } from "../../components/reviews/stars.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { labelClass } from "../../components/ui/input.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { SectionHeading } from "../../components/ui/section-heading.tsx";
import { Select } from "../../components/ui/select.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { AppError } from "../../lib/app-error.ts";
import { cn } from "../../lib/cn.ts";
import type { ReviewsDashboard } from "../../lib/schemas/reviews.ts";
import { reviewsDashboard } from "../../services/reviews/reviews-dashboard.server.ts";
import { refusalText } from "../../services/session/action-answer.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The dashboard layout already refuses this tab to regular users; checked here as well.
  const viewer = await requirePermission(context, "review:dashboard");
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const messages = pickMessages([
    "reviews.dashboard",
    "reviews.section",
    "reviews.item",
    "reviews.reply",
    "reviews.toasts",
    "reviews.errors",
  ]);
  try {
    return { dashboard: await reviewsDashboard(viewer, query), locked: null, messages };
  } catch (thrown) {
    // Without the plan's perk nothing is read: the tab says which plan unlocks it.
    if (thrown instanceof AppError && thrown.code === "FORBIDDEN") {
      return { dashboard: null, locked: refusalText(thrown), messages };
    }
    throw thrown;
  }
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { dashboard, locked } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <SectionHeading>{t("reviews.dashboard.title")}</SectionHeading>
        <p className="mt-1 text-sm text-muted">{t("reviews.dashboard.subtitle")}</p>
      </div>
      {dashboard ? (
        <Dashboard dashboard={dashboard} />
      ) : (
        <Card className="space-y-3 p-6" data-testid="reviews-locked">
          <h3 className="text-lg font-bold text-ink">{t("reviews.dashboard.lockedTitle")}</h3>
          <p className="text-secondary">{locked}</p>
          <Link
            to="/dashboard/premium-plans"
            className={buttonVariants({ variant: "primary", size: "md" })}
          >
            {t("reviews.dashboard.lockedLink")}
          </Link>
        </Card>
      )}
    </div>
  );
}

/** The filters as they are now, with `change` applied (the page starts again at the first). */
function filterHref(search: string, change: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  for (const [name, value] of Object.entries(change)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

function Dashboard({ dashboard }: { dashboard: ReviewsDashboard }) {
  const t = useT();
  const location = useLocation();
  // The replies shown are the viewer's own, named as the listing page names them.
  const listerName = useRootData().viewer?.name ?? "";
  const params = new URLSearchParams(location.search);
  const unanswered = params.get("unanswered") === "1";
  const low = params.get("low") === "1";
  const listing = params.get("listing") ?? "";
  const here = `${location.pathname}${location.search}`;
  const pageHref = (page: number) => {
    const next = new URLSearchParams(location.search);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  const chips = [
    {
      label: t("reviews.dashboard.all"),
      on: !unanswered && !low,
      to: filterHref(location.search, { unanswered: null, low: null }),
    },
    {
      label: t("reviews.dashboard.unanswered"),
      on: unanswered,
      to: filterHref(location.search, { unanswered: unanswered ? null : "1" }),
    },
    {
      label: t("reviews.dashboard.low"),
      on: low,
      to: filterHref(location.search, { low: low ? null : "1" }),
    },
  ];
  const received = dashboard.distribution.reduce((sum, row) => sum + row.count, 0);
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <Distribution dashboard={dashboard} received={received} />
        <Trend dashboard={dashboard} />
      </div>

      <section aria-labelledby="reviews-filters" className="space-y-3">
        <h3 id="reviews-filters" className="sr-only">
          {t("reviews.dashboard.filters")}
        </h3>
        <ul className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.label}>
              <Link
                to={chip.to}
                preventScrollReset
                aria-current={chip.on ? "true" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-3 text-sm font-semibold",
                  chip.on
                    ? "border-primary bg-primary text-white"
                    : "border-line bg-surface text-secondary hover:bg-surface-muted",
                )}
              >
                {chip.label}
              </Link>
            </li>
          ))}
        </ul>
        {dashboard.listings.length > 1 && (
          <Form method="get" className="flex flex-wrap items-end gap-2">
            {unanswered && <input type="hidden" name="unanswered" value="1" />}
            {low && <input type="hidden" name="low" value="1" />}
            <div>
              <label htmlFor="reviews-listing" className={labelClass}>
                {t("reviews.dashboard.listing")}
              </label>
              <Select id="reviews-listing" name="listing" defaultValue={listing} key={listing}>
                <option value="">{t("reviews.dashboard.allListings")}</option>
                {dashboard.listings.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="outline" size="md">
              {t("reviews.dashboard.apply")}
            </Button>
          </Form>
        )}
        <p className="text-sm text-muted" aria-live="polite">
          {t("reviews.dashboard.count", { count: dashboard.total })}
        </p>
      </section>

      {dashboard.reviews.length === 0 ? (
        <EmptyState
          title={t("reviews.dashboard.emptyTitle")}
          body={t(received === 0 ? "reviews.dashboard.noneYet" : "reviews.dashboard.empty")}
        />
      ) : (
        <ul className="space-y-3">
          {dashboard.reviews.map((review) => (
            <li key={review.id}>
              <Card className="p-4">
                <ReviewItem
                  review={review}
                  listerName={listerName}
                  heading="h4"
                  status={
                    review.reply === null ? (
                      <Badge tone="warning">{t("reviews.dashboard.unansweredBadge")}</Badge>
                    ) : (
                      <Badge tone="success">{t("reviews.dashboard.answered")}</Badge>
                    )
                  }
                  about={t("reviews.dashboard.on", { title: review.listingTitle })}
                  reportable={false}
                  className=""
                >
                  {review.reply === null && (
                    <ReplyForm
                      reviewId={review.id}
                      authorName={review.authorName}
                      redirectTo={here}
                    />
                  )}
                </ReviewItem>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={dashboard.page}
        pageCount={dashboard.pageCount}
        href={pageHref}
        texts={{
          pages: t("reviews.section.pages"),
          previous: t("reviews.section.newer"),
          next: t("reviews.section.more"),
          pageOf: t("reviews.section.pageOf", { page: dashboard.page, count: dashboard.pageCount }),
        }}
      />
    </>
  );
}

/** One bar per rating, 5 down to 1, each with its count in words (the bar itself is drawn). */
function Distribution({ dashboard, received }: { dashboard: ReviewsDashboard; received: number }) {
  const t = useT();
  const rows = [...dashboard.distribution].reverse();
  return (
    <Card className="p-4">
      <h3 className="font-semibold text-ink">{t("reviews.dashboard.distribution")}</h3>
      <ul className="mt-3 space-y-2">
        {rows.map((row) => (
          <li
            key={row.rating}
            className="grid grid-cols-[5rem_minmax(0,1fr)_2rem] items-center gap-2"
          >
            <span className="sr-only">
              {t("reviews.dashboard.distributionRow", { rating: row.rating, count: row.count })}
            </span>
            <span aria-hidden className="text-sm text-secondary">
              <Stars rating={row.rating} className="text-xs" label="" />
            </span>
            <span aria-hidden className="h-2.5 overflow-hidden rounded-full bg-surface-muted">
              <span
                className="block h-full rounded-full bg-accent-bright"
                style={{ width: `${received ? (row.count / received) * 100 : 0}%` }}
              />
            </span>
            <span aria-hidden className="text-right text-sm text-muted tabular-nums">
              {row.count}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The last months' average rating as columns (drawn), each month also said in words. */
function Trend({ dashboard }: { dashboard: ReviewsDashboard }) {
  const t = useT();
  const monthName = (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en", {
      month: "short",
      timeZone: "UTC",
    });
  return (
    <Card className="p-4">
      <h3 className="font-semibold text-ink">{t("reviews.dashboard.trend")}</h3>
      <ol className="mt-3 grid h-36 grid-cols-6 items-end gap-2">
        {dashboard.trend.map((point) => (
          <li key={point.month} className="flex h-full flex-col items-center justify-end gap-1">
            <span className="sr-only">
              {point.average === null
                ? t("reviews.dashboard.trendNone", { month: monthName(point.month) })
                : t("reviews.dashboard.trendMonth", {
                    month: monthName(point.month),
                    average: point.average,
                    count: point.count,
                  })}
            </span>
            <span aria-hidden className="text-xs text-muted tabular-nums">
              {point.average ?? "–"}
            </span>
            <span
              aria-hidden
              className="w-full max-w-10 rounded-t-md bg-primary"
              style={{ height: `${((point.average ?? 0) / 5) * 70}%` }}
            />
            <span aria-hidden className="text-xs text-subtle">
              {monthName(point.month)}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
