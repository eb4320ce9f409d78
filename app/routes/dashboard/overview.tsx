import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { requireViewer } from "../../auth/guards.server.ts";
import { ListingRows } from "../../components/listings/listing-rows.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { StatCards } from "../../components/ui/stat-cards.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { can, dashboardRole } from "../../lib/permissions.ts";
import {
  dashboardStats,
  listDashboardListings,
} from "../../services/dashboard/dashboard-listings.server.ts";
import { buttonVariants } from "../../components/ui/button.tsx";
import { PlatformFigures } from "../../components/analytics/platform-figures.tsx";
import { leadsThisWeek } from "../../services/analytics/analytics-report.server.ts";
import { platformOverview } from "../../services/analytics/platform-overview.server.ts";
import { countOpenReports } from "../../services/safety/report-queue.server.ts";
import { planUsageFor } from "../../services/premium/plan-limits.server.ts";
import { usedText } from "../../components/premium/plan-usage.tsx";
import { cn } from "../../lib/cn.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const [recent, stats, leads, platform, openReports, usage] = await Promise.all([
    listDashboardListings(viewer, 3),
    dashboardStats(viewer),
    leadsThisWeek(viewer),
    can(viewer, "analytics:view-platform") ? platformOverview(viewer) : null,
    can(viewer, "report:manage") ? countOpenReports(viewer) : null,
    planUsageFor(viewer),
  ]);
  return {
    role: dashboardRole(viewer.role),
    recent,
    stats,
    leads,
    platform,
    openReports,
    usage,
    messages: pickMessages(["safety.overview", "payments.plans"]),
  };
}

const buttonClass = buttonVariants({ size: "md" });

export default function Overview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currency } = useRootData();
  const { role, recent, stats, leads, platform, openReports, usage } = loaderData;
  const publisher = can({ role }, "listing:offer-add");
  const cards = !can({ role }, "listing:list-own")
    ? [{ label: t("dashboard.overview.statFavorites"), value: stats.favorites }]
    : [
        { label: t("dashboard.overview.statListings"), value: stats.listings },
        { label: t("dashboard.overview.statViews"), value: stats.views },
        { label: t("dashboard.overview.statPending"), value: stats.pending },
        { label: t("dashboard.platformOverview.leadsThisWeek"), value: leads },
      ];

  return (
    <div className="space-y-8">
      {platform ? (
        <PlatformFigures figures={platform} openReports={openReports} />
      ) : (
        <StatCards
          cards={cards}
          className={cn(
            "grid gap-3",
            cards.length > 1 ? "grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3",
          )}
        />
      )}

      <div>
        <h2 className="mb-3 text-lg font-bold text-ink">
          {t("dashboard.overview.recentActivity")}
        </h2>
        {recent.length > 0 ? (
          <ListingRows
            rows={recent}
            currency={currency}
            showStatus={can({ role }, "listing:list-own")}
            showViews
          />
        ) : (
          <EmptyState
            title={t("dashboard.overview.noActivity")}
            body={
              publisher
                ? t("dashboard.overview.noActivityPublisher")
                : role === "admin"
                  ? t("dashboard.overview.noActivityAdmin")
                  : t("dashboard.overview.noActivityUser")
            }
            action={
              publisher ? (
                <Link to="/add-listing" className={buttonClass}>
                  {t("dashboard.overview.addListing")}
                </Link>
              ) : role === "user" ? (
                <Link to="/real-estate" className={buttonClass}>
                  {t("dashboard.overview.explore")}
                </Link>
              ) : undefined
            }
          />
        )}
      </div>

      {publisher && (
        <div className="flex flex-col gap-4 rounded-2xl border border-accent-pale bg-gradient-to-r from-accent-tint to-white p-6 sm:flex-row sm:items-center">
          <div className="flex-1">
            <SectionHeading size="sm">{t("dashboard.overview.boostTitle")}</SectionHeading>
            <p className="mt-1 text-muted">{t("dashboard.overview.boostBody")}</p>
            {usage && (
              <p className="mt-2 text-sm text-secondary">
                <span className="font-semibold">
                  {usage.plan
                    ? t("payments.plans.usage.current", { plan: usage.plan.name })
                    : t("payments.plans.usage.free")}
                </span>
                {": "}
                {t("payments.plans.usage.listings")}{" "}
                {usedText(t, usage.listingsUsed, usage.listingLimit)}
                {" · "}
                {t("payments.plans.usage.featured")}{" "}
                {usedText(t, usage.featuredUsed, usage.featuredLimit)}
              </p>
            )}
          </div>
          <Link
            to="/dashboard/premium-plans"
            className={cn(buttonVariants({ variant: "accent", size: "md" }), "px-5")}
          >
            {t("dashboard.overview.upgrade")}
          </Link>
        </div>
      )}
    </div>
  );
}
