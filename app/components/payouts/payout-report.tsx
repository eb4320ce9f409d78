import { useId } from "react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatMinor } from "../../lib/money.ts";
import { formatPaymentTime } from "../../lib/payment-receipt.ts";
import type {
  PayoutItem,
  PayoutReport,
  PayoutTotals,
  PayoutView,
} from "../../lib/schemas/payouts.ts";
import { cardVariants } from "../ui/card.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/** One currency's money: held, payable, paid out, each a figure with its label. */
function Totals({ totals }: { totals: PayoutTotals }) {
  const t = useT();
  const figures = [
    { label: t("payments.payouts.held"), amount: totals.heldMinor, testId: "held" },
    { label: t("payments.payouts.payable"), amount: totals.payableMinor, testId: "payable" },
    { label: t("payments.payouts.paid"), amount: totals.paidMinor, testId: "paid" },
  ];
  return (
    <div className={cn(cardVariants({ elevated: false }), "p-4")} data-currency={totals.currency}>
      <p className="text-sm font-semibold text-secondary">
        {t("payments.payouts.currency")}: {totals.currency}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-3 min-[400px]:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.testId} data-testid={`payout-${figure.testId}`}>
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="text-lg font-bold text-ink tabular-nums">
              {formatMinor(figure.amount, totals.currency)}
            </dd>
          </div>
        ))}
      </dl>
      {totals.owedMinor > 0 && (
        <p className="mt-3 text-sm text-danger-strong" data-testid="payout-owed">
          {t("payments.payouts.owed", { amount: formatMinor(totals.owedMinor, totals.currency) })}
        </p>
      )}
    </div>
  );
}

/**
 * "Payouts" on the Payments tab of agents and professionals: per currency what is held for them
 * (until 48 hours after check-in, or until a job is completed), payable and paid out; then each
 * booking and job with money, and the payouts received.
 */
export function PayoutReportSection({ report }: { report: PayoutReport }) {
  const t = useT();
  const headingId = useId();
  const itemsId = useId();
  const payoutsId = useId();
  const itemTitle = (item: PayoutItem) =>
    t(item.kind === "booking" ? "payments.payouts.booking" : "payments.payouts.job", {
      id: item.id,
      title: item.title,
    });
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="payout-report">
      <div>
        <SectionHeading id={headingId}>{t("payments.payouts.title")}</SectionHeading>
        <p className="mt-1 text-muted">{t("payments.payouts.subtitle")}</p>
      </div>
      {report.totals.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong bg-surface px-4 py-6 text-center text-muted">
          {t("payments.payouts.empty")}
        </p>
      ) : (
        <div
          role="group"
          aria-label={t("payments.payouts.totalsCaption")}
          className="grid gap-3 lg:grid-cols-2"
        >
          {report.totals.map((totals) => (
            <Totals key={totals.currency} totals={totals} />
          ))}
        </div>
      )}
      {report.items.length > 0 && (
        <section aria-labelledby={itemsId}>
          <h3 id={itemsId} className="mb-2 font-semibold text-ink-soft">
            {t("payments.payouts.itemsTitle")}
          </h3>
          <DataTable
            label={t("payments.payouts.itemsTitle")}
            rows={report.items}
            rowKey={(item) => `${item.kind}-${item.id}-${item.currency}`}
            cardTitle={itemTitle}
            columns={[
              { label: t("payments.payouts.item"), cell: itemTitle, inCard: false },
              {
                label: t("payments.payouts.held"),
                numeric: true,
                cell: (item) => formatMinor(item.heldMinor, item.currency),
              },
              {
                label: t("payments.payouts.payable"),
                numeric: true,
                cell: (item) => formatMinor(item.payableMinor, item.currency),
              },
              {
                label: t("payments.payouts.paid"),
                numeric: true,
                cell: (item) => formatMinor(item.paidOutMinor, item.currency),
              },
              {
                label: t("payments.payouts.state"),
                cell: (item) => (
                  <span data-state={item.state}>{t(`payments.payouts.states.${item.state}`)}</span>
                ),
              },
            ]}
          />
        </section>
      )}
      {report.totals.length > 0 && (
        <section aria-labelledby={payoutsId}>
          <h3 id={payoutsId} className="mb-2 font-semibold text-ink-soft">
            {t("payments.payouts.payoutsTitle")}
          </h3>
          {report.payouts.length === 0 ? (
            <p className="text-sm text-muted">{t("payments.payouts.noPayouts")}</p>
          ) : (
            <PayoutTable payouts={report.payouts} />
          )}
        </section>
      )}
    </section>
  );
}

/** Payouts recorded: date, amount and the transfer's reference. */
function PayoutTable({ payouts }: { payouts: PayoutView[] }) {
  const t = useT();
  return (
    <DataTable
      label={t("payments.payouts.payoutsTitle")}
      rows={payouts}
      rowKey={(payout) => String(payout.id)}
      cardTitle={(payout) => formatMinor(payout.amountMinor, payout.currency)}
      columns={[
        {
          label: t("payments.payouts.date"),
          cell: (payout) => formatPaymentTime(payout.createdAt),
        },
        {
          label: t("payments.payouts.amount"),
          numeric: true,
          inCard: false,
          cell: (payout) => formatMinor(payout.amountMinor, payout.currency),
        },
        { label: t("payments.payouts.reference"), cell: (payout) => payout.reference },
      ]}
    />
  );
}
