import { CreditCard, ExternalLink, Undo2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../../i18n/use-t.ts";
import { bookingsHref } from "../../../lib/booking-dashboard.ts";
import { canPayBalance } from "../../../lib/booking-payment.ts";
import { cn } from "../../../lib/cn.ts";
import { formatMinor, formatPrice, type DisplayCurrency } from "../../../lib/money.ts";
import type { BookingView } from "../../../lib/schemas/bookings.ts";
import { buttonVariants } from "../../ui/button.tsx";

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
      <span className="text-stone-600">{t("bookings.payAtProperty")}</span>
    ) : null;
  }
  if (booking.status === "awaiting_payment") {
    return <span className="text-amber-800">{t("payments.bookings.awaiting")}</span>;
  }
  const { paidUsdCents } = booking.payment;
  if (paidUsdCents === 0) return null;
  const left = booking.price.totalUsdCents - paidUsdCents;
  return (
    <>
      <span className="text-stone-700" data-paid-online>
        {t("payments.bookings.paidOnline", { amount: money(paidUsdCents) })}
      </span>
      {open && left > 0 && (
        <span className="text-stone-600">
          {t(
            today < booking.checkIn
              ? "payments.bookings.balanceDue"
              : "payments.bookings.balanceAtProperty",
            { amount: money(left) },
          )}
        </span>
      )}
    </>
  );
}

/** "Refund of NGN 52,500.00: completed", in the currency it was paid in, one line per refund. */
export function RefundLines({ refunds }: { refunds: BookingView["payment"]["refunds"] }) {
  const t = useT();
  if (refunds.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-stone-700">
      {refunds.map((refund) => (
        <li key={refund.id} className="flex items-start gap-1.5" data-refund={refund.status}>
          <Undo2 aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
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
}: {
  booking: BookingView;
  month: string | null;
  today: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const label = { id: booking.id, title: booking.listingTitle };
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
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "pay-balance" &&
    navigation.formData.get("bookingId") === String(booking.id);
  return (
    <Form method="post" action={bookingsHref({ month })}>
      <input type="hidden" name="intent" value="pay-balance" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={t("payments.bookings.payBalanceLabel", label)}
        className={cn(buttonVariants({ size: "sm" }), "gap-1.5")}
      >
        <CreditCard aria-hidden className="size-4" />
        {t("payments.bookings.payBalance")}
      </button>
    </Form>
  );
}
