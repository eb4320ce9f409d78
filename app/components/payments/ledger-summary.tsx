import { CircleAlert, CircleCheck } from "lucide-react";
import { useId } from "react";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatMinor } from "../../lib/money.ts";
import { LEDGER_ACCOUNTS } from "../../lib/payment-values.ts";
import type { LedgerReport } from "../../lib/schemas/payments.ts";
import { cardVariants } from "../ui/card.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/**
 * "Ledger" on the administrator's Payments tab: per currency, what the provider holds, the
 * platform's income and costs, and what is owed to hosts and payers, with whether the ledger is
 * healthy (it balances, nothing is below zero, every host's money adds up), what is wrong if not,
 * and which hosts owe money back.
 */
export function LedgerSummarySection({ report }: { report: LedgerReport }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="ledger-summary">
      <div>
        <SectionHeading id={headingId}>{t("payments.ledger.title")}</SectionHeading>
        <p className="mt-1 text-muted">{t("payments.ledger.subtitle")}</p>
      </div>
      {report.currencies.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong bg-surface px-4 py-6 text-center text-muted">
          {t("payments.ledger.empty")}
        </p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {report.currencies.map((ledger) => (
            <CurrencyLedger key={ledger.currency} ledger={ledger} />
          ))}
        </div>
      )}
    </section>
  );
}

type CurrencyReport = LedgerReport["currencies"][number];

function CurrencyLedger({ ledger }: { ledger: CurrencyReport }) {
  const t = useT();
  const { currency, balances, balanced, healthy, problems, hostDebts } = ledger;
  const status = !balanced
    ? t("payments.ledger.unbalanced")
    : healthy
      ? t("payments.ledger.healthy")
      : t("payments.ledger.notHealthy");
  const who = (name: string | null) => (name ? t("payments.ledger.who", { name }) : "");
  return (
    <div
      className={cn(cardVariants({ elevated: false }), "p-4")}
      data-currency={currency}
      data-healthy={healthy}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-ink-soft">{currency}</h3>
        <p
          className={cn(
            "flex items-center gap-1.5 text-sm font-medium",
            healthy ? "text-primary-strong" : "text-danger",
          )}
        >
          {healthy ? (
            <CircleCheck aria-hidden className="size-4" />
          ) : (
            <CircleAlert aria-hidden className="size-4" />
          )}
          {status}
        </p>
      </div>
      {problems.length > 0 && (
        <div className="mt-3 rounded-lg border border-danger-pale bg-danger-tint p-3 text-sm text-danger-strong">
          <p className="font-semibold">{t("payments.ledger.problemsTitle")}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {problems.map((problem) => (
              <li key={`${problem.rule}-${problem.account}-${problem.userId ?? ""}`}>
                {problem.rule === "negative"
                  ? t("payments.ledger.problems.negative", {
                      account: t(`payments.ledger.accounts.${problem.account}`),
                      who: who(problem.userName),
                      amount: formatMinor(problem.balanceMinor, currency),
                    })
                  : t("payments.ledger.problems.host_mismatch", {
                      who: problem.userName ?? problem.userId ?? "",
                      amount: formatMinor(problem.balanceMinor, currency),
                      expected: formatMinor(problem.expectedMinor ?? 0, currency),
                    })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="mt-3 divide-y divide-line-soft text-sm">
        {LEDGER_ACCOUNTS.map((account) => (
          <div key={account} className="flex justify-between gap-4 py-1.5">
            <dt className="text-muted">{t(`payments.ledger.accounts.${account}`)}</dt>
            <dd className="font-medium text-ink tabular-nums">
              {formatMinor(balances[account], currency)}
            </dd>
          </div>
        ))}
      </dl>
      {hostDebts.length > 0 && (
        <div className="mt-3 text-sm" data-testid="host-debts">
          <p className="font-semibold text-ink-soft">{t("payments.ledger.debtsTitle")}</p>
          <ul className="mt-1 space-y-0.5 text-secondary">
            {hostDebts.map((debt) => (
              <li key={debt.hostId}>
                {t("payments.ledger.debt", {
                  name: debt.hostName,
                  amount: formatMinor(debt.owedMinor, currency),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
