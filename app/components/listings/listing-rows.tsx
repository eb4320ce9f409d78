import { Eye, ImageOff } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { ListingStatus } from "../../lib/listing-values.ts";
import { formatPrice, formatPriceType, type DisplayCurrency } from "../../lib/money.ts";
import type { DashboardListingRow } from "../../lib/schemas/listing-view.ts";
import { buttonVariants } from "../ui/button.tsx";
import { Badge } from "../ui/badge.tsx";
import { cardVariants } from "../ui/card.tsx";

const STATUS_STYLE: Record<ListingStatus, string> = {
  pending_approval: "bg-warning-soft text-warning-strong",
  approved: "bg-primary-soft text-primary-strong",
  rejected: "bg-danger-soft text-danger-strong",
  paused: "bg-surface-strong text-ink-soft",
};

export function StatusBadge({ status }: { status: ListingStatus }) {
  const t = useT();
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_STYLE[status])}>
      {t(`dashboard.status.${status}`)}
    </span>
  );
}

/** Listing rows of the dashboard: thumbnail, title, category, price, badges and View. */
export function ListingRows<R extends DashboardListingRow>({
  rows,
  currency,
  showStatus,
  showViews = false,
  actions,
  details,
}: {
  rows: R[];
  currency: DisplayCurrency;
  showStatus: boolean;
  showViews?: boolean;
  actions?: (row: R) => React.ReactNode;
  /** A line under the row's facts: a status note, who submitted it. */
  details?: (row: R) => React.ReactNode;
}) {
  const t = useT();
  return (
    <ul className={cn(cardVariants({ elevated: false }), "divide-y divide-line-soft")}>
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap sm:gap-4">
          {row.thumbnail ? (
            <img
              src={`/media/${row.thumbnail}-thumb.webp`}
              alt=""
              width={64}
              height={48}
              loading="lazy"
              className="h-12 w-16 shrink-0 rounded-md object-cover"
            />
          ) : (
            <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded-md bg-surface-muted text-faint">
              <ImageOff aria-hidden className="size-5" />
            </span>
          )}
          <div className="min-w-0 flex-1 basis-[calc(100%-5rem)] sm:basis-auto">
            <p className="truncate font-semibold text-ink">{row.title}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-sm text-muted">
              <span>{t(`values.categoryBadge.${row.category}`)}</span>
              <span aria-hidden>·</span>
              <span className="font-medium text-primary-strong">
                {formatPrice(row.priceUsdCents, currency, "en", t("values.priceNotAvailable"))}
                {row.priceUsdCents !== null &&
                  row.priceType &&
                  ` / ${formatPriceType(row.priceType)}`}
              </span>
              {showStatus && <StatusBadge status={row.status} />}
              {row.featured && <Badge tone="sun">{t("dashboard.listings.featured")}</Badge>}
              {row.agentType === "premium" && (
                <Badge tone={null} className="bg-primary-deep text-accent-pale">
                  {t("dashboard.listings.premium")}
                </Badge>
              )}
              {showViews && (
                <span className="inline-flex items-center gap-1 text-xs text-subtle">
                  <Eye aria-hidden className="size-3.5" />
                  {t("dashboard.overview.views", { count: row.views })}
                </span>
              )}
            </p>
            {details?.(row)}
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:shrink-0 sm:justify-end">
            <Link
              to={`/listing/${row.id}`}
              className={cn(buttonVariants({ variant: "outline", size: "sm" }), "text-secondary")}
            >
              {t("dashboard.listings.view")}
            </Link>
            {actions?.(row)}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A row of figures (counts from the database), each with its label. */
