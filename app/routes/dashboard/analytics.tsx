import { Download } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/analytics";
import { requirePermission } from "../../auth/guards.server.ts";
import { AnalyticsChart } from "../../components/analytics/analytics-chart.tsx";
import { AnalyticsListingsTable } from "../../components/analytics/analytics-listings.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { StatCards } from "../../components/ui/stat-cards.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import { ANALYTICS_RANGES } from "../../lib/analytics-values.ts";
import {
  analyticsPageQuerySchema,
  type AnalyticsReport,
  type AnalyticsTotals,
} from "../../lib/schemas/analytics.ts";
import { analyticsReport } from "../../services/analytics/analytics-report.server.ts";
import {
  basicAnalytics,
  type BasicAnalytics,
} from "../../services/analytics/analytics-tier.server.ts";
import { usablePerks } from "../../services/premium/entitlements.server.ts";
import { loadOrErrorPage } from "../../services/session/action-answer.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

/** The page lists the most active listings; the CSV has every one. */
const TABLE_LISTINGS = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The dashboard layout already refuses this tab to regular users; checked here as well.
  const viewer = await requirePermission(context, "analytics:view");
  const { days } = analyticsPageQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  // One reading of the plan answers both perks the page asks about.
  const may = await loadOrErrorPage(() => usablePerks(viewer));
  const leadDownload = may("leadDownload");
  // Without premium analytics the page gets the basic totals only, whatever range is asked.
  if (!may("analytics", "premium")) {
    const basic = await loadOrErrorPage(() => basicAnalytics(viewer));
    return { tier: "basic" as const, basic, leadDownload };
  }
  const report = await loadOrErrorPage(() =>
    analyticsReport(viewer, { days, listingLimit: TABLE_LISTINGS }),
  );
  return { tier: "premium" as const, report, tableLimit: TABLE_LISTINGS, leadDownload };
}

const STAT_KEYS: (keyof AnalyticsTotals)[] = [
  "views",
  "leads",
  "call",
  "whatsapp",
  "email",
  "share",
  "favorite",
  "callback",
];

export default function Analytics({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      {loaderData.tier === "basic" ? (
        <BasicAnalyticsView basic={loaderData.basic} />
      ) : (
        <PremiumAnalyticsView report={loaderData.report} tableLimit={loaderData.tableLimit} />
      )}
      {loaderData.leadDownload && <LeadsDownload />}
    </div>
  );
}

/** Lead download, for a plan that includes it (the API refuses it to anyone else). */
function LeadsDownload() {
  const t = useT();
  return (
    <a
      href="/api/v1/analytics/leads.csv"
      download
      className={buttonVariants({ variant: "outline", size: "md" })}
    >
      <Download aria-hidden className="size-4" />
      {t("dashboard.analytics.leadsDownload")}
      <span className="sr-only">: {t("dashboard.analytics.leadsDownloadHint")}</span>
    </a>
  );
}

/** The basic tier: the 30 days' views and leads in all, and what premium analytics adds. */
function BasicAnalyticsView({ basic }: { basic: BasicAnalytics }) {
  const t = useT();
  return (
    <div className="space-y-6">
      <div>
        <SectionHeading>{t("dashboard.analytics.title")}</SectionHeading>
        <p className="mt-1 text-sm text-muted">
          {t("dashboard.analytics.subtitle", {
            from: formatDay(basic.from),
            to: formatDay(basic.to),
          })}
        </p>
        <p className="mt-1 text-sm text-muted">{t("dashboard.analytics.basic.note")}</p>
      </div>
      <StatCards
        exact
        cards={(["views", "leads"] as const).map((key) => ({
          label: t(`dashboard.analytics.stats.${key}`),
          value: basic.totals[key],
        }))}
        className="grid grid-cols-2 gap-3 sm:max-w-md"
      />
      <a
        href={`/api/v1/analytics/report.csv?days=${basic.days}`}
        download
        className={buttonVariants({ variant: "outline", size: "md" })}
      >
        <Download aria-hidden className="size-4" />
        {t("dashboard.analytics.basic.totalsReport")}
      </a>
      <section
        aria-labelledby="premium-analytics"
        className="flex flex-col gap-4 rounded-2xl border border-accent-pale bg-gradient-to-r from-accent-tint to-white p-6 sm:flex-row sm:items-center"
      >
        <div className="flex-1">
          <SectionHeading as="h3" size="sm" id="premium-analytics">
            {t("dashboard.analytics.basic.upsellTitle")}
          </SectionHeading>
          <p className="mt-1 text-muted">{t("dashboard.analytics.basic.upsellBody")}</p>
          {basic.unlockingPlan && (
            <p className="mt-1 font-semibold text-ink">
              {t("dashboard.analytics.basic.upsellPlan", { plan: basic.unlockingPlan })}
            </p>
          )}
        </div>
        <Link
          to="/dashboard/premium-plans"
          className={cn(buttonVariants({ variant: "accent", size: "md" }), "px-5")}
        >
          {t("dashboard.analytics.basic.upsellCta")}
        </Link>
      </section>
    </div>
  );
}

