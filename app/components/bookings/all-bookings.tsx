import { useId } from "react";
import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import { formatPrice, type DisplayCurrency } from "../../lib/money.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import { DataTable, type DataColumn } from "../ui/data-table.tsx";
import { ListingLink, stayText } from "./booking-facts.tsx";
import { CancelLink } from "./row-actions.tsx";
import { BookingStatusBadge } from "./status-badge.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/**
 * Every booking on the platform for the administrator, newest first: who booked what from whom,
 * when, its status and total, and Cancel (with a reason) while the bookings service allows it.
 */
export function AllBookings({
  bookings,
  month,
  currency,
}: {
  bookings: BookingView[];
  month: string | null;
  currency: DisplayCurrency;
}) {
  const t = useT();
  const headingId = useId();
  const c = (key: keyof typeof COLUMNS) => t(COLUMNS[key]);
  const columns: DataColumn<BookingView>[] = [
    {
      label: c("booking"),
      cell: (b) => (
        <span className="whitespace-nowrap tabular-nums">
          #{b.id}
          <span className="block text-xs text-subtle">{formatDay(b.createdAt.slice(0, 10))}</span>
        </span>
      ),
    },
    { label: c("listing"), cell: (b) => <ListingLink booking={b} />, inCard: false },
    { label: c("guest"), cell: (b) => b.guestName },
    { label: c("host"), cell: (b) => b.hostName },
    { label: c("dates"), cell: (b) => stayText(t, b) },
    {
      label: c("status"),
      cell: (b) => (
        <>
          <BookingStatusBadge status={b.status} />
          {b.status === "cancelled" && b.cancelledBy && (
            <span className="mt-1 block text-xs text-subtle">
              {t(`bookingsDashboard.row.cancelledBy.${b.cancelledBy}`)}
            </span>
          )}
        </>
      ),
    },
    {
      label: c("total"),
      numeric: true,
      cell: (b) => (
        <span className="whitespace-nowrap">{formatPrice(b.price.totalUsdCents, currency)}</span>
      ),
    },
    {
      label: c("actions"),
      cell: (b) => b.may.cancel && <CancelLink booking={b} month={month} />,
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{t("bookingsDashboard.platform.title")}</SectionHeading>
      <p className="mt-1 mb-4 text-muted">
        {t("bookingsDashboard.platform.subtitle")}{" "}
        {bookings.length > 0 && t("bookingsDashboard.platform.shown", { count: bookings.length })}
      </p>
      {bookings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong bg-surface px-4 py-3 text-sm text-muted">
          {t("bookingsDashboard.platform.empty")}
        </p>
      ) : (
        <DataTable
          label={t("bookingsDashboard.platform.title")}
          columns={columns}
          rows={bookings}
          rowKey={(b) => String(b.id)}
          cardTitle={(b) => <ListingLink booking={b} />}
        />
      )}
    </section>
  );
}

const COLUMNS = {
  booking: "bookingsDashboard.platform.columns.booking",
  listing: "bookingsDashboard.platform.columns.listing",
  guest: "bookingsDashboard.platform.columns.guest",
  host: "bookingsDashboard.platform.columns.host",
  dates: "bookingsDashboard.platform.columns.dates",
  status: "bookingsDashboard.platform.columns.status",
  total: "bookingsDashboard.platform.columns.total",
  actions: "bookingsDashboard.platform.columns.actions",
} as const;
