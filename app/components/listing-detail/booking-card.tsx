import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useFormDraft } from "../../hooks/use-form-draft.ts";
import { useRootData } from "../../hooks/use-root-data.ts";
import { useT } from "../../i18n/use-t.ts";
import { formatDay } from "../../lib/format-day.ts";
import { formatMinor, formatPrice, USD } from "../../lib/money.ts";
import type { Availability, Quote } from "../../lib/schemas/bookings.ts";
import { buttonVariants } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Label } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { pickDay, type ChosenDates } from "../../lib/stay-calendar.ts";
import { AvailabilityCalendar } from "./availability-calendar.tsx";
import { PaymentTermsNote } from "./payment-terms.tsx";
import { unitWords } from "../../lib/unit-words.ts";

export interface BookingCardData {
  availability: Availability;
  asked: Record<string, string>;
  quote: Quote | null;
  problem: string | null;
  ownListing: boolean;
}

/**
 * Booking on the listing page: choose dates (months, or a departure) and guests, see the price
 * and the policy, then book or request. The choice goes by GET and the booking by POST, so the
 * card works before any script has loaded.
 */
export function BookingCard({
  listingId,
  panel,
  bookingError,
}: {
  /** The listing booked: a visitor's message waits under its id while they sign up. */
  listingId: number;
  panel: BookingCardData;
  /** Why the last booking attempt was refused, in the site's words. */
  bookingError: string | null;
}) {
  const t = useT();
  const id = useId();
  const { currency, viewer } = useRootData();
  const navigation = useNavigation();
  const { availability, asked, quote } = panel;
  const unit = availability.unit;
  const problem = bookingError ?? panel.problem;
  const money = (usdCents: number) => formatPrice(usdCents, currency);
  const busy = navigation.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  // The card's date inputs stay uncontrolled, so what is typed before the scripts run is kept;
  // this mirrors them for the calendar, which shows and picks the stay.
  const [chosen, setChosen] = useState<ChosenDates>({
    checkIn: asked.checkIn ?? "",
    checkOut: asked.checkOut ?? "",
  });
  const dateInput = (name: keyof ChosenDates) => {
    const field = form.current?.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field : null;
  };
  const readDates = () =>
    setChosen({
      checkIn: dateInput("checkIn")?.value ?? "",
      checkOut: dateInput("checkOut")?.value ?? "",
    });
  // Dates typed before hydration are in the inputs, not in the server's values.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the inputs' values after hydration
  useEffect(readDates, []);
  const pick = (day: string) => {
    if (unit === "departure") return;
    const next = pickDay(availability, chosen, unit, day);
    const checkIn = dateInput("checkIn");
    const checkOut = dateInput("checkOut");
    if (checkIn) checkIn.value = next.checkIn;
    if (checkOut) checkOut.value = next.checkOut;
    setChosen(next);
    // A whole stay picked is priced at once, as "Check price" would.
    const whole = unit === "night" ? next.checkOut !== "" : next.checkIn !== "";
    if (whole && next !== chosen) form.current?.requestSubmit();
  };
  const draft = useFormDraft(`booking:${listingId}`, Boolean(viewer));
  /** "Book now", or "Book and pay $98.88" when the stay is paid online when booking. */
  const bookLabel = () => {
    if (!quote || quote.payment.mode === "on_arrival") {
      return t(quote?.mode === "instant" ? "bookings.card.bookNow" : "bookings.card.requestToBook");
    }
    const amount = quote.charge
      ? formatMinor(quote.charge.amountMinor, quote.charge.currency)
      : money(quote.payment.dueNowUsdCents);
    return t(
      quote.mode === "instant" ? "bookings.card.bookAndPay" : "bookings.card.requestAndPay",
      { amount },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {t(`bookings.card.title.${unit}`)}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t(availability.mode === "instant" ? "bookings.card.instant" : "bookings.card.request")}
      </p>

      <Form
        ref={form}
        method="get"
        preventScrollReset
        onChange={readDates}
        className="mt-4 grid grid-cols-2 gap-3"
      >
        {unit === "night" && (
          <>
            <Field
              label={t("bookings.units.night.start")}
              name="checkIn"
              type="date"
              required
              min={availability.firstBookableDay}
              defaultValue={asked.checkIn}
            />
            <Field
              label={t("bookings.units.night.end")}
              name="checkOut"
              type="date"
              required
              min={availability.firstBookableDay}
              defaultValue={asked.checkOut}
            />
          </>
        )}
        {unit === "month" && (
          <>
            <Field
              label={t("bookings.units.month.start")}
              name="checkIn"
              type="date"
              required
              min={availability.firstBookableDay}
              defaultValue={asked.checkIn}
            />
            <Field
              label={t("bookings.card.months")}
              name="months"
              type="number"
              inputMode="numeric"
              required
              min={availability.minStay}
              max={availability.maxStay ?? 365}
              defaultValue={asked.months ?? String(availability.minStay)}
            />
          </>
        )}
        {unit === "departure" && (
          <div className="col-span-2">
            <Label htmlFor={`${id}-departure`}>{t("bookings.units.departure.start")}</Label>
            {availability.departures.length > 0 ? (
              <Select
                id={`${id}-departure`}
                name="departureId"
                required
                defaultValue={asked.departureId ?? ""}
              >
                <option value="" disabled>
                  {t("bookings.card.chooseDeparture")}
                </option>
                {availability.departures.map((d) => (
                  <option key={d.id} value={d.id} disabled={d.seatsLeft <= 0}>
                    {t("bookings.card.seatsLeft", {
                      date: formatDay(d.departsOn),
                      count: d.seatsLeft,
                    })}
                  </option>
                ))}
              </Select>
            ) : (
              <p id={`${id}-departure`} className="text-sm text-muted">
                {t("bookings.card.noDepartures")}
              </p>
            )}
          </div>
        )}
        <Field
          label={t(`bookings.units.${unit}.people`)}
          name="guests"
          type="number"
          inputMode="numeric"
          required
          min={1}
          max={availability.maxGuests}
          defaultValue={asked.guests ?? "1"}
        />
        <div className="flex items-end">
          <button
            type="submit"
            className={buttonVariants({ variant: "outline", size: "md", className: "w-full" })}
          >
            {t("bookings.card.checkPrice")}
          </button>
        </div>
        {unit !== "departure" && availability.minStay > 1 && (
          <p className="col-span-2 text-xs text-subtle">
            {t(`bookings.card.minStay.${unit}`, { count: availability.minStay })}
          </p>
        )}
      </Form>

      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-danger-tint p-3 text-sm text-danger-strong">
          {problem}
        </p>
      )}

      {quote && (
        <div className="mt-4 border-t border-line-soft pt-4">
          <dl className="space-y-1.5 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">
                {t(`bookings.lines.rateLine.${unit}`, {
                  rate: money(quote.price.rateUsdCents),
                  count: quote.price.quantity,
                })}
              </dt>
              <dd>{money(quote.price.subtotalUsdCents)}</dd>
            </div>
            {quote.price.cleaningFeeUsdCents > 0 && (
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t("bookings.lines.cleaningFee")}</dt>
                <dd>{money(quote.price.cleaningFeeUsdCents)}</dd>
              </div>
            )}
            {quote.price.serviceFeeUsdCents > 0 && (
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t("bookings.lines.serviceFee")}</dt>
                <dd>{money(quote.price.serviceFeeUsdCents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-3 border-t border-line-soft pt-2 text-base font-semibold">
              <dt>{t("bookings.lines.total")}</dt>
              <dd data-testid="booking-total">{money(quote.price.totalUsdCents)}</dd>
            </div>
          </dl>
          {quote.charge && (
            <p className="mt-1 text-xs font-medium text-secondary" data-testid="booking-charge">
              {t("bookings.card.chargeNote", {
                amount: formatMinor(quote.charge.amountMinor, quote.charge.currency),
                currency: quote.charge.currency,
              })}
            </p>
          )}
          {currency.code !== "USD" && (
            <p className="mt-1 text-xs text-subtle">
              {t("bookings.card.usdNote", { amount: formatPrice(quote.price.totalUsdCents, USD) })}
            </p>
          )}
          <p className="mt-3 text-sm font-medium text-ink-soft">
            {t("bookings.card.policy", {
              policy: t(`bookings.policies.${quote.cancellationPolicy}`),
            })}
          </p>
          <p className="mt-1 text-xs text-muted">
            {t(`bookings.policyRules.${quote.cancellationPolicy}`, unitWords(t, unit))}
          </p>
          <PaymentTermsNote
            terms={quote.payment}
            unit={unit}
            charge={quote.charge}
            mode={quote.mode}
            money={money}
          />

          {panel.ownListing ? (
            <p className="mt-4 text-sm text-secondary">{t("bookings.card.ownListing")}</p>
          ) : (
            <Form method="post" preventScrollReset className="mt-4 space-y-3" ref={draft}>
              <input type="hidden" name="intent" value="book" />
              <input type="hidden" name="currency" value={currency.code} />
              {Object.entries(asked).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <div>
                <Label htmlFor={`${id}-message`}>{t("bookings.card.message")}</Label>
                <Textarea id={`${id}-message`} name="message" rows={3} maxLength={1000} />
              </div>
              {!viewer && (
                <p className="text-sm text-secondary">{t("bookings.card.visitorNote")}</p>
              )}
              <button
                type="submit"
                disabled={busy}
                className={buttonVariants({ variant: "primary", size: "lg", className: "w-full" })}
              >
                {bookLabel()}
              </button>
            </Form>
          )}
        </div>
      )}

      {unit !== "departure" && (
        <AvailabilityCalendar days={availability} unit={unit} chosen={chosen} onPick={pick} />
      )}
    </section>
  );
}
