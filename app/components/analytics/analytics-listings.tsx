import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { AnalyticsListingRow, AnalyticsReport } from "../../lib/schemas/analytics.ts";
import { DataTable, type DataColumn } from "../ui/data-table.tsx";

const FIGURES = [
  "views",
  "leads",
  "call",
  "whatsapp",
  "email",
  "share",
  "favorite",
  "callback",
] as const;

/** Views and leads by channel for each listing with activity in the period. */
export function AnalyticsListingsTable({
  report,
  limit,
}: {
  report: AnalyticsReport;
  limit: number;
}) {
  const t = useT();
  const title = (row: AnalyticsListingRow) => (
    <Link to={`/listing/${row.id}`} className="font-medium text-ink hover:underline">
      {row.title}
    </Link>
  );
  const columns: DataColumn<AnalyticsListingRow>[] = [
    { label: t("dashboard.analytics.listing"), cell: title, inCard: false },
    ...FIGURES.map((key) => ({
      label: t(`dashboard.analytics.stats.${key}`),
      cell: (row: AnalyticsListingRow) => row[key].toLocaleString("en"),
      numeric: true,
    })),
  ];
  return (
    <section aria-labelledby="analytics-listings">
      <h3 id="analytics-listings" className="mb-1 font-semibold text-ink">
        {t("dashboard.analytics.byListing")}
      </h3>
      {report.listings.length >= limit && (
        <p className="mb-3 text-sm text-muted">
          {t("dashboard.analytics.byListingNote", { count: limit })}
        </p>
      )}
      <div className="mt-3">
        <DataTable
          label={t("dashboard.analytics.byListing")}
          columns={columns}
          rows={report.listings}
          rowKey={(row) => String(row.id)}
          cardTitle={title}
        />
      </div>
    </section>
  );
}
