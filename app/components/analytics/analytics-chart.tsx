import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import type { AnalyticsReport } from "../../lib/schemas/analytics.ts";
import { BarChart } from "../ui/bar-chart.tsx";
import { cardVariants } from "../ui/card.tsx";
import { TableHead } from "../ui/table-head.tsx";

const CHANNELS = ["call", "whatsapp", "email", "share", "favorite", "callback"] as const;

/**
 * Views and leads per day as two bar charts on their own scales (leads are a fraction of
 * views), with the same figures as a table behind a disclosure.
 */
export function AnalyticsChart({ report }: { report: AnalyticsReport }) {
  const t = useT();
  const labels = report.daily.map((d) => formatDay(d.day, { year: false }));
  const peak = report.daily.reduce(
    (best, day) => (day.views > best.views ? day : best),
    report.daily[0] ?? { day: report.to, views: 0 },
  );
  const summary = t("dashboard.analytics.chartSummary", {
    from: formatDay(report.from),
    to: formatDay(report.to),
    views: report.totals.views,
    leads: report.totals.leads,
    peakDay: formatDay(peak.day),
    peakViews: peak.views,
  });
  const series = [
    {
      key: "views",
      label: t("dashboard.analytics.stats.views"),
      values: report.daily.map((d) => d.views),
      bar: "fill-primary-vivid",
      swatch: "bg-primary-vivid",
    },
    {
      key: "leads",
      label: t("dashboard.analytics.stats.leads"),
      values: report.daily.map((d) => d.leads),
      bar: "fill-accent-mid",
      swatch: "bg-accent-mid",
    },
  ];
  return (
    <section aria-labelledby="analytics-chart" className={cn(cardVariants(), "p-4 sm:p-5")}>
      <h3 id="analytics-chart" className="font-semibold text-ink">
        {t("dashboard.analytics.chartTitle")}
      </h3>
      <p className="sr-only">{summary}</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {series.map((s) => (
          <figure key={s.key}>
            <figcaption className="mb-2 flex items-center gap-2 text-sm font-medium text-secondary">
              <span aria-hidden className={cn("size-3 rounded-sm", s.swatch)} />
              {s.label}
            </figcaption>
            <BarChart
              summary={`${s.label}: ${summary}`}
              values={s.values}
              labels={labels}
              barClassName={s.bar}
            />
          </figure>
        ))}
      </div>
      <details className="mt-5 group">
        <summary className="cursor-pointer text-sm font-semibold text-primary-strong hover:underline">
          {t("dashboard.analytics.showTable")}
        </summary>
        <div className="mt-3 max-h-96 overflow-auto rounded-lg border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("dashboard.analytics.chartTitle")}</caption>
            <TableHead
              sticky
              dense
              columns={[
                { label: t("dashboard.analytics.date") },
                ...["views", "leads", ...CHANNELS].map((key) => ({
                  label: t(`dashboard.analytics.stats.${key as (typeof CHANNELS)[number]}`),
                  numeric: true,
                })),
              ]}
            />
            <tbody className="divide-y divide-line-soft tabular-nums">
              {report.daily.map((day) => (
                <tr key={day.day}>
                  <th
                    scope="row"
                    className="px-3 py-1.5 font-normal whitespace-nowrap text-secondary"
                  >
                    {formatDay(day.day)}
                  </th>
                  {[day.views, day.leads, ...CHANNELS.map((c) => day[c])].map((value, i) => (
                    <td key={i} className="px-3 py-1.5 text-right text-secondary">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
