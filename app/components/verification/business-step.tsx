import { Form } from "react-router";
import { cardVariants } from "../ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { Field, FieldFrame } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select } from "../ui/select.tsx";
import { SubmitButton } from "../ui/button.tsx";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translate.ts";
import type { LicenceKind, StepStatus } from "../../lib/schemas/verification.ts";
import { RenewFold, StepState, type StepFormAnswer } from "./step-state.tsx";

/**
 * The business step (agents and professionals): its state, and while no submission waits, the
 * licence that applies (grouped by country), its number and a document.
 */
export function BusinessStep({
  status,
  licenceKinds,
  countries,
  answer,
  busy,
}: {
  status: StepStatus;
  licenceKinds: LicenceKind[];
  countries: { code: string; name: string }[];
  answer?: StepFormAnswer;
  busy: boolean;
}) {
  const t = useT();
  const error = (field: string) =>
    answer?.fieldErrors?.[field] ? t(answer.fieldErrors[field] as MessageKey) : undefined;
  const value = (field: string) => answer?.values?.[field] ?? "";
  const nameOf = new Map(countries.map((c) => [c.code, c.name]));
  const byCountry = new Map<string, LicenceKind[]>();
  for (const kind of licenceKinds) {
    byCountry.set(kind.countryCode, [...(byCountry.get(kind.countryCode) ?? []), kind]);
  }
  return (
    <section className={cn(cardVariants(), "p-5")} aria-labelledby="business-step-title">
      <h2 id="business-step-title" className="text-lg font-semibold">
        {t("verification.business.title")}
      </h2>
      <StepState t={t} status={status} />
      <p className="mt-2 text-sm text-muted">{t("verification.business.intro")}</p>
      {status.state === "pending" ? (
        <p className="mt-3 text-sm">{t("verification.business.pendingNote")}</p>
      ) : (
        <RenewFold verified={status.state === "verified"}>
          <Form
            method="post"
            encType="multipart/form-data"
            className="mt-4 grid gap-4 sm:grid-cols-2"
            aria-label={t("verification.business.title")}
          >
            <input type="hidden" name="intent" value="business" />
            {answer?.formError && (
              <p role="alert" className="text-sm text-danger sm:col-span-2">
                {t(answer.formError as MessageKey)}
              </p>
            )}
            <FieldFrame
              label={t("verification.business.licenceKind")}
              error={error("licenceKindId")}
              className="sm:col-span-2"
            >
              {(control) => (
                <Select
                  {...control}
                  name="licenceKindId"
                  defaultValue={value("licenceKindId")}
                  required
                >
                  <option value="">—</option>
                  {[...byCountry].map(([code, kinds]) => (
                    <optgroup key={code} label={nameOf.get(code) ?? code}>
                      {kinds.map((kind) => (
                        <option key={kind.id} value={kind.id}>
                          {kind.name} · {t(`verification.professions.${kind.profession}`)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </Select>
              )}
            </FieldFrame>
            <Field
              label={t("verification.business.number")}
              name="registrationNumber"
              defaultValue={value("registrationNumber")}
              error={error("registrationNumber")}
              required
            />
            <Field
              label={t("verification.business.expiresOn")}
              name="documentExpiresOn"
              type="date"
              defaultValue={value("documentExpiresOn")}
              error={error("documentExpiresOn")}
            />
            <FieldFrame
              label={t("verification.business.document")}
              hint={t("verification.business.fileHint")}
              error={error("business")}
              className="sm:col-span-2"
            >
              {(control) => (
                <Input
                  {...control}
                  type="file"
                  name="business"
                  accept="application/pdf,image/jpeg,image/png,image/webp"
                  required
                  className="h-auto py-2"
                />
              )}
            </FieldFrame>
            <div className="sm:col-span-2">
              <SubmitButton
                pending={busy}
                label={t("verification.business.submit")}
                pendingLabel={t("verification.business.submit")}
                className="sm:w-auto"
              />
            </div>
          </Form>
        </RenewFold>
      )}
    </section>
  );
}
