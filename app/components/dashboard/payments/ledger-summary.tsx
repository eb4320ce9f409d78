import { CircleAlert, CircleCheck } from "lucide-react";
import { useId } from "react";
import { useT } from "../../../i18n/use-t.ts";
import { cn } from "../../../lib/cn.ts";
import { formatMinor } from "../../../lib/money.ts";
import { LEDGER_ACCOUNTS } from "../../../lib/payment-values.ts";
import type { LedgerReport } from "../../../lib/schemas/payments.ts";
import { cardVariants } from "../../ui/card.tsx";

/**
 * "Ledger" on the administrator's Payments tab: per currency, what the provider holds, the
 * platform's income and costs, and what is owed to hosts and payers, with whether every
 * transaction's debits and credits balance.
 */
export function LedgerSummarySection({ report }: { report: LedgerReport }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="ledger-summary">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-stone-900">
          {t("payments.ledger.title")}
        </h2>
        <p className="mt-1 text-stone-600">{t("payments.ledger.subtitle")}</p>
      </div>
      {report.currencies.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-stone-600">
          {t("payments.ledger.empty")}
        </p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {report.currencies.map(({ currency, balances, balanced }) => (
            <div
              key={currency}
              className={cn(cardVariants({ elevated: false }), "p-4")}
              data-currency={currency}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-stone-800">{currency}</h3>
                <p
                  className={cn(
                    "flex items-center gap-1.5 text-sm font-medium",
                    balanced ? "text-brand-800" : "text-red-700",
                  )}
                >
                  {balanced ? (
                    <CircleCheck aria-hidden className="size-4" />
                  ) : (
                    <CircleAlert aria-hidden className="size-4" />
                  )}
                  {balanced ? t("payments.ledger.balanced") : t("payments.ledger.unbalanced")}
                </p>
              </div>
              <dl className="mt-3 divide-y divide-stone-100 text-sm">
                {LEDGER_ACCOUNTS.map((account) => (
                  <div key={account} className="flex justify-between gap-4 py-1.5">
                    <dt className="text-stone-600">{t(`payments.ledger.accounts.${account}`)}</dt>
                    <dd className="font-medium text-stone-900 tabular-nums">
                      {formatMinor(balances[account], currency)}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
