import { CircleAlert, ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { cn } from "../../lib/cn.ts";
import { formatMinor } from "../../lib/money.ts";
import type { PaymentView } from "../../lib/schemas/payments.ts";
import { buttonVariants } from "../ui/button.tsx";
import { cardVariants } from "../ui/card.tsx";
import { SectionHeading } from "../ui/section-heading.tsx";

/** How often a pending payment's page asks again: the webhook usually lands within seconds. */
const POLL_MS = 3000;

/**
 * Asks the server again every few seconds while the page is shown and the payment pending. Once
 * the answer is no longer pending the page shows something else, and the timer goes with it.
 */
function usePollWhilePending(pending: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, revalidate]);
}

const panelClass = cn(cardVariants(), "mx-auto max-w-2xl p-6 text-center sm:p-8");

function Amount({ payment }: { payment: PaymentView }) {
  return (
    <p className="mt-3 text-2xl font-extrabold text-ink tabular-nums">
      {formatMinor(payment.amountMinor, payment.currency)}
    </p>
  );
}

/** Pending: waiting for the provider's word, with the way back to its checkout. */
export function PendingPayment({ payment }: { payment: PaymentView }) {
  const t = useT();
  usePollWhilePending(true);
  const provider = t(`payments.receipt.providers.${payment.provider}`);
  return (
    <section aria-labelledby="payment-title" className={panelClass}>
      <span
        aria-hidden
        className="mx-auto block size-10 animate-spin rounded-full border-4 border-primary-soft border-t-primary motion-reduce:animate-none"
      />
      <SectionHeading id="payment-title" className="mt-4">
        {t("payments.receipt.pending.title")}
      </SectionHeading>
      <p className="mt-1 text-muted">{payment.description}</p>
      <Amount payment={payment} />
      <p role="status" className="mt-4 font-medium text-ink-soft">
        {t("payments.receipt.pending.body", { provider })}
      </p>
      <p className="mt-2 text-sm text-muted">{t("payments.receipt.pending.hint")}</p>
      {payment.checkoutUrl && (
        <a
          href={payment.checkoutUrl}
          className={cn(buttonVariants({ variant: "outline", size: "md" }), "mt-6")}
        >
          <ExternalLink aria-hidden className="size-4" />
          {t("payments.receipt.pending.backToCheckout")}
        </a>
      )}
    </section>
  );
}

/**
 * Failed or cancelled: nothing was charged. "Try again" opens a new checkout of the same booking
 * while its dates are held (`retryBookingId`), otherwise goes back to what was being paid.
 */
export function UnpaidPayment({
  payment,
  retryPath,
  retryBookingId,
}: {
  payment: PaymentView;
  retryPath: string;
  retryBookingId: number | null;
}) {
  const navigation = useNavigation();
  const t = useT();
  const texts =
    payment.status === "cancelled"
      ? {
          title: t("payments.receipt.cancelled.title"),
          body: t("payments.receipt.cancelled.body"),
        }
      : { title: t("payments.receipt.failed.title"), body: t("payments.receipt.failed.body") };
  return (
    <section aria-labelledby="payment-title" className={panelClass}>
      <CircleAlert aria-hidden className="mx-auto size-10 text-danger" />
      <SectionHeading id="payment-title" className="mt-4">
        {texts.title}
      </SectionHeading>
      <p className="mt-1 text-muted">{payment.description}</p>
      <Amount payment={payment} />
      <p className="mt-4 text-ink-soft">{texts.body}</p>
      {retryBookingId !== null && (
        <p className="mt-2 text-sm text-muted">{t("payments.receipt.held")}</p>
      )}
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        {retryBookingId === null ? (
          <Link to={retryPath} className={buttonVariants({ variant: "primary", size: "md" })}>
            {t("payments.receipt.tryAgain")}
          </Link>
        ) : (
          <Form method="post" action="/dashboard/bookings">
            <input type="hidden" name="intent" value="retry-payment" />
            <input type="hidden" name="bookingId" value={retryBookingId} />
            <button
              type="submit"
              disabled={navigation.state !== "idle"}
              className={cn(buttonVariants({ variant: "primary", size: "md" }), "w-full")}
            >
              {t("payments.receipt.tryAgain")}
            </button>
          </Form>
        )}
        <Link
          to="/dashboard/payments"
          className={buttonVariants({ variant: "outline", size: "md" })}
        >
          {t("payments.receipt.allPayments")}
        </Link>
      </div>
    </section>
  );
}