function PremiumAnalyticsView({
  report,
  tableLimit,
}: {
  report: AnalyticsReport;
  tableLimit: number;
}) {
  const t = useT();
  const active = report.totals.views + report.totals.leads > 0;
  const reportUrl = (by: "listing" | "day") =>
    `/api/v1/analytics/report.csv?days=${report.days}&by=${by}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <SectionHeading>
            {report.platform ? t("dashboard.analytics.adminTitle") : t("dashboard.analytics.title")}
          </SectionHeading>
          <p className="mt-1 text-sm text-muted">
            {t("dashboard.analytics.subtitle", {
              from: formatDay(report.from),
              to: formatDay(report.to),
            })}
          </p>
        </div>
        <nav aria-label={t("dashboard.analytics.range")}>
          <ul className="inline-flex rounded-lg border border-line bg-surface p-1">
            {ANALYTICS_RANGES.map((days) => (
              <li key={days}>
                <Link
                  to={`?days=${days}`}
                  preventScrollReset
                  aria-current={days === report.days ? "page" : undefined}
                  className={cn(
                    "inline-flex h-9 items-center rounded-md px-3 text-sm font-semibold",
                    days === report.days
                      ? "bg-primary text-white"
                      : "text-muted hover:bg-surface-muted hover:text-ink",
                  )}
                >
                  {t(`dashboard.analytics.ranges.d${days}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <StatCards
        exact
        cards={STAT_KEYS.map((key) => ({
          label: t(`dashboard.analytics.stats.${key}`),
          value: report.totals[key],
        }))}
        className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7"
      />

      {active ? (
        <>
          <AnalyticsChart report={report} />
          <AnalyticsListingsTable report={report} limit={tableLimit} />
        </>
      ) : (
        <EmptyState
          title={t("dashboard.analytics.emptyTitle")}
          body={t("dashboard.analytics.empty")}
        />
      )}

      <div className="flex flex-wrap items-center gap-3">
        <a
          href={reportUrl("listing")}
          download
          className={buttonVariants({ variant: "outline", size: "md" })}
        >
          <Download aria-hidden className="size-4" />
          {t("dashboard.analytics.listingReport")}
          <span className="sr-only">: {t("dashboard.analytics.listingReportHint")}</span>
        </a>
        <a
          href={reportUrl("day")}
          download
          className="text-sm font-semibold text-primary-strong underline-offset-2 hover:underline"
        >
          {t("dashboard.analytics.dailyReport")}
        </a>
      </div>

      {!report.platform && (
        <div className="flex flex-col gap-4 rounded-2xl border border-accent-pale bg-gradient-to-r from-accent-tint to-white p-6 sm:flex-row sm:items-center">
          <div className="flex-1">
            <SectionHeading as="h3" size="sm">
              {t("dashboard.analytics.upgradeTitle")}
            </SectionHeading>
            <p className="mt-1 text-muted">{t("dashboard.analytics.upgradeBody")}</p>
          </div>
          <Link
            to="/dashboard/premium-plans"
            className={cn(buttonVariants({ variant: "accent", size: "md" }), "px-5")}
          >
            {t("dashboard.analytics.upgrade")}
          </Link>
        </div>
      )}
    </div>
  );
}
