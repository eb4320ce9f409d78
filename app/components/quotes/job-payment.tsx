import { CreditCard, Undo2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatMinor } from "../../lib/money.ts";
import type { JobView } from "../../lib/schemas/quotes.ts";
import { buttonVariants } from "../ui/button.tsx";
import { useAmountText } from "./quote-badges.tsx";

/** Where the job's forms post: the quotes resource route, which answers with a redirect. */
const QUOTES_ACTION = "/quotes";

/**
 * A job's money, for either side: what paying online costs (the quote and the service fee), or
 * that it was paid and is held until the job is completed, and any refund.
 */
export function JobPaymentLines({ job }: { job: JobView }) {
  const t = useT();
  const money = useAmountText();
  const { payment } = job;
  const total = money(payment.totalUsdCents);
  let line: string | null = null;
  if (payment.paid) {
    line =
      job.status === "accepted"
        ? t(job.side === "client" ? "payments.jobs.paid" : "payments.jobs.paidProfessional", {
            amount: total,
          })
        : t("payments.jobs.released", { amount: total });
  } else if (job.status === "accepted") {
    line =
      job.side === "client"
        ? t("payments.jobs.price", {
            total,
            quote: money(job.amountUsdCents),
            fee: money(payment.serviceFeeUsdCents),
          })
        : t("payments.jobs.notPaid");
  }
  return (
    <div
      className="mt-2 space-y-0.5 text-sm text-secondary"
      data-job-paid={payment.paid}
      data-payout={payment.payout ?? undefined}
    >
      {line && <p>{line}</p>}
      {payment.payout && job.status !== "accepted" && (
        <p>{t(`payments.jobs.payoutStates.${payment.payout}`)}</p>
      )}
      {payment.refunds.map((refund) => (
        <p key={refund.id} className="flex items-start gap-1.5" data-refund={refund.status}>
          <Undo2 aria-hidden className="mt-0.5 size-4 shrink-0 text-faint" />
          {t("payments.jobs.refund", {
            amount: formatMinor(refund.amountMinor, refund.currency),
            status: t(`payments.bookings.refundStatuses.${refund.status}`),
          })}
        </p>
      ))}
    </div>
  );
}

/**
 * "Pay for the job", for the client of an accepted job not yet paid: the quotes route opens the
 * provider's checkout and sends the browser there, then back to `back`.
 */
export function PayJobForm({
  job,
  back,
  size = "md",
}: {
  job: JobView;
  back: string;
  size?: "sm" | "md";
}) {
  const t = useT();
  const money = useAmountText();
  const navigation = useNavigation();
  if (job.side !== "client" || job.status !== "accepted" || job.payment.paid) return null;
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "pay-job" &&
    navigation.formData.get("jobId") === String(job.id);
  return (
    <Form method="post" action={QUOTES_ACTION}>
      <input type="hidden" name="intent" value="pay-job" />
      <input type="hidden" name="jobId" value={job.id} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        disabled={busy}
        aria-label={t("payments.jobs.payLabel", {
          amount: money(job.payment.totalUsdCents),
          title: job.listingTitle,
        })}
        className={cn(buttonVariants({ size }), "w-full gap-1.5 sm:w-auto")}
      >
        <CreditCard aria-hidden className="size-4" />
        {t("payments.jobs.pay")}
      </button>
    </Form>
  );
}
