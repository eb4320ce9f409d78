import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n/use-t.ts";
import { addDays, dayStart, isoDay } from "../../lib/booking-values.ts";
import { cn } from "../../lib/cn.ts";
import {
  dayAfterKey,
  isFreeNight,
  isPickable,
  type CalendarDays,
  type ChosenDates,
} from "../../lib/stay-calendar.ts";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** The months from `from` to `to`, each as its weeks of ISO days (null pads the first week). */
function monthsBetween(from: string, to: string): { label: string; weeks: (string | null)[][] }[] {
  const months: { label: string; weeks: (string | null)[][] }[] = [];
  let first = `${from.slice(0, 7)}-01`;
  while (first < to) {
    const start = dayStart(first);
    const label = start.toLocaleDateString("en", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const pad = (start.getUTCDay() + 6) % 7;
    const days: (string | null)[] = Array.from({ length: pad }, () => null);
    for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) {
      days.push(day);
    }
    const weeks: (string | null)[][] = [];
    for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
    months.push({ label, weeks });
    const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    first = isoDay(next);
  }
  return months;
}

/** "Wednesday, December 2, 2026": a day's name for screen readers. */
function fullDate(day: string): string {
  return dayStart(day).toLocaleDateString("en", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Months of days a stay can start on, as date grids: a tap (or Enter or Space on the focused
 * day) picks the check-in, then the check-out, and fills the booking card's dates. The arrows,
 * Home and End move between days. Days before the lister's notice and days taken or closed are
 * struck through and named "Not available" for screen readers, never by colour alone.
 */
export function AvailabilityCalendar({
  days,
  unit,
  chosen,
  onPick,
}: {
  days: CalendarDays;
  unit: "night" | "month";
  chosen: ChosenDates;
  onPick: (day: string) => void;
}) {
  const t = useT();
  const shown = { from: days.from, to: days.to };
  const inRange = (day: string) => day >= days.from && day < days.to;
  const firstFree = (() => {
    for (let day = days.from; day < days.to; day = addDays(day, 1)) {
      if (isFreeNight(days, day)) return day;
    }
    return days.from;
  })();
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const tabStop =
    focusDay ?? (chosen.checkIn && inRange(chosen.checkIn) ? chosen.checkIn : firstFree);
  const grids = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grids.current?.querySelector<HTMLButtonElement>(`[data-day="${tabStop}"]`)?.focus();
  }, [tabStop]);

  const onKeyDown = (event: React.KeyboardEvent, day: string) => {
    const next = dayAfterKey(day, event.key, shown);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocusDay(next);
  };

  const selectedNight = (day: string) =>
    chosen.checkIn !== "" &&
    (day === chosen.checkIn ||
      (chosen.checkOut !== "" && day > chosen.checkIn && day <= chosen.checkOut));

  return (
    <div className="mt-5 border-t border-line-soft pt-4">
      <h3 className="text-sm font-semibold text-ink">{t("bookings.card.calendarTitle")}</h3>
      <p className="mt-1 text-xs text-muted">
        {t(unit === "month" ? "bookings.card.calendarHintMonth" : "bookings.card.calendarHint")}
      </p>
      <p className="mt-1 flex items-center gap-3 text-xs text-muted">
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden
            className="inline-block size-3 rounded-sm bg-primary-tint ring-1 ring-primary-pale"
          />
          {t("bookings.card.free")}
        </span>
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden
            className="inline-block size-3 rounded-sm bg-surface-muted line-through"
          />
          {t("bookings.card.taken")}
        </span>
      </p>
      <div ref={grids} className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {monthsBetween(days.from, days.to).map((month) => (
          <table key={month.label} role="grid" className="w-full table-fixed text-center text-xs">
            <caption className="mb-1 text-left text-sm font-medium text-ink-soft">
              {t("bookings.card.calendarCaption", {
                month: month.label,
                start: t(`bookings.units.${unit}.startEvent`),
              })}
            </caption>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday} scope="col" className="py-1 font-medium text-subtle">
                    {weekday}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week, index) => (
                <tr key={index}>
                  {week.map((day, column) => {
                    if (!day) return <td key={column} role="gridcell" />;
                    if (!inRange(day)) {
                      return (
                        <td key={day} role="gridcell" aria-disabled className="p-0.5">
                          <span className="block py-1.5 text-faint line-through">
                            {Number(day.slice(8))}
                            <span className="sr-only"> {t("bookings.card.taken")}</span>
                          </span>
                        </td>
                      );
                    }
                    const free = isFreeNight(days, day);
                    const pickable = isPickable(days, chosen, unit, day);
                    const selected = selectedNight(day);
                    const end = day === chosen.checkIn || day === chosen.checkOut;
                    return (
                      <td key={day} role="gridcell" aria-selected={selected} className="p-0.5">
                        <button
                          type="button"
                          data-day={day}
                          tabIndex={day === tabStop ? 0 : -1}
                          aria-label={
                            free ? fullDate(day) : `${fullDate(day)}, ${t("bookings.card.taken")}`
                          }
                          aria-disabled={!pickable || undefined}
                          onClick={() => {
                            setFocusDay(day);
                            if (pickable) onPick(day);
                          }}
                          onKeyDown={(event) => onKeyDown(event, day)}
                          className={cn(
                            "block h-8 w-full rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary",
                            selected && end
                              ? "bg-primary font-semibold text-white"
                              : selected
                                ? "bg-primary-pale font-medium text-primary-deep"
                                : free
                                  ? "bg-primary-tint font-medium text-primary-deep hover:bg-primary-soft"
                                  : "text-faint line-through",
                            pickable ? "cursor-pointer" : "cursor-default",
                          )}
                        >
                          {Number(day.slice(8))}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
