import type { Translate } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import type { BookingMode } from "../../lib/booking-values.ts";
import type { PaymentTerms } from "../../lib/schemas/bookings.ts";

/**
 * How a stay is paid, in one sentence: at the property, the total online now, or a deposit now
 * and the rest online before check-in or at the property. Amounts in the viewer's currency.
 */
export function paymentTermsText(
  t: Translate,
  terms: PaymentTerms,
  money: (usdCents: number) => string,
): string {
  if (terms.mode === "on_arrival") return t("bookings.payment.onArrival");
  if (terms.mode === "full") {
    return t("bookings.payment.full", { now: money(terms.dueNowUsdCents) });
  }
  return t("bookings.payment.deposit", {
    now: money(terms.dueNowUsdCents),
    percent: terms.depositPercent ?? 0,
    rest: money(terms.restUsdCents),
  });
}

/**
 * The terms under a quote, before the guest books: for a stay paid online, also that the payment
 * is made on the provider's page next and, for a request, refunded if the host does not accept.
 */
export function PaymentTermsNote({
  terms,
  mode,
  money,
}: {
  terms: PaymentTerms;
  mode: BookingMode;
  money: (usdCents: number) => string;
}) {
  const t = useT();
  return (
    <div className="mt-2 space-y-1 text-xs text-stone-600" data-testid="payment-terms">
      <p className={terms.mode === "on_arrival" ? undefined : "font-medium text-stone-800"}>
        {paymentTermsText(t, terms, money)}
      </p>
      {terms.mode !== "on_arrival" && mode === "request" && (
        <p>{t("bookings.payment.refundedIfNotAccepted")}</p>
      )}
      {terms.mode !== "on_arrival" && <p>{t("bookings.payment.checkoutNote")}</p>}
    </div>
  );
}
