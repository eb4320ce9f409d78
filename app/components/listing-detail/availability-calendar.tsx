import { useT } from "../../i18n/use-t.ts";
import { addDays, dayStart, isoDay } from "../../lib/booking-values.ts";
import { cn } from "../../lib/cn.ts";

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

/**
 * Months of days a stay can start on: days before the lister's notice and days taken or closed
 * are struck through and named "Not available" for screen readers, never by colour alone.
 */
export function AvailabilityCalendar({
  from,
  to,
  firstBookableDay,
  unavailable,
  unit,
}: {
  from: string;
  to: string;
  firstBookableDay: string;
  unavailable: { from: string; to: string }[];
  unit: "night" | "month";
}) {
  const t = useT();
  const isFree = (day: string) =>
    day >= from &&
    day < to &&
    day >= firstBookableDay &&
    !unavailable.some((range) => day >= range.from && day < range.to);
  return (
    <div className="mt-5 border-t border-stone-100 pt-4">
      <h3 className="text-sm font-semibold text-stone-900">{t("bookings.card.calendarTitle")}</h3>
      <p className="mt-1 flex items-center gap-3 text-xs text-stone-600">
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden
            className="inline-block size-3 rounded-sm bg-brand-50 ring-1 ring-brand-200"
          />
          {t("bookings.card.free")}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-stone-100 line-through" />
          {t("bookings.card.taken")}
        </span>
      </p>
      <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {monthsBetween(from, to).map((month) => (
          <table key={month.label} className="w-full table-fixed text-center text-xs">
            <caption className="mb-1 text-left text-sm font-medium text-stone-800">
              {t("bookings.card.calendarCaption", {
                month: month.label,
                start: t(`bookings.units.${unit}.startEvent`),
              })}
            </caption>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday} scope="col" className="py-1 font-medium text-stone-500">
                    {weekday}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week, index) => (
                <tr key={index}>
                  {week.map((day, column) => {
                    if (!day) return <td key={column} />;
                    const free = isFree(day);
                    const number = Number(day.slice(8));
                    return (
                      <td key={day} className="p-0.5">
                        <span
                          className={cn(
                            "block rounded-md py-1",
                            free
                              ? "bg-brand-50 font-medium text-brand-900"
                              : "text-stone-400 line-through",
                          )}
                        >
                          {number}
                          {!free && <span className="sr-only"> {t("bookings.card.taken")}</span>}
                        </span>
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
