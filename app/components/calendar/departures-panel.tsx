import { Form, useLocation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { CalendarDeparture, CalendarFormResult } from "../../lib/booking-calendar.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format-day.ts";
import { buttonVariants, SubmitButton } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { PanelCard, RefusalNote, useFormResult, useSending } from "./calendar-form-parts.tsx";

const MAX_SEATS = 500;

/** One departure: its seats, booked and left; its seats changed in place, removed while unbooked. */
function DepartureRow({
  action,
  departure,
  past,
}: {
  action: string;
  departure: CalendarDeparture;
  past: boolean;
}) {
  const t = useT();
  const date = formatDay(departure.departsOn);
  const booked = departure.seats - departure.seatsLeft;
  const seatsId = `seats-${departure.id}`;
  return (
    <li
      data-departure={departure.departsOn}
      className={cn("flex flex-col gap-3 p-3 lg:flex-row lg:items-center", past && "opacity-70")}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{date}</p>
        <dl className="mt-0.5 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted">
          <div className="flex gap-1">
            <dt>{t("bookingManage.departures.seats")}:</dt>
            <dd className="font-semibold text-ink tabular-nums">{departure.seats}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("bookingManage.departures.booked")}:</dt>
            <dd className="font-semibold text-ink tabular-nums">{booked}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("bookingManage.departures.seatsLeft")}:</dt>
            <dd className="font-semibold text-primary-strong tabular-nums">
              {departure.seatsLeft}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Form method="post" action={action} preventScrollReset className="flex items-center gap-2">
          <input type="hidden" name="intent" value="departure" />
          <input type="hidden" name="departsOn" value={departure.departsOn} />
          <label htmlFor={seatsId} className="sr-only">
            {t("bookingManage.departures.changeSeats", { date })}
          </label>
          <Input
            id={seatsId}
            name="seats"
            type="number"
            inputMode="numeric"
            min={Math.max(1, booked)}
            max={MAX_SEATS}
            step={1}
            required
            defaultValue={departure.seats}
            className="h-9 w-20 text-right tabular-nums"
          />
          <button
            type="submit"
            aria-label={t("bookingManage.departures.saveSeatsLabel", { date })}
            className={buttonVariants({ variant: "brandOutline", size: "sm" })}
          >
            {t("bookingManage.departures.saveSeats")}
          </button>
        </Form>
        {booked === 0 ? (
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="remove-departure" />
            <input type="hidden" name="departureId" value={departure.id} />
            <button
              type="submit"
              aria-label={t("bookingManage.departures.removeLabel", { date })}
              className={buttonVariants({ variant: "dangerOutline", size: "sm" })}
            >
              {t("bookingManage.departures.remove")}
            </button>
          </Form>
        ) : (
          <p className="text-xs text-muted">{t("bookingManage.departures.hasBookings")}</p>
        )}
      </div>
    </li>
  );
}

/**
 * A tour's departures over a year from the month shown, with seats, seats booked and seats
 * left; a form that adds a departure or changes the seats of the one on that date.
 */
export function DeparturesPanel({
  action,
  month,
  today,
  departures,
  result,
}: {
  action: string;
  month: string;
  today: string;
  departures: CalendarDeparture[];
  result: CalendarFormResult | null;
}) {
  const t = useT();
  const location = useLocation();
  const { error, refusal, value } = useFormResult(result, ["departure", "remove-departure"]);
  const saving = useSending("departure");
  const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <PanelCard
      id="departures-title"
      title={t("bookingManage.departures.title")}
      description={t("bookingManage.departures.description")}
    >
      <RefusalNote text={refusal} />
      {departures.length === 0 ? (
        <p className="text-sm text-muted">{t("bookingManage.departures.none")}</p>
      ) : (
        <ul
          aria-label={t("bookingManage.departures.listLabel", { month: monthName })}
          className="divide-y divide-line-soft rounded-lg border border-line"
        >
          {departures.map((departure) => (
            <DepartureRow
              key={departure.id}
              action={action}
              departure={departure}
              past={departure.departsOn < today}
            />
          ))}
        </ul>
      )}

      <Form
        method="post"
        action={action}
        key={location.key}
        aria-labelledby="add-departure-title"
        className="space-y-3 border-t border-line-soft pt-4"
      >
        <h4 id="add-departure-title" className="font-semibold text-ink">
          {t("bookingManage.departures.addTitle")}
        </h4>
        <p className="text-sm text-muted">{t("bookingManage.departures.addHint")}</p>
        <input type="hidden" name="intent" value="departure" />
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
          <Field
            name="departsOn"
            type="date"
            required
            label={t("bookingManage.departures.departsOn")}
            defaultValue={value("departsOn", "")}
            error={error("departsOn")}
          />
          <Field
            name="seats"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS}
            step={1}
            required
            label={t("bookingManage.departures.seats")}
            defaultValue={value("seats", "")}
            error={error("seats")}
          />
        </div>
        <SubmitButton
          pending={saving}
          label={t("bookingManage.departures.add")}
          pendingLabel={t("bookingManage.settings.saving")}
          size="md"
          className="sm:w-auto"
        />
      </Form>
    </PanelCard>
  );
}
