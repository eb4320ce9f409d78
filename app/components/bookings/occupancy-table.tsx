import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import {
  bookingsHref,
  type OccupancyCell,
  type OccupancyRow,
} from "../../lib/booking-dashboard.ts";
import { monthDays, shiftMonth } from "../../lib/months.ts";
import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";

const monthName = new Intl.DateTimeFormat("en", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const weekday = new Intl.DateTimeFormat("en", { weekday: "narrow", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

const navLink = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1 px-2.5");

/**
 * A month of nights per listing: a table whose cells say Booked or Requested in words (a letter
 * on screen, the word for screen readers), in a box of its own that scrolls sideways on phones.
 */
export function OccupancyTable({
  month,
  rows,
  today,
}: {
  month: string;
  rows: OccupancyRow[];
  today: string;
}) {
  const t = useT();
  const headingId = useId();
  const captionId = useId();
  const hintId = useId();
  const days = monthDays(month);
  const label = monthLabel(month);
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return (
    <section id="occupancy" aria-labelledby={headingId} className="scroll-mt-24">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-ink-soft">
          {t("bookingsDashboard.occupancy.title")}
        </h3>
        <nav
          aria-label={t("bookingsDashboard.occupancy.month")}
          className="flex items-center gap-2"
        >
          <Link
            to={`${bookingsHref({ month: previous })}#occupancy`}
            preventScrollReset
            aria-label={`${t("bookingsDashboard.occupancy.previous")}: ${monthLabel(previous)}`}
            className={navLink}
          >
            <ChevronLeft aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">{monthLabel(previous)}</span>
          </Link>
          <p aria-current="date" className="min-w-32 text-center text-sm font-semibold text-ink">
            {label}
          </p>
          <Link
            to={`${bookingsHref({ month: next })}#occupancy`}
            preventScrollReset
            aria-label={`${t("bookingsDashboard.occupancy.next")}: ${monthLabel(next)}`}
            className={navLink}
          >
            <span className="sr-only sm:not-sr-only">{monthLabel(next)}</span>
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </nav>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong bg-surface px-4 py-3 text-sm text-muted">
          {t("bookingsDashboard.occupancy.empty", { month: label })}
        </p>
      ) : (
        <>
          <Legend />
          {/* The caption is read here, where it wraps; the table keeps it for screen readers. */}
          <p aria-hidden className="mb-1 text-sm text-muted">
            {t("bookingsDashboard.occupancy.caption", { month: label })}
          </p>
          <p id={hintId} className="mb-1 text-xs text-subtle md:hidden">
            {t("bookingsDashboard.occupancy.scrollHint")}
          </p>
          <div
            role="region"
            aria-labelledby={captionId}
            aria-describedby={hintId}
            tabIndex={0}
            className="relative max-w-full overflow-x-auto rounded-xl border border-line bg-surface focus-visible:ring-2 focus-visible:ring-primary-vivid focus-visible:outline-none"
          >
            <table className="min-w-full border-separate border-spacing-0 text-xs">
              <caption id={captionId} className="sr-only">
                {t("bookingsDashboard.occupancy.caption", { month: label })}
              </caption>
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="sticky left-0 z-10 border-b border-line bg-canvas px-3 py-2 text-left font-semibold text-muted"
                  >
                    {t("bookingsDashboard.occupancy.listing")}
                  </th>
                  {days.map((day) => (
                    <th
                      key={day}
                      scope="col"
                      className={cn(
                        "min-w-8 border-b border-line bg-canvas px-0.5 py-1 text-center font-medium text-muted",
                        day === today && "bg-primary-tint text-primary-deep",
                      )}
                    >
                      <span className="sr-only">
                        {longDay.format(new Date(`${day}T00:00:00Z`))}
                      </span>
                      <span aria-hidden className="block text-[10px] text-faint">
                        {weekday.format(new Date(`${day}T00:00:00Z`))}
                      </span>
                      <span aria-hidden className="tabular-nums">
                        {Number(day.slice(8))}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.listingId}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 max-w-36 truncate border-b border-line-soft bg-surface px-3 py-1.5 text-left font-medium text-ink-soft sm:max-w-56"
                      title={row.title}
                    >
                      {row.title}
                    </th>
                    {row.cells.map((cell, index) => (
                      <NightCell key={days[index]} cell={cell} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function NightCell({ cell }: { cell: OccupancyCell | null }) {
  const t = useT();
  if (!cell) return <td className="h-8 border-b border-l border-line-soft" />;
  const word = t(`bookingsDashboard.occupancy.${cell.state}`);
  const text = t("bookingsDashboard.occupancy.cellLabel", {
    state: word,
    name: cell.guestName,
    id: cell.bookingId,
  });
  return (
    <td
      title={text}
      data-state={cell.state}
      className={cn(
        "h-8 border-b border-l border-line-soft text-center font-bold",
        cell.state === "booked"
          ? "bg-primary text-white"
          : "bg-[repeating-linear-gradient(135deg,var(--color-warning-soft)_0_4px,var(--color-warning-pale)_4px_8px)] text-warning-deep",
      )}
    >
      <span aria-hidden>
        {t(
          cell.state === "booked"
            ? "bookingsDashboard.occupancy.bookedShort"
            : "bookingsDashboard.occupancy.requestedShort",
        )}
      </span>
      <span className="sr-only">{text}</span>
    </td>
  );
}

function Legend() {
  const t = useT();
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden>
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-flex size-5 items-center justify-center rounded bg-primary font-bold text-white">
          {t("bookingsDashboard.occupancy.bookedShort")}
        </span>
        {t("bookingsDashboard.occupancy.booked")}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-flex size-5 items-center justify-center rounded bg-warning-soft font-bold text-warning-deep ring-1 ring-warning-light">
          {t("bookingsDashboard.occupancy.requestedShort")}
        </span>
        {t("bookingsDashboard.occupancy.requested")}
      </li>
    </ul>
  );
}
