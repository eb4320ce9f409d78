import { data } from "react-router";
import type { Route } from "./+types/payments";
import { redirectWithToast } from "../../auth/flash-toast.server.ts";
import { requirePermission } from "../../auth/guards.server.ts";
import { LedgerSummarySection } from "../../components/payments/ledger-summary.tsx";
import { PaymentListSection } from "../../components/payments/payment-list.tsx";
import { PayoutReportSection } from "../../components/payouts/payout-report.tsx";
import {
  RecordPayoutSection,
  RECORD_PAYOUT_INTENT,
  type PayoutFormResult,
} from "../../components/payouts/record-payout.tsx";
import { pickMessages } from "../../i18n/translate.ts";
import { useT } from "../../i18n/use-t.ts";
import { formatMinor } from "../../lib/money.ts";
import { can } from "../../lib/permissions.ts";
import { paymentPageQuerySchema } from "../../lib/schemas/payments.ts";
import type { PayoutView } from "../../lib/schemas/payouts.ts";
import { ledgerReport } from "../../services/payments/ledger-report.server.ts";
import { listPayments } from "../../services/payments/payment-read.server.ts";
import { payableHosts, payoutReport, recordPayout } from "../../services/payouts/payouts.server.ts";
import { answerAction } from "../../services/session/action-answer.server.ts";
import { readForm } from "../../services/session/read-form.server.ts";
import { SectionHeading } from "../../components/ui/section-heading.tsx";

/**
 * The Payments tab: what the viewer paid online, newest first, each with its page and receipt;
 * every payment for the administrator. Agents and professionals also see their payouts (held,
 * payable, paid out); the administrator sees the ledger's balances and records payouts. Each part of the page is a component of
 * its own under app/components/payments/ and app/components/payouts/.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(context, "payment:list-own");
  const { page } = paymentPageQuerySchema.parse({
    page: url.searchParams.get("page") ?? undefined,
  });
  // Payouts: agents' and professionals' own report; the administrator records payouts.
  const recordsPayouts = can(viewer, "payout:record");
  const all = can(viewer, "payment:list-all");
  const [payouts, payable, ledger] = await Promise.all([
    !recordsPayouts && can(viewer, "payout:view-own") ? payoutReport(viewer) : null,
    recordsPayouts ? payableHosts(viewer) : null,
    all ? ledgerReport(viewer) : null,
  ]);
  return {
    all,
    ledger,
    list: await listPayments({ actor: viewer, page }),
    payouts,
    payable,
    messages: pickMessages([
      "payments.receipt",
      ...(payouts || payable ? (["payments.payouts"] as const) : []),
      ...(ledger ? (["payments.ledger"] as const) : []),
    ]),
  };
}

/**
 * "Record payout" (the administrator): a payout made outside the site, recorded against the
 * host's payable balance. A refusal shows the form again as typed, with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(context, "payment:list-own");
  const form = Object.fromEntries(await readForm(request));
  const values = Object.fromEntries(
    Object.entries(form).map(([name, value]) => [name, typeof value === "string" ? value : ""]),
  );
  const back = "/dashboard/payments";
  if (values.intent !== RECORD_PAYOUT_INTENT) {
    return redirectWithToast(back, {
      title: "payments.payouts.admin.refused",
      description: "payments.payouts.errors.invalid",
      variant: "destructive",
    });
  }
  const refusedForm = (result: Omit<PayoutFormResult, "values">, status: number) =>
    data({ payoutForm: { values, ...result } satisfies PayoutFormResult }, { status });
  type Refused = ReturnType<typeof refusedForm>;
  return answerAction<PayoutView, Response, Refused, Response | Refused>(
    () => recordPayout(viewer, values),
    {
      success: (payout) =>
        redirectWithToast(back, {
          title: "payments.payouts.admin.recorded",
          description: "payments.payouts.admin.recordedDescription",
          params: {
            amount: formatMinor(payout.amountMinor, payout.currency),
            name: payout.hostName,
            reference: payout.reference,
          },
        }),
      fieldErrors: (fieldErrors) => refusedForm({ fieldErrors, refusal: null }, 400),
      refused: (error) =>
        error.code === "FORBIDDEN"
          ? redirectWithToast(back, {
              title: "payments.payouts.admin.refused",
              description: error.message,
              variant: "destructive",
            })
          : refusedForm(
              { fieldErrors: {}, refusal: { message: error.message, params: error.params } },
              409,
            ),
    },
  );
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { all, list, payouts, payable, ledger } = loaderData;
  return (
    <div className="space-y-8">
      {ledger && <LedgerSummarySection report={ledger} />}
      {payouts && <PayoutReportSection report={payouts} />}
      {payable && <RecordPayoutSection payable={payable} result={actionData?.payoutForm ?? null} />}
      <div>
        <SectionHeading>
          {all ? t("payments.receipt.list.titleAdmin") : t("payments.receipt.list.title")}
        </SectionHeading>
        <p className="mt-1 mb-4 text-muted">
          {all ? t("payments.receipt.list.subtitleAdmin") : t("payments.receipt.list.subtitle")}
        </p>
        <PaymentListSection list={list} showPayer={all} />
      </div>
    </div>
  );
}
