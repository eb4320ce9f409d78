import { Printer } from "lucide-react";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatMinor } from "../../lib/money.ts";
import {
  formatPaymentTime,
  receiptFacts,
  receiptStanding,
  refundReasonText,
  stayLines,
} from "../../lib/payment-receipt.ts";
import type { PaymentView } from "../../lib/schemas/payments.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

export interface ReceiptIssuer {
  siteName: string;
  supportEmail: string;
  supportPhone: string;
}

const REFUND_TONE = { pending: "warning", succeeded: "success", failed: "danger" } as const;
const STANDING_TONE = { paid: "success", partly_refunded: "warning", refunded: "neutral" } as const;

/** The booking paid for, line by line, as a small priced list ending with how it was paid. */
function StayLines({ payment }: { payment: PaymentView }) {
  const t = useT();
  if (!payment.stay) return null;
  const lines = stayLines(payment.stay, payment.purpose, payment.currency, t);
  const totalAt = lines.findIndex((line) => line.total);
  return (
    <section aria-labelledby="receipt-stay" className="mt-6 border-t border-line pt-5">
      <h3 id="receipt-stay" className="font-semibold text-ink">
        {t("payments.receipt.stay.title")}
      </h3>
      <dl className="mt-2 text-sm" data-testid="receipt-stay">
        {lines.map((line, index) => (
          <div
            key={line.label}
            className={cn(
              "flex items-baseline justify-between gap-4 py-1",
              index === totalAt && "mt-1 border-t border-line pt-2 font-semibold",
              index > totalAt && "text-secondary",
            )}
          >
            <dt className={index === totalAt ? "text-ink" : "text-muted"}>{line.label}</dt>
            <dd className="text-right text-ink tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Refunds({ payment }: { payment: PaymentView }) {
  const t = useT();
  if (payment.refunds.length === 0) return null;
  return (
    <section aria-labelledby="receipt-refunds" className="mt-6 border-t border-line pt-5">
      <h3 id="receipt-refunds" className="font-semibold text-ink">
        {t("payments.receipt.refunds.title")}
      </h3>
      <ul className="mt-2 divide-y divide-line-soft">
        {payment.refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 text-sm text-muted">
              <span className="block font-medium wrap-break-word text-ink">
                {refundReasonText(refund.reason, payment.stay, t)}
              </span>
              {t("payments.receipt.refunds.date")} {formatPaymentTime(refund.createdAt)}
              {refund.completedAt && (
                <>
                  {" · "}
                  {t("payments.receipt.refunds.completed")} {formatPaymentTime(refund.completedAt)}
                </>
              )}
            </span>
            <span className="flex items-center gap-2">
              <span className="font-semibold text-ink tabular-nums">
                {formatMinor(refund.amountMinor, payment.currency)}
              </span>
              <Badge tone={REFUND_TONE[refund.status]}>
                {t(`payments.receipt.refundStatuses.${refund.status}`)}
              </Badge>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A paid payment's receipt, laid out to print on its own: the site's header, footer and the
 * dashboard's tabs are hidden in print, and so is the print button.
 */
export function Receipt({ payment, issuer }: { payment: PaymentView; issuer: ReceiptIssuer }) {
  const t = useT();
  const hydrated = useHydrated();
  const standing = receiptStanding(payment);
  return (
    <article
      aria-labelledby="receipt-title"
      className={cn(
        cardVariants(),
        "mx-auto max-w-2xl p-5 sm:p-8 print:max-w-none print:border-0 print:p-0 print:shadow-none",
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-5">
        <div className="min-w-0">
          <p className="text-lg font-extrabold text-primary-strong">{issuer.siteName}</p>
          <p className="text-sm text-muted">{t("layout.footer.officeAddress")}</p>
          <p className="text-sm break-all text-muted">
            {issuer.supportEmail} · <span className="whitespace-nowrap">{issuer.supportPhone}</span>
          </p>
        </div>
        <div className="flex items-center gap-2 sm:flex-col sm:items-end sm:gap-1">
          <SectionHeading id="receipt-title">{t("payments.receipt.receiptTitle")}</SectionHeading>
          <Badge tone={STANDING_TONE[standing]}>{t(`payments.receipt.standing.${standing}`)}</Badge>
        </div>
      </header>
      <p className="mt-5 text-secondary print:hidden">{t("payments.receipt.thanks")}</p>
      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        {receiptFacts(payment, t).map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-sm text-subtle sm:pt-0.5">{fact.label}</dt>
            <dd className="-mt-2 font-medium break-words text-ink sm:mt-0">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <StayLines payment={payment} />
      <Refunds payment={payment} />
      <div className="mt-8 flex justify-end print:hidden">
        <Button
          type="button"
          variant="outline"
          size="md"
          disabled={!hydrated}
          onClick={() => window.print()}
        >
          <Printer aria-hidden className="size-4" />
          {t("payments.receipt.print")}
        </Button>
      </div>
    </article>
  );
}
