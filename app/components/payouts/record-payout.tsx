import { useId } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { MessageKey } from "../../i18n/translator.ts";
import { cn } from "../../lib/cn.ts";
import { formatMinor } from "../../lib/money.ts";
import type { PayableHost } from "../../lib/schemas/payouts.ts";
import { SubmitButton } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/** A host by name, with the e-mail address the form takes below it. */
function HostName({ row }: { row: PayableHost }) {
  return (
    <>
      <span className="block font-medium text-ink">{row.hostName}</span>
      <span className="block text-sm font-normal break-all text-muted">{row.hostEmail}</span>
    </>
  );
}

/** What the page's action answers a refused payout with: the form as typed and why. */
export interface PayoutFormResult {
  values: Record<string, string>;
  fieldErrors: Record<string, MessageKey>;
  refusal: { message: MessageKey; params?: Record<string, string | number> } | null;
}

/** The form's intent on the Payments page's action. */
export const RECORD_PAYOUT_INTENT = "record-payout";

/**
 * The administrator's "Record payout": after paying a host or professional by bank transfer,
 * the payout is recorded against their payable balance (never more). Hosts with money payable
 * are listed above it, the largest first. A plain form: it works before JavaScript loads.
 */
export function RecordPayoutSection({
  payable,
  result,
}: {
  payable: PayableHost[];
  result: PayoutFormResult | null;
}) {
  const t = useT();
  const headingId = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === RECORD_PAYOUT_INTENT;
  const value = (name: string) => result?.values[name] ?? "";
  const error = (name: string) => {
    const key = result?.fieldErrors[name];
    return key ? t(key) : undefined;
  };
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="record-payout">
      <div>
        <SectionHeading id={headingId}>{t("payments.payouts.admin.title")}</SectionHeading>
        <p className="mt-1 text-muted">{t("payments.payouts.admin.subtitle")}</p>
      </div>

      <div>
        <h3 className="mb-2 font-semibold text-ink-soft">
          {t("payments.payouts.admin.payableTitle")}
        </h3>
        {payable.length === 0 ? (
          <p className="text-sm text-muted">{t("payments.payouts.admin.noPayable")}</p>
        ) : (
          <DataTable
            label={t("payments.payouts.admin.payableCaption")}
            rows={payable}
            rowKey={(row) => `${row.hostId}-${row.currency}`}
            cardTitle={(row) => <HostName row={row} />}
            columns={[
              {
                label: t("payments.payouts.admin.hostColumn"),
                inCard: false,
                cell: (row) => <HostName row={row} />,
              },
              {
                label: t("payments.payouts.currency"),
                cell: (row) => row.currency,
              },
              {
                label: t("payments.payouts.admin.payableColumn"),
                numeric: true,
                cell: (row) => formatMinor(row.payableMinor, row.currency),
              },
            ]}
          />
        )}
      </div>

      <Form
        method="post"
        // A recorded payout redirects with a new location: the form starts empty again.
        key={location.key}
        className={cn(cardVariants({ elevated: false }), "space-y-4 p-4 sm:p-5")}
        aria-labelledby={headingId}
      >
        <input type="hidden" name="intent" value={RECORD_PAYOUT_INTENT} />
        {result?.refusal && (
          <p
            role="alert"
            className="rounded-lg border border-danger-pale bg-danger-tint p-3 text-sm text-danger-strong"
          >
            {t(result.refusal.message, result.refusal.params)}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="host"
            required
            autoComplete="off"
            maxLength={320}
            label={t("payments.payouts.admin.host")}
            defaultValue={value("host")}
            error={error("host")}
          />
          <Field
            name="currency"
            required
            autoComplete="off"
            maxLength={3}
            pattern="[A-Za-z]{3}"
            label={t("payments.payouts.admin.currency")}
            hint={t("payments.payouts.admin.currencyHint")}
            defaultValue={value("currency")}
            error={error("currency")}
          />
          <Field
            name="amount"
            required
            inputMode="decimal"
            autoComplete="off"
            label={t("payments.payouts.admin.amount")}
            hint={t("payments.payouts.admin.amountHint")}
            defaultValue={value("amount")}
            error={error("amount")}
          />
          <Field
            name="reference"
            required
            autoComplete="off"
            maxLength={200}
            label={t("payments.payouts.admin.reference")}
            hint={t("payments.payouts.admin.referenceHint")}
            defaultValue={value("reference")}
            error={error("reference")}
          />
        </div>
        <SubmitButton
          pending={sending}
          label={t("payments.payouts.admin.submit")}
          pendingLabel={t("payments.payouts.admin.submitting")}
          className="sm:w-auto"
        />
      </Form>
    </section>
  );
}
