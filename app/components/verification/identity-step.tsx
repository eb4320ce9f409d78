import { Form } from "react-router";
import { cardVariants } from "../ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { Field, FieldFrame } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { SubmitButton } from "../ui/button.tsx";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import type { StepStatus } from "../../lib/schemas/verification.ts";
import { IDENTITY_DOCUMENT_KINDS } from "../../lib/verification-values.ts";
import { RenewFold, StepState, type StepFormAnswer } from "./step-state.tsx";

const IMAGE_TYPES = "image/jpeg,image/png,image/webp";

/**
 * The identity step: its state, and while no submission waits, the form: the document's kind,
 * what is written on it, its front (and back for the two cards) and a selfie. The server decides
 * which sides a kind needs, so the form works without JavaScript.
 */
export function IdentityStep({
  status,
  countries,
  answer,
  busy,
}: {
  status: StepStatus;
  countries: { code: string; name: string }[];
  answer?: StepFormAnswer;
  busy: boolean;
}) {
  const t = useT();
  const error = (field: string) =>
    answer?.fieldErrors?.[field] ? t(answer.fieldErrors[field] as MessageKey) : undefined;
  const value = (field: string) => answer?.values?.[field] ?? "";
  return (
    <section className={cn(cardVariants(), "p-5")} aria-labelledby="identity-step-title">
      <h2 id="identity-step-title" className="text-lg font-semibold">
        {t("verification.identity.title")}
      </h2>
      <StepState t={t} status={status} />
      <p className="mt-2 text-sm text-muted">{t("verification.identity.intro")}</p>
      {status.state === "pending" ? (
        <p className="mt-3 text-sm">{t("verification.identity.pendingNote")}</p>
      ) : (
        <RenewFold verified={status.state === "verified"}>
          <Form
            method="post"
            encType="multipart/form-data"
            className="mt-4 grid gap-4 sm:grid-cols-2"
            aria-label={t("verification.identity.title")}
          >
            <input type="hidden" name="intent" value="identity" />
            {answer?.formError && (
              <p role="alert" className="text-sm text-danger sm:col-span-2">
                {t(answer.formError as MessageKey)}
              </p>
            )}
            <FieldFrame
              label={t("verification.identity.documentKind")}
              error={error("documentKind")}
            >
              {(control) => (
                <Select
                  {...control}
                  name="documentKind"
                  defaultValue={value("documentKind")}
                  required
                >
                  {IDENTITY_DOCUMENT_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`verification.documentKinds.${kind}`)}
                    </option>
                  ))}
                </Select>
              )}
            </FieldFrame>
            <FieldFrame label={t("verification.identity.country")} error={error("countryCode")}>
              {(control) => (
                <Select
                  {...control}
                  name="countryCode"
                  defaultValue={value("countryCode")}
                  required
                >
                  <option value="">—</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </Select>
              )}
            </FieldFrame>
            <Field
              label={t("verification.identity.declaredName")}
              name="declaredName"
              defaultValue={value("declaredName")}
              error={error("declaredName")}
              autoComplete="name"
              required
            />
            <Field
              label={t("verification.identity.documentNumber")}
              name="documentNumber"
              defaultValue={value("documentNumber")}
              error={error("documentNumber")}
              required
            />
            <Field
              label={t("verification.identity.expiresOn")}
              name="documentExpiresOn"
              type="date"
              defaultValue={value("documentExpiresOn")}
              error={error("documentExpiresOn")}
            />
            <div className="hidden sm:block" />
            {(["front", "back", "selfie"] as const).map((slot) => (
              <FieldFrame
                key={slot}
                label={t(`verification.identity.${slot}`)}
                hint={t("verification.identity.fileHint")}
                error={error(slot)}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="file"
                    name={slot}
                    accept={IMAGE_TYPES}
                    capture={slot === "selfie" ? "user" : undefined}
                    required={slot !== "back"}
                    className="h-auto py-2"
                  />
                )}
              </FieldFrame>
            ))}
            <div className="sm:col-span-2">
              <SubmitButton
                pending={busy}
                label={t("verification.identity.submit")}
                pendingLabel={t("verification.identity.submit")}
                className="sm:w-auto"
              />
            </div>
          </Form>
        </RenewFold>
      )}
    </section>
  );
}
