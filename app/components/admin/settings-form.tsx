import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useToast } from "../../hooks/use-toast.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import type { PublicSettings } from "../../lib/root-data.ts";
import {
  LOGO_ACCEPT,
  MAX_LOGO_BYTES,
  MAX_SITE_NAME_LENGTH,
  MAX_TAGLINE_LENGTH,
} from "../../lib/schemas/platform-settings.ts";
import type { Toast } from "../../lib/toast.ts";
import { SubmitButton } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input, Label } from "../ui/input.tsx";
import { MAX_REPORT_HIDE_THRESHOLD, MIN_REPORT_HIDE_THRESHOLD } from "../../lib/safety-values.ts";
import { LogoMark } from "../layout/logo.tsx";

export interface SettingsValues {
  siteName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  notificationEmail: string;
  requireManualApproval: boolean;
  /** A number as stored, or the text as typed when the form comes back with an error. */
  serviceFeePercent: number | string;
  /** A whole number as stored, or the text as typed when the form comes back with an error. */
  reportHideThreshold: number | string;
}

/** What the action answers when it did not redirect: the fields' messages and the values sent. */
export interface SettingsFormResult {
  intent: "settings";
  fieldErrors: Partial<Record<string, MessageKey>>;
  values: SettingsValues;
  toast: Toast;
}

/**
 * Branding, contact details, the notification address, the logo and the approval switch: one
 * form, posted to the tab's action (it works before JavaScript loads).
 */
