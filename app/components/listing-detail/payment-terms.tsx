import type { Translate } from "../../i18n/translator.ts";
import { useT } from "../../i18n/use-t.ts";
import type { BookingMode, BookingUnit } from "../../lib/booking-values.ts";
import { formatMinor } from "../../lib/money.ts";
import type { ChargeView, PaymentTerms } from "../../lib/schemas/bookings.ts";
import { unitWords } from "../../lib/unit-words.ts";

/**
 * How a stay is paid, in one sentence: at the property, the total online now, or a deposit now
 * and the rest online before check-in (move-in, departure) or at the property. What is paid now is what the checkout
 * charges, in its currency; the rest, in the viewer's currency.
 */
function paymentTermsText(
  t: Translate,
  terms: PaymentTerms,
  unit: BookingUnit,
  charge: ChargeView | null,
  money: (usdCents: number) => string,
): string {
  if (terms.mode === "on_arrival") return t("bookings.payment.onArrival");
  const now = charge
    ? formatMinor(charge.amountMinor, charge.currency)
    : money(terms.dueNowUsdCents);
  if (terms.mode === "full") return t("bookings.payment.full", { now });
  return t("bookings.payment.deposit", {
    now,
    percent: terms.depositPercent ?? 0,
    rest: money(terms.restUsdCents),
    start: unitWords(t, unit).start,
  });
}

/**
 * The terms under a quote, before the guest books: for a stay paid online, also that the payment
 * is made on the provider's page next and, for a request, refunded if the host does not accept.
 */
export function PaymentTermsNote({
  terms,
  unit,
  charge,
  mode,
  money,
}: {
  terms: PaymentTerms;
  unit: BookingUnit;
  charge: ChargeView | null;
  mode: BookingMode;
  money: (usdCents: number) => string;
}) {
  const t = useT();
  return (
    <div className="mt-2 space-y-1 text-xs text-muted" data-testid="payment-terms">
      <p className={terms.mode === "on_arrival" ? undefined : "font-medium text-ink-soft"}>
        {paymentTermsText(t, terms, unit, charge, money)}
      </p>
      {terms.mode !== "on_arrival" && mode === "request" && (
        <p>{t("bookings.payment.refundedIfNotAccepted")}</p>
      )}
      {terms.mode !== "on_arrival" && <p>{t("bookings.payment.checkoutNote")}</p>}
    </div>
  );
}
