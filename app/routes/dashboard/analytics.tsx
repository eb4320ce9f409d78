import type { Route } from "./+types/analytics";
import { requireViewer } from "../../auth/guards.server.ts";
import { EmptyState, ListingRows, StatCards } from "../../components/dashboard/listing-rows.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  dashboardStats,
  listDashboardListings,
} from "../../services/dashboard/dashboard-listings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const [stats, rows] = await Promise.all([
    dashboardStats(viewer),
    listDashboardListings(viewer, 500),
  ]);
  const top = rows
    .filter((r) => r.views > 0)
    .sort((a, b) => b.views - a.views)
    .slice(0, 5);
  return {
    admin: viewer.role === "admin",
    stats,
    approved: rows.filter((r) => r.status === "approved").length,
    top,
  };
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currency } = useRootData();
  const { stats, approved, top, admin } = loaderData;
  const cards = [
    { label: t("dashboard.analytics.listings"), value: stats.listings },
    { label: t("dashboard.analytics.approved"), value: approved },
    { label: t("dashboard.analytics.pending"), value: stats.pending },
    { label: t("dashboard.analytics.views"), value: stats.views },
  ];
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold text-stone-900">
        {admin ? t("dashboard.analytics.adminTitle") : t("dashboard.analytics.title")}
      </h2>
      <StatCards cards={cards} className="grid grid-cols-2 gap-3 lg:grid-cols-4" />
      <div>
        <h3 className="mb-3 font-semibold text-stone-900">
          {t("dashboard.analytics.topListings")}
        </h3>
        {top.length > 0 ? (
          <ListingRows rows={top} currency={currency} showStatus showViews />
        ) : (
          <EmptyState
            title={t("dashboard.analytics.topListings")}
            body={t("dashboard.analytics.empty")}
          />
        )}
      </div>
    </div>
  );
}