export function SettingsForm({
  settings,
  result,
}: {
  settings: SettingsValues & Pick<PublicSettings, "logo">;
  result: SettingsFormResult | null;
}) {
  const t = useT();
  const showToast = useToast();
  const location = useLocation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const values = result?.values ?? settings;
  const errors = result?.fieldErrors ?? {};
  const error = (field: string) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const [approval, setApproval] = useState(values.requireManualApproval);
  const switchId = useId();
  const logoId = useId();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "settings";

  useEffect(() => {
    if (!result) return;
    showToast(result.toast);
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [result, showToast]);

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      // A save redirects here with a new location: the form starts again from the saved values.
      key={location.key}
      className={cn(cardVariants({ elevated: false }), "space-y-8 p-4 sm:p-6")}
    >
      <input type="hidden" name="intent" value="settings" />
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold text-ink">
          {t("dashboard.settings.brandingTitle")}
        </legend>
        <Field
          name="siteName"
          label={t("dashboard.settings.siteName")}
          hint={t("dashboard.settings.siteNameHint")}
          defaultValue={values.siteName}
          maxLength={MAX_SITE_NAME_LENGTH}
          required
          error={error("siteName")}
        />
        <Field
          name="tagline"
          label={t("dashboard.settings.tagline")}
          defaultValue={values.tagline}
          maxLength={MAX_TAGLINE_LENGTH}
          required
          error={error("tagline")}
        />
        <Field
          name="supportEmail"
          type="email"
          label={t("dashboard.settings.supportEmail")}
          defaultValue={values.supportEmail}
          autoComplete="off"
          required
          error={error("supportEmail")}
        />
        <Field
          name="supportPhone"
          type="tel"
          label={t("dashboard.settings.supportPhone")}
          defaultValue={values.supportPhone}
          maxLength={30}
          required
          error={error("supportPhone")}
        />
        <Field
          name="notificationEmail"
          type="email"
          label={t("dashboard.settings.notificationEmail")}
          hint={t("dashboard.settings.notificationHint")}
          defaultValue={values.notificationEmail}
          autoComplete="off"
          required
          error={error("notificationEmail")}
          className="sm:col-span-2"
        />
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-base font-semibold text-ink">
          {t("dashboard.settings.logo")}
        </legend>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex h-16 min-w-16 items-center justify-center rounded-lg border border-line bg-canvas px-3">
            {settings.logo ? (
              <img
                src={settings.logo.url}
                alt={t("dashboard.settings.currentLogo")}
                width={settings.logo.width}
                height={settings.logo.height}
                className="h-9 w-auto"
              />
            ) : (
              <LogoMark className="size-9" />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <Label htmlFor={logoId}>{t("dashboard.settings.logo")}</Label>
            <Input
              id={logoId}
              name="logo"
              type="file"
              accept={LOGO_ACCEPT}
              aria-invalid={errors.logo ? true : undefined}
              aria-describedby={`${logoId}-hint${errors.logo ? ` ${logoId}-error` : ""}`}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file && file.size > MAX_LOGO_BYTES) {
                  showToast({
                    title: "dashboard.settings.invalidTitle",
                    description: "dashboard.settings.errors.logoTooLarge",
                    variant: "destructive",
                  });
                  event.currentTarget.value = "";
                }
              }}
              className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-primary-tint file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-primary-strong"
            />
            <p id={`${logoId}-hint`} className="mt-1 text-xs text-subtle">
              {t("dashboard.settings.logoHint")}
            </p>
            {!settings.logo && (
              <p className="mt-1 text-xs text-subtle">{t("dashboard.settings.builtInLogo")}</p>
            )}
            {errors.logo && (
              <p id={`${logoId}-error`} className="mt-1 text-sm text-danger">
                {t(errors.logo)}
              </p>
            )}
            {settings.logo && (
              <label className="mt-2 flex items-center gap-2 text-sm text-secondary">
                <input type="checkbox" name="removeLogo" className="size-4 accent-primary" />
                {t("dashboard.settings.removeLogo")}
              </label>
            )}
          </div>
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-base font-semibold text-ink">
          {t("dashboard.settings.approvalTitle")}
        </legend>
        <label htmlFor={switchId} className="flex cursor-pointer items-center gap-3">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            name="requireManualApproval"
            defaultChecked={values.requireManualApproval}
            aria-describedby={`${switchId}-note`}
            onChange={(event) => setApproval(event.currentTarget.checked)}
            className="peer sr-only"
          />
          <span
            aria-hidden
            className="relative h-6 w-11 shrink-0 rounded-full bg-line-strong transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary-vivid peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-surface after:shadow after:transition-transform peer-checked:after:translate-x-5"
          />
          <span className="font-medium text-ink">{t("dashboard.settings.requireApproval")}</span>
        </label>
        <p
          id={`${switchId}-note`}
          className={cn(
            "mt-3 rounded-lg px-4 py-3 text-sm",
            approval ? "bg-primary-tint text-primary-deep" : "bg-warning-tint text-warning-deep",
          )}
        >
          {approval
            ? t("dashboard.settings.approvalNote")
            : t("dashboard.settings.approvalOffNote")}
        </p>
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-base font-semibold text-ink">
          {t("dashboard.settings.reportsTitle")}
        </legend>
        <Field
          label={t("dashboard.settings.reportThreshold")}
          name="reportHideThreshold"
          type="number"
          inputMode="numeric"
          min={MIN_REPORT_HIDE_THRESHOLD}
          max={MAX_REPORT_HIDE_THRESHOLD}
          step={1}
          required
          defaultValue={String(values.reportHideThreshold)}
          hint={t("dashboard.settings.reportThresholdHint")}
          error={error("reportHideThreshold")}
          className="max-w-xs"
        />
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-base font-semibold text-ink">
          {t("dashboard.settings.bookingsTitle")}
        </legend>
        <Field
          label={t("dashboard.settings.serviceFee")}
          name="serviceFeePercent"
          type="number"
          inputMode="decimal"
          min={0}
          max={20}
          step={0.01}
          required
          defaultValue={String(values.serviceFeePercent)}
          hint={t("dashboard.settings.serviceFeeHint")}
          error={error("serviceFeePercent")}
          className="max-w-xs"
        />
      </fieldset>

      <div className="flex justify-end">
        <SubmitButton
          pending={saving}
          label={t("dashboard.settings.save")}
          pendingLabel={t("dashboard.settings.saving")}
          className="sm:w-auto"
        />
      </div>
    </Form>
  );
}
