import { Form, useLocation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { CalendarFormResult } from "../../lib/booking-calendar.ts";
import {
  BOOKING_MODES,
  CANCELLATION_POLICIES,
  MAX_GUESTS,
  MAX_NOTICE_DAYS,
  MAX_PREPARATION_DAYS,
  MAX_STAY,
  type BookingMode,
  type BookingUnit,
  type CancellationPolicy,
} from "../../lib/booking-values.ts";
import { cn } from "../../lib/cn.ts";
import {
  BOOKING_PAYMENT_MODES,
  MAX_DEPOSIT_PERCENT,
  MIN_DEPOSIT_PERCENT,
  type BookingPaymentMode,
} from "../../lib/payment-values.ts";
import { Button, SubmitButton } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { labelClass } from "../ui/input.tsx";
import { PanelCard, RefusalNote, useFormResult, useSending } from "./calendar-form-parts.tsx";
import { unitWords } from "../../lib/unit-words.ts";

export interface BookingSettingsValues {
  mode: BookingMode;
  cancellationPolicy: CancellationPolicy;
  minStay: number;
  maxStay: number | null;
  noticeDays: number;
  preparationDays: number;
  maxGuests: number;
  cleaningFeeUsdCents: number;
  paymentMode: BookingPaymentMode;
  depositPercent: number | null;
}

/** What the form starts from before the listing takes bookings (the table's defaults). */
const DEFAULTS: BookingSettingsValues = {
  mode: "request",
  cancellationPolicy: "moderate",
  minStay: 1,
  maxStay: null,
  noticeDays: 0,
  preparationDays: 0,
  maxGuests: 2,
  cleaningFeeUsdCents: 0,
  paymentMode: "on_arrival",
  depositPercent: null,
};

/** The deposit the field offers before the lister chooses one. */
const DEFAULT_DEPOSIT_PERCENT = 30;

/** One choice of a group of radio buttons, as a card with its explanation. */
function Choice({
  name,
  value,
  checked,
  invalid,
  title,
  hint,
}: {
  name: string;
  value: string;
  checked: boolean;
  invalid: boolean;
  title: string;
  hint: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 hover:bg-canvas has-checked:border-primary-vivid has-checked:bg-primary-tint">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={checked}
        required
        aria-invalid={invalid || undefined}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-ink">{title}</span>
        <span className="mt-0.5 block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
}

/**
 * "Take bookings": how guests book the listing (instant or on request), how they pay (at the
 * property, online in full or a deposit online), its cancellation policy, stay lengths (not for
 * tours), notice, preparation days, guests and cleaning fee; and stopping. Plain forms posted to
 * the page's action: they work before JavaScript loads.
 */
export function BookingSettingsForm({
  action,
  unit,
  settings,
  result,
}: {
  action: string;
  unit: BookingUnit;
  settings: BookingSettingsValues | null;
  result: CalendarFormResult | null;
}) {
  const t = useT();
  const location = useLocation();
  const { error, refusal, value } = useFormResult(result, ["settings", "stop"]);
  const saving = useSending("settings");
  const stopping = useSending("stop");
  const current = settings ?? DEFAULTS;
  const stays = unit !== "departure";
  const stayUnit = unit === "month" ? "month" : "night";
  const number = (name: keyof BookingSettingsValues, fallback: number | null) =>
    value(name, fallback === null ? "" : String(fallback));
  const mode = value("mode", current.mode);
  const policy = value("cancellationPolicy", current.cancellationPolicy);
  const paymentMode = value("paymentMode", current.paymentMode);

  return (
    <PanelCard
      id="booking-settings-title"
      title={t("bookingManage.settings.title")}
      description={
        settings
          ? t("bookingManage.settings.descriptionOn")
          : t("bookingManage.settings.descriptionOff")
      }
    >
      <RefusalNote text={refusal} />
      <Form
        method="post"
        action={action}
        // A save redirects with a new location: the form starts again from what was saved.
        key={location.key}
        className="space-y-6"
      >
        <input type="hidden" name="intent" value="settings" />
        <fieldset>
          <legend className={labelClass}>{t("bookingManage.settings.mode")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {BOOKING_MODES.map((option) => (
              <Choice
                key={option}
                name="mode"
                value={option}
                checked={mode === option}
                invalid={Boolean(error("mode"))}
                title={t(`bookingManage.settings.modes.${option}`)}
                hint={t(`bookingManage.settings.modeHints.${option}`)}
              />
            ))}
          </div>
          {error("mode") && <p className="mt-1 text-sm text-danger">{error("mode")}</p>}
        </fieldset>

        <fieldset>
          <legend className={labelClass}>{t("bookingManage.settings.payment")}</legend>
          <div className="grid gap-2 lg:grid-cols-3">
            {BOOKING_PAYMENT_MODES.map((option) => (
              <Choice
                key={option}
                name="paymentMode"
                value={option}
                checked={paymentMode === option}
                invalid={Boolean(error("paymentMode"))}
                title={t(`bookingManage.settings.paymentModes.${option}`)}
                hint={t(`bookingManage.settings.paymentHints.${option}`, unitWords(t, unit))}
              />
            ))}
          </div>
          {error("paymentMode") && (
            <p className="mt-1 text-sm text-danger">{error("paymentMode")}</p>
          )}
          <div className="mt-3 sm:max-w-xs">
            {/* Read only with "Deposit online"; kept when another choice is saved. */}
            <Field
              name="depositPercent"
              type="number"
              inputMode="numeric"
              min={MIN_DEPOSIT_PERCENT}
              max={MAX_DEPOSIT_PERCENT}
              step={1}
              label={t("bookingManage.settings.depositPercent")}
              hint={t("bookingManage.settings.depositHint")}
              defaultValue={value(
                "depositPercent",
                String(current.depositPercent ?? DEFAULT_DEPOSIT_PERCENT),
              )}
              error={error("depositPercent")}
            />
          </div>
        </fieldset>

        <fieldset>
          <legend className={labelClass}>{t("bookingManage.settings.policy")}</legend>
          <div className="grid gap-2 lg:grid-cols-3">
            {CANCELLATION_POLICIES.map((option) => (
              <Choice
                key={option}
                name="cancellationPolicy"
                value={option}
                checked={policy === option}
                invalid={Boolean(error("cancellationPolicy"))}
                title={t(`bookings.policies.${option}`)}
                hint={t(`bookings.policyRules.${option}`, unitWords(t, unit))}
              />
            ))}
          </div>
          {error("cancellationPolicy") && (
            <p className="mt-1 text-sm text-danger">{error("cancellationPolicy")}</p>
          )}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stays ? (
            <>
              <Field
                name="minStay"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_STAY}
                step={1}
                required
                label={t(`bookingManage.settings.minStay.${stayUnit}`)}
                defaultValue={number("minStay", current.minStay)}
                error={error("minStay")}
              />
              <Field
                name="maxStay"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_STAY}
                step={1}
                label={t(`bookingManage.settings.maxStay.${stayUnit}`)}
                hint={t("bookingManage.settings.maxStayHint")}
                defaultValue={number("maxStay", current.maxStay)}
                error={error("maxStay")}
              />
            </>
          ) : (
            <>
              {/* A seat on a departure has no length: the stay fields keep what they were. */}
              <input type="hidden" name="minStay" value={current.minStay} />
              <input type="hidden" name="maxStay" value={current.maxStay ?? ""} />
            </>
          )}
          <Field
            name="noticeDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_NOTICE_DAYS}
            step={1}
            required
            label={t("bookingManage.settings.noticeDays")}
            hint={t("bookingManage.settings.noticeHint")}
            defaultValue={number("noticeDays", current.noticeDays)}
            error={error("noticeDays")}
          />
          {stays ? (
            <Field
              name="preparationDays"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_PREPARATION_DAYS}
              step={1}
              required
              label={t("bookingManage.settings.preparationDays")}
              hint={t("bookingManage.settings.preparationHint")}
              defaultValue={number("preparationDays", current.preparationDays)}
              error={error("preparationDays")}
            />
          ) : (
            <input type="hidden" name="preparationDays" value={current.preparationDays} />
          )}
          <Field
            name="maxGuests"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_GUESTS}
            step={1}
            required
            label={t(`bookingManage.settings.maxPeople.${unit}`)}
            defaultValue={number("maxGuests", current.maxGuests)}
            error={error("maxGuests")}
          />
          <Field
            name="cleaningFeeUsd"
            type="number"
            inputMode="decimal"
            min={0}
            max={100_000}
            step={0.01}
            required
            label={t("bookingManage.settings.cleaningFee")}
            hint={t("bookingManage.settings.cleaningFeeHint")}
            defaultValue={value("cleaningFeeUsd", String(current.cleaningFeeUsdCents / 100))}
            error={error("cleaningFeeUsd")}
          />
        </div>

        <SubmitButton
          pending={saving}
          label={settings ? t("bookingManage.settings.save") : t("bookingManage.settings.start")}
          pendingLabel={t("bookingManage.settings.saving")}
          className="sm:w-auto"
        />
      </Form>

      {settings && (
        <Form
          method="post"
          action={action}
          className={cn(
            "flex flex-col gap-3 border-t border-line-soft pt-4",
            "sm:flex-row sm:items-center sm:justify-between",
          )}
        >
          <input type="hidden" name="intent" value="stop" />
          <div>
            <p className="font-semibold text-ink">{t("bookingManage.settings.stopTitle")}</p>
            <p className="text-sm text-muted">{t("bookingManage.settings.stopHint")}</p>
          </div>
          <Button
            type="submit"
            variant="dangerOutline"
            size="md"
            disabled={stopping}
            className="shrink-0"
          >
            {stopping ? t("bookingManage.settings.stopping") : t("bookingManage.settings.stop")}
          </Button>
        </Form>
      )}
    </PanelCard>
  );
}
