import { Icon } from "../ui/icon.tsx";
import { useFetcher } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import type { WhatsappCallbackResult } from "../../lib/schemas/whatsapp-callback.ts";
import { CALLBACK_FIELD as FIELD, CALLBACK_NAME_MAX } from "../../lib/whatsapp-callback-values.ts";
import { SubmitButton } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";

/**
 * "Request a WhatsApp call-back" on a listing whose owner's plan grants WhatsApp leads: a name,
 * a number in international form and an explicit consent box, sent to the server, which checks
 * all three again. A refusal shows beside the field or above the button.
 */
export function WhatsappCallbackCard({ listingId, name }: { listingId: number; name: string }) {
  const t = useT();
  const fetcher = useFetcher<WhatsappCallbackResult>();
  const errors = fetcher.data?.fieldErrors ?? {};
  const error = (field: string) => {
    const key = errors[field];
    return key ? t(key as MessageKey) : undefined;
  };
  const consentError = error(FIELD.consent);
  return (
    <section
      aria-labelledby="whatsapp-callback-title"
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <h2
        id="whatsapp-callback-title"
        className="flex items-center gap-2 text-lg font-bold text-ink"
      >
        <Icon name="message-circle" className="size-5 text-success-strong" />
        {t("detail.whatsappCallback.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("detail.whatsappCallback.intro", { name })}</p>
      <fetcher.Form
        method="post"
        action={`/listing/${listingId}/whatsapp-callback`}
        className="mt-4 space-y-3"
        noValidate
      >
        {fetcher.data?.error && (
          <p role="alert" className="rounded-lg bg-danger-tint p-3 text-sm text-danger-strong">
            {fetcher.data.error}
          </p>
        )}
        <Field
          label={t("detail.whatsappCallback.name")}
          name={FIELD.name}
          autoComplete="name"
          maxLength={CALLBACK_NAME_MAX}
          required
          error={error(FIELD.name)}
        />
        <Field
          label={t("detail.whatsappCallback.phone")}
          name={FIELD.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          hint={t("detail.whatsappCallback.phoneHint")}
          error={error(FIELD.phone)}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-secondary">
            <input
              type="checkbox"
              name={FIELD.consent}
              required
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? "whatsapp-consent-error" : undefined}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span>{t("detail.whatsappCallback.consent")}</span>
          </label>
          {consentError && (
            <p id="whatsapp-consent-error" className="mt-1 text-sm text-danger">
              {consentError}
            </p>
          )}
        </div>
        <SubmitButton
          pending={fetcher.state !== "idle"}
          label={t("detail.whatsappCallback.submit")}
          pendingLabel={t("detail.whatsappCallback.submitting")}
          className="w-full"
        />
      </fetcher.Form>
    </section>
  );
}
