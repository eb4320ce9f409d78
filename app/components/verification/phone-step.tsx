import { Smartphone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import { formatDay } from "../../lib/format-day.ts";
import { formatPaymentTime } from "../../lib/payment-receipt.ts";
import { PHONE_CODE_LENGTH } from "../../lib/phone-verification-values.ts";
import type { PhoneStep as PhoneStepView } from "../../lib/schemas/verification.ts";
import type { Toast } from "../../lib/toast.ts";
import { FormAlert } from "../profile/profile-card.tsx";
import { SubmitButton } from "../ui/button.tsx";
import { Field, FieldFrame } from "../ui/field.tsx";
import { Select } from "../ui/select.tsx";
import { StepCard } from "./step-card.tsx";

export const SEND_CODE_INTENT = "send-phone-code";
export const CONFIRM_CODE_INTENT = "confirm-phone-code";

/** The page action's answer to a refused form: messages under fields, the toast, what was typed. */
export interface PhoneFormResult {
  intent: typeof SEND_CODE_INTENT | typeof CONFIRM_CODE_INTENT;
  errors: Record<string, MessageKey>;
  params?: Record<string, string | number>;
  toast: Toast;
  values?: { phone: string; country: string };
}

/**
 * The phone step: the number (prefilled from the profile), a code sent by SMS, then the code
 * typed back. Plain forms, so it works before the page's JavaScript has loaded.
 */
export function PhoneStep({
  step,
  profilePhone,
  countries,
  knownCountry,
  result,
}: {
  step: PhoneStepView;
  profilePhone: string;
  countries: { code: string; name: string }[];
  knownCountry: string | null;
  result: PhoneFormResult | undefined;
}) {
  const t = useT();
  const state = !step.available
    ? "unavailable"
    : step.verified
      ? "verified"
      : step.pending
        ? "codeSent"
        : "notVerified";
  const sendForm = (
    <SendCodeForm
      phone={result?.values?.phone ?? (step.verified ? "" : profilePhone)}
      country={result?.values?.country ?? knownCountry ?? ""}
      countries={countries}
      result={result?.intent === SEND_CODE_INTENT ? result : undefined}
    />
  );
  return (
    <StepCard
      icon={Smartphone}
      title={t("verification.phone.title")}
      description={t("verification.phone.description")}
      state={state}
      stateLabel={t(`verification.states.${state}`)}
    >
      {!step.available ? (
        <p className="text-sm text-secondary">{t("verification.phone.unavailable")}</p>
      ) : (
        <div className="space-y-4">
          {step.verified && step.verifiedPhone && step.verifiedAt && (
            <div className="space-y-1 text-sm text-secondary">
              <p className="font-medium text-ink">
                {t("verification.phone.verifiedAs", { phone: step.verifiedPhone })}
              </p>
              <p>
                {t("verification.phone.verifiedOn", {
                  date: formatDay(step.verifiedAt.slice(0, 10)),
                })}
              </p>
              <p>{t("verification.phone.changeHint")}</p>
            </div>
          )}
          {step.pending ? (
            <>
              <ConfirmCodeForm
                pending={step.pending}
                result={result?.intent === CONFIRM_CODE_INTENT ? result : undefined}
              />
              <ResendForm phone={step.pending.phone} />
              <details className="rounded-lg border border-line p-3">
                <summary className="cursor-pointer text-sm font-semibold text-primary">
                  {t("verification.phone.useAnother")}
                </summary>
                <div className="mt-3">{sendForm}</div>
              </details>
            </>
          ) : step.verified ? (
            <details className="rounded-lg border border-line p-3" open={result !== undefined}>
              <summary className="cursor-pointer text-sm font-semibold text-primary">
                {t("verification.phone.useAnother")}
              </summary>
              <div className="mt-3">{sendForm}</div>
            </details>
          ) : (
            sendForm
          )}
        </div>
      )}
    </StepCard>
  );
}

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function ResultMessage({ result }: { result: PhoneFormResult | undefined }) {
  const t = useT();
  // A field's own message says it under the field; other refusals (limits, the gateway) here.
  if (!result || Object.keys(result.errors).length > 0) return null;
  const { title, description, params } = result.toast;
  return <FormAlert title={t(title, params)} description={description && t(description, params)} />;
}

function SendCodeForm({
  phone,
  country,
  countries,
  result,
}: {
  phone: string;
  country: string;
  countries: { code: string; name: string }[];
  result: PhoneFormResult | undefined;
}) {
  const t = useT();
  const submitting = useSubmitting(SEND_CODE_INTENT);
  const error = (field: string) => {
    const key = result?.errors[field];
    return key && t(key, result.params);
  };
  return (
    <Form method="post" className="space-y-4" aria-label={t("verification.phone.send")}>
      <ResultMessage result={result} />
      <input type="hidden" name="intent" value={SEND_CODE_INTENT} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame
          label={t("verification.phone.countryLabel")}
          hint={t("verification.phone.numberHintCountry")}
          error={error("country")}
        >
          {(control) => (
            <Select {...control} name="country" defaultValue={country}>
              <option value="">{t("verification.phone.countryInternational")}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FieldFrame>
        <Field
          label={t("verification.phone.numberLabel")}
          hint={t("verification.phone.numberHint")}
          error={error("phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={40}
          defaultValue={phone}
        />
      </div>
      <div className="flex justify-end">
        <SubmitButton
          pending={submitting}
          label={t("verification.phone.send")}
          pendingLabel={t("verification.phone.sending")}
          className="sm:w-auto"
        />
      </div>
    </Form>
  );
}

function ConfirmCodeForm({
  pending,
  result,
}: {
  pending: NonNullable<PhoneStepView["pending"]>;
  result: PhoneFormResult | undefined;
}) {
  const t = useT();
  const submitting = useSubmitting(CONFIRM_CODE_INTENT);
  const codeError = result?.errors.code;
  return (
    <Form method="post" className="space-y-3" aria-label={t("verification.phone.confirm")}>
      <ResultMessage result={result} />
      <p className="text-sm text-secondary">
        {t("verification.phone.sentTo", {
          phone: pending.phone,
          time: formatPaymentTime(pending.expiresAt),
        })}{" "}
        {t("verification.phone.attemptsLeft", { count: pending.attemptsLeft })}
      </p>
      <input type="hidden" name="intent" value={CONFIRM_CODE_INTENT} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label={t("verification.phone.codeLabel")}
          error={codeError && t(codeError, result.params)}
          name="code"
          className="sm:w-56"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern={`\\d{${PHONE_CODE_LENGTH}}`}
          maxLength={PHONE_CODE_LENGTH}
          required
        />
        <SubmitButton
          pending={submitting}
          label={t("verification.phone.confirm")}
          pendingLabel={t("verification.phone.confirming")}
          className="sm:mt-6 sm:w-auto"
        />
      </div>
    </Form>
  );
}

/** Another code to the same number: the cooldown and hourly limits are the server's to apply. */
function ResendForm({ phone }: { phone: string }) {
  const t = useT();
  const submitting = useSubmitting(SEND_CODE_INTENT);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={SEND_CODE_INTENT} />
      <input type="hidden" name="phone" value={phone} />
      <SubmitButton
        pending={submitting}
        label={t("verification.phone.resend")}
        pendingLabel={t("verification.phone.sending")}
        variant="outline"
        size="md"
        className="w-auto"
      />
    </Form>
  );
}
