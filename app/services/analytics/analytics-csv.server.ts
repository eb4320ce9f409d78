import { createTranslator } from "../../i18n/translate.ts";
import type {
  AnalyticsReport,
  AnalyticsTotals,
  ReportLayout,
} from "../../lib/schemas/analytics.ts";

/**
 * The analytics report as CSV (RFC 4180: comma-separated, CRLF, fields quoted when they need
 * it), one row per listing or per day, with a closing total row that matches the stat cards; or,
 * for the basic tier, the period's views and leads alone.
 */

/** A premium report's layout, or the basic tier's totals. */
export type CsvLayout = ReportLayout | "total";

const FIGURES: (keyof AnalyticsTotals)[] = [
  "views",
  "leads",
  "call",
  "whatsapp",
  "email",
  "share",
  "favorite",
  "callback",
];

/**
 * One field. A cell a spreadsheet would read as a formula (a listing's title is anyone's text)
 * is prefixed with an apostrophe, so it stays text.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(fields: (string | number)[]): string {
  return fields.map(csvField).join(",");
}

export function reportCsv(report: AnalyticsReport, by: CsvLayout): string {
  const t = createTranslator();
  if (by === "total") {
    const basic = ["views", "leads"] as const;
    return `${[
      csvLine(basic.map((key) => t(`dashboard.analytics.stats.${key}`))),
      csvLine(basic.map((key) => report.totals[key])),
    ].join("\r\n")}\r\n`;
  }
  const figureHeaders = FIGURES.map((key) => t(`dashboard.analytics.stats.${key}`));
  const figures = (row: AnalyticsTotals) => FIGURES.map((key) => row[key]);
  const total = t("dashboard.analytics.csv.total");
  const lines =
    by === "day"
      ? [
          csvLine([t("dashboard.analytics.csv.date"), ...figureHeaders]),
          ...report.daily.map((day) => csvLine([day.day, ...figures(day)])),
          csvLine([total, ...figures(report.totals)]),
        ]
      : [
          csvLine([
            t("dashboard.analytics.csv.listingId"),
            t("dashboard.analytics.csv.listing"),
            ...figureHeaders,
          ]),
          ...report.listings.map((row) => csvLine([row.id, row.title, ...figures(row)])),
          csvLine([total, "", ...figures(report.totals)]),
        ];
  return `${lines.join("\r\n")}\r\n`;
}

/** The download's file name: what it covers and until when. */
export function reportFileName(report: AnalyticsReport, by: CsvLayout): string {
  const name = { day: "daily", listing: "listings", total: "totals" }[by];
  return `gateway-africa-analytics-${name}-${report.from}-to-${report.to}.csv`;
}
