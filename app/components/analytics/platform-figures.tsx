import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { CATEGORIES, LISTING_STATUSES } from "../../lib/listing-values.ts";
import { cardVariants } from "../ui/card.tsx";

export interface PlatformFiguresData {
  byStatus: Record<(typeof LISTING_STATUSES)[number], number>;
  byCategory: Record<(typeof CATEGORIES)[number], number>;
  newUsersThisWeek: number;
  newListingsThisWeek: number;
  unreadMessages: number;
}

const linkClass =
  "mt-2 text-sm font-semibold text-primary-strong underline-offset-2 hover:underline";

/**
 * The administrator's overview: what needs attention, what is new, and the catalogue's shape.
 * `openReports`: the reports queue's open count, when the viewer may open it.
 */
export function PlatformFigures({
  figures,
  openReports = null,
}: {
  figures: PlatformFiguresData;
  openReports?: number | null;
}) {
  const t = useT();
  const total = LISTING_STATUSES.reduce((sum, s) => sum + figures.byStatus[s], 0);
  const cards = [
    {
      label: t("dashboard.platformOverview.pending"),
      value: figures.byStatus.pending_approval,
      link: { to: "/dashboard/moderation", text: t("dashboard.platformOverview.reviewPending") },
    },
    {
      label: t("dashboard.platformOverview.unread"),
      value: figures.unreadMessages,
      link: { to: "/dashboard/messages", text: t("dashboard.platformOverview.openMessages") },
    },
    ...(openReports === null
      ? []
      : [
          {
            label: t("safety.overview.openReports"),
            value: openReports,
            link: { to: "/dashboard/reports", text: t("safety.overview.review") },
          },
        ]),
    { label: t("dashboard.platformOverview.newUsers"), value: figures.newUsersThisWeek },
    { label: t("dashboard.platformOverview.newListings"), value: figures.newListingsThisWeek },
  ];
  return (
    <div className="space-y-4">
      <dl
        className={cn(
          "grid grid-cols-2 gap-3",
          cards.length > 4 ? "md:grid-cols-3 xl:grid-cols-5" : "lg:grid-cols-4",
        )}
      >
        {cards.map((card) => (
          <div
            key={card.label}
            className={cn(cardVariants({ elevated: false }), "flex flex-col p-4")}
          >
            <dt className="order-2 text-sm text-muted">{card.label}</dt>
            <dd className="order-1 text-2xl font-bold text-ink tabular-nums">
              {card.value.toLocaleString("en")}
            </dd>
            {card.link && (
              <dd className="order-3">
                <Link to={card.link.to} className={linkClass}>
                  {card.link.text}
                </Link>
              </dd>
            )}
          </div>
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <Breakdown
          title={t("dashboard.platformOverview.byStatus")}
          total={total}
          rows={LISTING_STATUSES.map((s) => ({
            key: s,
            label: t(`dashboard.status.${s}`),
            value: figures.byStatus[s],
          }))}
        />
        <Breakdown
          title={t("dashboard.platformOverview.byCategory")}
          total={total}
          rows={CATEGORIES.map((c) => ({
            key: c,
            label: t(`values.categoryBadge.${c}`),
            value: figures.byCategory[c],
          }))}
        />
      </div>
      <PageLink
        title={t("dashboard.platformOverview.analytics")}
        body={t("dashboard.platformOverview.analyticsBody")}
        to="/dashboard/analytics"
        label={t("dashboard.platformOverview.openAnalytics")}
      />
      <PageLink
        title={t("dashboard.platformOverview.plans")}
        body={t("dashboard.platformOverview.plansBody")}
        to="/dashboard/premium-plans"
        label={t("dashboard.platformOverview.openPlans")}
      />
    </div>
  );
}

/** A dashboard page the administrator's tab bar does not list (the spec's tabs), with why to open it. */
function PageLink({
  title,
  body,
  to,
  label,
}: {
  title: string;
  body: string;
  to: string;
  label: string;
}) {
  return (
    <div
      className={cn(
        cardVariants({ elevated: false }),
        "flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between",
      )}
    >
      <div>
        <h3 className="font-semibold text-ink">{title}</h3>
        <p className="text-sm text-muted">{body}</p>
      </div>
      <Link to={to} className={linkClass}>
        {label}
      </Link>
    </div>
  );
}

/** Counts with a bar each, as a share of the total: the figure is the text, the bar a picture. */
function Breakdown({
  title,
  total,
  rows,
}: {
  title: string;
  total: number;
  rows: { key: string; label: string; value: number }[];
}) {
  const t = useT();
  return (
    <section className={cn(cardVariants({ elevated: false }), "p-4")}>
      <h3 className="font-semibold text-ink">{title}</h3>
      <dl className="mt-3 space-y-2.5 text-sm">
        {rows.map((row) => (
          <div key={row.key}>
            <div className="flex justify-between gap-3">
              <dt className="text-secondary">{row.label}</dt>
              <dd className="font-semibold text-ink tabular-nums">
                {row.value.toLocaleString("en")}
              </dd>
            </div>
            <div aria-hidden className="mt-1 h-1.5 rounded-full bg-surface-muted">
              <div
                className="h-1.5 rounded-full bg-primary-vivid"
                style={{ width: `${total > 0 ? (row.value / total) * 100 : 0}%` }}
              />
            </div>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-line-soft pt-2">
          <dt className="text-muted">{t("dashboard.platformOverview.total")}</dt>
          <dd className="font-semibold text-ink tabular-nums">{total.toLocaleString("en")}</dd>
        </div>
      </dl>
    </section>
  );
}
