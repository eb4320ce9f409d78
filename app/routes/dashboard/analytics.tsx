import type { Route } from "./+types/analytics";
import { requirePermission } from "../../auth/guards.server.ts";
import { EmptyState, ListingRows, StatCards } from "../../components/dashboard/listing-rows.tsx";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import { can } from "../../lib/permissions.ts";
import {
  dashboardStats,
  mostViewedListings,
} from "../../services/dashboard/dashboard-listings.server.ts";

const TOP_LISTINGS = 5;

export async function loader({ context }: Route.LoaderArgs) {
  // The dashboard layout already refuses this tab to regular users; checked here as well.
  const viewer = await requirePermission(context, "analytics:view");
  const [stats, top] = await Promise.all([
    dashboardStats(viewer),
    mostViewedListings(viewer, TOP_LISTINGS),
  ]);
  return { admin: can(viewer, "analytics:view-platform"), stats, top };
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currency } = useRootData();
  const { stats, top, admin } = loaderData;
  const cards = [
    { label: t("dashboard.analytics.listings"), value: stats.listings },
    { label: t("dashboard.analytics.approved"), value: stats.approved },
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
