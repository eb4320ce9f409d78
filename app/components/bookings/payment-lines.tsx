import { CircleX, CreditCard, ExternalLink, Undo2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { bookingsHref } from "../../lib/booking-dashboard.ts";
import { canPayBalance, canRetryPayment, formatCharged } from "../../lib/booking-payment.ts";
import { formatPaymentTime } from "../../lib/payment-receipt.ts";
import { cn } from "../../lib/cn.ts";
import { formatMinor, formatPrice, type DisplayCurrency } from "../../lib/money.ts";
import type { BookingView } from "../../lib/schemas/bookings.ts";
import { buttonVariants } from "../ui/button.tsx";

/**
 * How a booking stands with its money, on the Bookings tab: paid at the property, or what was paid
 * online and what is left (a deposit's balance: online before check-in, or at the property).
 */
export function PaymentNote({
  booking,
  currency,
  today,
}: {
  booking: BookingView;
  currency: DisplayCurrency;
  today: string;
}) {
  const t = useT();
  const money = (usdCents: number) => formatPrice(usdCents, currency);
  const open = booking.status === "confirmed" || booking.status === "requested";
  if (booking.payment.mode === "on_arrival") {
    return booking.status === "confirmed" ? (
      <span className="text-muted">{t("bookings.payAtProperty")}</span>
    ) : null;
  }
  if (booking.status === "awaiting_payment") {
    return (
      <span className="text-warning-strong">
        {t(booking.payment.checkoutUrl ? "payments.bookings.awaiting" : "payments.bookings.retry")}
      </span>
    );
  }
  const { paidUsdCents } = booking.payment;
  if (paidUsdCents === 0) return null;
  const left = booking.price.totalUsdCents - paidUsdCents;
  return (
    <>
      <span className="text-secondary" data-paid-online>
        {t("payments.bookings.paidOnline", { amount: formatCharged(booking.payment.charged) })}
      </span>
      {open && left > 0 && (
        <span className="text-muted">
          {t(
            today < booking.checkIn
              ? "payments.bookings.balanceDue"
              : "payments.bookings.balanceAtProperty",
            { amount: money(left), start: t(`bookings.units.${booking.unit}.startEvent`) },
          )}
        </span>
      )}
    </>
  );
}

/** The attempt's words: "Card declined", "Mobile money declined", "Payment cancelled". */
function attemptText(
  t: ReturnType<typeof useT>,
  attempt: BookingView["payment"]["attempts"][number],
): string {
  const at = formatPaymentTime(attempt.at);
  if (attempt.status === "cancelled") return t("payments.bookings.attempts.cancelled", { at });
  return attempt.method
    ? t(`payments.bookings.attempts.failed.${attempt.method}`, { at })
    : t("payments.bookings.attempts.failedOther", { at });
}

/**
 * Tries to pay that did not go through, inside the booking they were for ("Card declined at
 * Nov 26, 2026, 14:02 UTC"): no money was taken by any of them.
 */
export function AttemptLines({ attempts }: { attempts: BookingView["payment"]["attempts"] }) {
  const t = useT();
  if (attempts.length === 0) return null;
  return (
    <ul
      className="mt-1 space-y-0.5 text-sm text-secondary"
      aria-label={t("payments.bookings.attempts.title")}
    >
      {attempts.map((attempt) => (
        <li key={attempt.at} className="flex items-start gap-1.5" data-attempt={attempt.status}>
          <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
          <span>{attemptText(t, attempt)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Refund of NGN 52,500.00: completed", in the currency it was paid in, one line per refund. */
export function RefundLines({ refunds }: { refunds: BookingView["payment"]["refunds"] }) {
  const t = useT();
  if (refunds.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-secondary">
      {refunds.map((refund) => (
        <li key={refund.id} className="flex items-start gap-1.5" data-refund={refund.status}>
          <Undo2 aria-hidden className="mt-0.5 size-4 shrink-0 text-faint" />
          <span>
            {t("payments.bookings.refund", {
              amount: formatMinor(refund.amountMinor, refund.currency),
              status: t(`payments.bookings.refundStatuses.${refund.status}`),
            })}
            {refund.status === "failed" && ` ${t("payments.bookings.refundFailedHint")}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the guest can do about the money: go back to an open checkout, or pay a deposit's balance
 * (a form: the page's action opens the checkout and sends the browser there).
 */
export function PaymentActions({
  booking,
  month,
  today,
  now,
}: {
  booking: BookingView;
  month: string | null;
  today: string;
  /** The time of the request: a booking's hold ends at its checkout window. */
  now: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const label = { id: booking.id, title: booking.listingTitle };
  const busy = (intent: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("bookingId") === String(booking.id);
  if (canRetryPayment(booking, now)) {
    return (
      <Form method="post" action={bookingsHref({ month })}>
        <input type="hidden" name="intent" value="retry-payment" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <button
          type="submit"
          disabled={busy("retry-payment")}
          aria-label={t("payments.bookings.payAgainLabel", label)}
          className={cn(buttonVariants({ size: "sm" }), "gap-1.5")}
        >
          <CreditCard aria-hidden className="size-4" />
          {t("payments.bookings.payAgain")}
        </button>
      </Form>
    );
  }
  if (booking.status === "awaiting_payment" && booking.payment.checkoutUrl) {
    return (
      <a
        href={booking.payment.checkoutUrl}
        aria-label={t("payments.bookings.continueCheckoutLabel", label)}
        className={cn(buttonVariants({ size: "sm" }), "gap-1.5")}
      >
        <ExternalLink aria-hidden className="size-4" />
        {t("payments.bookings.continueCheckout")}
      </a>
    );
  }
  if (!canPayBalance(booking, today)) return null;
  return (
    <Form method="post" action={bookingsHref({ month })}>
      <input type="hidden" name="intent" value="pay-balance" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <button
        type="submit"
        disabled={busy("pay-balance")}
        aria-label={t("payments.bookings.payBalanceLabel", label)}
        className={cn(buttonVariants({ size: "sm" }), "gap-1.5")}
      >
        <CreditCard aria-hidden className="size-4" />
        {t("payments.bookings.payBalance")}
      </button>
    </Form>
  );
}
