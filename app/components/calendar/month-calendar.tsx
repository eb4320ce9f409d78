import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import {
  dayState,
  monthWeeks,
  stateRuns,
  type CalendarBlock,
  type CalendarBooking,
  type CalendarDeparture,
  type CalendarFormResult,
  type DayState,
} from "../../lib/booking-calendar.ts";
import { monthDays, shiftMonth } from "../../lib/months.ts";
import { addDays, type BookingUnit } from "../../lib/booking-values.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import { Button, buttonVariants } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { PanelCard, RefusalNote, useFormResult, useSending } from "./calendar-form-parts.tsx";

const MONTH_NAME = new Intl.DateTimeFormat("en", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const WEEKDAY_SHORT = new Intl.DateTimeFormat("en", { weekday: "short", timeZone: "UTC" });
const WEEKDAY_LONG = new Intl.DateTimeFormat("en", { weekday: "long", timeZone: "UTC" });
/** Monday 1 January 2024 and the six days after it: the column headers, Monday first. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)));

function monthName(month: string): string {
  return MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));
}

/** The look of a day by what its night is; the words say it too, colour is never alone. */
function stateClass(state: DayState): string {
  switch (state.kind) {
    case "booked":
      return state.status === "confirmed"
        ? "bg-primary-soft text-primary-deep"
        : "bg-warning-soft text-warning-deep";
    case "closed":
      return "bg-surface-strong text-ink-soft";
    case "imported":
      return "bg-info-soft text-info-deep";
    case "past":
      return "bg-surface-muted text-muted";
    default:
      return "bg-surface text-ink-soft";
  }
}

const LEGEND: DayState[] = [
  { kind: "free" },
  { kind: "booked", status: "confirmed", guests: 1 },
  { kind: "booked", status: "requested", guests: 1 },
  { kind: "closed" },
  { kind: "imported", summary: null },
  { kind: "past" },
];

/**
 * The month view of a listing's calendar: a table of weeks on wider screens, a list of runs of
 * days on phones, with links to the months before and after. Stays also get the form that closes
 * nights and opens them again, and the list of the month's closed nights; a tour's days show its
 * departures.
 */
export function MonthCalendar({
  action,
  listingId,
  unit,
  month,
  today,
  calendar,
  result,
}: {
  action: string;
  listingId: number;
  unit: BookingUnit;
  month: string;
  today: string;
  calendar: {
    blocks: CalendarBlock[];
    bookings: CalendarBooking[];
    departures: CalendarDeparture[];
  };
  result: CalendarFormResult | null;
}) {
  const t = useT();
  const stays = unit !== "departure";
  const href = (target: string) => `/dashboard/my-listings/${listingId}/calendar?month=${target}`;
  const name = monthName(month);
  const departureOn = new Map(calendar.departures.map((d) => [d.departsOn, d]));
  const stateOf = (day: string) => dayState(day, calendar, today);

  function stateLabel(state: DayState): string {
    switch (state.kind) {
      case "booked":
        return t("bookingManage.calendar.booked", {
          status: t(`bookings.statuses.${state.status}`),
        });
      case "closed":
        return t("bookingManage.calendar.closed");
      case "imported":
        return t("bookingManage.calendar.imported");
      case "past":
        return t("bookingManage.calendar.past");
      default:
        return t("bookingManage.calendar.free");
    }
  }

  function departureLabel(departure: CalendarDeparture, short: boolean): string {
    return t(short ? "bookingManage.calendar.departureShort" : "bookingManage.calendar.departure", {
      left: departure.seatsLeft,
      seats: departure.seats,
    });
  }

  const navClass = cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1 text-secondary");
  const nav = (
    <nav aria-label={t("bookingManage.calendar.title")} className="flex flex-wrap gap-2">
      <Link to={href(shiftMonth(month, -1))} preventScrollReset className={navClass}>
        <ChevronLeft aria-hidden className="size-4" />
        {t("bookingManage.calendar.previous")}
      </Link>
      {month !== today.slice(0, 7) && (
        <Link to={href(today.slice(0, 7))} preventScrollReset className={navClass}>
          {t("bookingManage.calendar.thisMonth")}
        </Link>
      )}
      <Link to={href(shiftMonth(month, 1))} preventScrollReset className={navClass}>
        {t("bookingManage.calendar.next")}
        <ChevronRight aria-hidden className="size-4" />
      </Link>
    </nav>
  );

  const monthDepartures = calendar.departures.filter((d) => d.departsOn.startsWith(month));

  return (
    <PanelCard
      id="calendar-title"
      title={`${t("bookingManage.calendar.title")}: ${name}`}
      actions={nav}
    >
      {stays && (
        <ul
          aria-label={t("bookingManage.calendar.legend")}
          className="flex flex-wrap gap-2 text-xs"
        >
          {LEGEND.map((state) => (
            <li
              key={stateLabel(state)}
              className={cn("rounded-md border border-line px-2 py-1", stateClass(state))}
            >
              {stateLabel(state)}
            </li>
          ))}
        </ul>
      )}

      <table className="hidden w-full table-fixed border-collapse text-left sm:table">
        <caption className="sr-only">{name}</caption>
        <thead>
          <tr>
            {WEEK.map((date) => (
              <th
                key={date.getUTCDay()}
                scope="col"
                className="pb-2 text-center text-xs font-semibold text-subtle uppercase"
              >
                <abbr title={WEEKDAY_LONG.format(date)} className="no-underline">
                  {WEEKDAY_SHORT.format(date)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) => {
                if (!day) return <td key={`empty-${i}`} className="border border-line-soft" />;
                const state = stays ? stateOf(day) : null;
                const departure = departureOn.get(day);
                return (
                  <td
                    key={day}
                    data-day={day}
                    data-state={state?.kind ?? (departure ? "departure" : "none")}
                    aria-current={day === today ? "date" : undefined}
                    className={cn(
                      "h-20 border border-line-soft p-1.5 align-top",
                      state ? stateClass(state) : departure ? "bg-primary-tint" : "bg-surface",
                      // A past day's own grey says so; a past booking or departure is dimmed.
                      day < today && state?.kind !== "past" && "opacity-60",
                    )}
                  >
                    <span
                      className={cn(
                        "inline-flex size-6 items-center justify-center rounded-full text-sm font-semibold",
                        day === today && "bg-primary text-white",
                      )}
                    >
                      {Number(day.slice(8))}
                    </span>
                    {day === today && (
                      <span className="sr-only">{t("bookingManage.calendar.today")}</span>
                    )}
                    {state && (
                      <span className="mt-0.5 block text-[11px] leading-tight wrap-break-word">
                        {stateLabel(state)}
                        {state.kind === "booked" && (
                          <span className="block">
                            {t(`bookings.units.${unit}.peopleCount`, { count: state.guests })}
                          </span>
                        )}
                      </span>
                    )}
                    {departure && (
                      <span className="mt-0.5 block text-[11px] leading-tight font-semibold text-primary-deep">
                        {departureLabel(departure, true)}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="sm:hidden">
        {stays ? (
          <ol
            aria-label={t("bookingManage.calendar.phoneList", { month: name })}
            className="space-y-1.5"
          >
            {stateRuns(monthDays(month), stateOf).map((run) => (
              <li
                key={run.first}
                className={cn(
                  "flex items-baseline justify-between gap-3 rounded-lg border border-line px-3 py-2 text-sm",
                  stateClass(run.state),
                )}
              >
                <span className="font-semibold">
                  {run.first === run.last
                    ? formatDay(run.first, { year: false })
                    : t("bookingManage.calendar.range", {
                        from: formatDay(run.first, { year: false }),
                        to: formatDay(run.last, { year: false }),
                      })}
                </span>
                <span className="text-right">
                  {stateLabel(run.state)}
                  {run.state.kind === "booked" &&
                    ` · ${t(`bookings.units.${unit}.peopleCount`, { count: run.state.guests })}`}
                </span>
              </li>
            ))}
          </ol>
        ) : monthDepartures.length > 0 ? (
          <ol
            aria-label={t("bookingManage.calendar.phoneList", { month: name })}
            className="space-y-1.5"
          >
            {monthDepartures.map((departure) => (
              <li
                key={departure.id}
                className="flex items-baseline justify-between gap-3 rounded-lg border border-line bg-primary-tint px-3 py-2 text-sm text-primary-deep"
              >
                <span className="font-semibold">{formatDay(departure.departsOn)}</span>
                <span>{departureLabel(departure, true)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted">{t("bookingManage.departures.none")}</p>
        )}
      </div>

      {stays && (
        <>
          <NightsForm action={action} result={result} />
          <ClosedNights action={action} name={name} blocks={calendar.blocks} />
        </>
      )}
    </PanelCard>
  );
}

/** Close nights from a first to a last night, or open them again: one form, two buttons. */
function NightsForm({ action, result }: { action: string; result: CalendarFormResult | null }) {
  const t = useT();
  const location = useLocation();
  const { error, refusal, value } = useFormResult(result, ["close", "open"]);
  const closing = useSending("close");
  const opening = useSending("open");
  return (
    <Form
      method="post"
      action={action}
      key={location.key}
      aria-labelledby="nights-title"
      className="space-y-3 border-t border-line-soft pt-4"
    >
      <h4 id="nights-title" className="font-semibold text-ink">
        {t("bookingManage.calendar.closeTitle")}
      </h4>
      <p className="text-sm text-muted">{t("bookingManage.calendar.closeHint")}</p>
      <RefusalNote text={refusal} />
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <Field
          name="from"
          type="date"
          required
          label={t("bookingManage.calendar.firstNight")}
          defaultValue={value("from", "")}
          error={error("from")}
        />
        <Field
          name="last"
          type="date"
          required
          label={t("bookingManage.calendar.lastNight")}
          defaultValue={value("last", "")}
          error={error("last")}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="close" size="md" disabled={closing || opening}>
          {t("bookingManage.calendar.close")}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="open"
          variant="brandOutline"
          size="md"
          disabled={closing || opening}
        >
          {t("bookingManage.calendar.open")}
        </Button>
      </div>
    </Form>
  );
}

/** The month's closed nights: those closed by hand with an Open button, imported ones as such. */
function ClosedNights({
  action,
  name,
  blocks,
}: {
  action: string;
  name: string;
  blocks: CalendarBlock[];
}) {
  const t = useT();
  const range = (block: CalendarBlock) => {
    const last = addDays(block.to, -1);
    return last === block.from
      ? formatDay(block.from)
      : t("bookingManage.calendar.range", { from: formatDay(block.from), to: formatDay(last) });
  };
  return (
    <div className="space-y-2 border-t border-line-soft pt-4">
      <h4 className="font-semibold text-ink">
        {t("bookingManage.calendar.closedList", { month: name })}
      </h4>
      {blocks.length === 0 ? (
        <p className="text-sm text-muted">{t("bookingManage.calendar.noneClosed")}</p>
      ) : (
        <ul className="divide-y divide-line-soft rounded-lg border border-line">
          {blocks.map((block) => (
            <li
              key={block.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span className="min-w-0">
                <span className="font-semibold text-ink">{range(block)}</span>
                {block.imported && (
                  <span className="block text-muted wrap-anywhere">
                    {t("bookingManage.calendar.importedFrom", {
                      summary: block.summary ? ` (${block.summary})` : "",
                    })}
                  </span>
                )}
              </span>
              {!block.imported && (
                <Form method="post" action={action} preventScrollReset>
                  <input type="hidden" name="intent" value="open" />
                  <input type="hidden" name="from" value={block.from} />
                  <input type="hidden" name="last" value={addDays(block.to, -1)} />
                  <button
                    type="submit"
                    aria-label={t("bookingManage.calendar.openRangeLabel", { range: range(block) })}
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    {t("bookingManage.calendar.openRange")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
