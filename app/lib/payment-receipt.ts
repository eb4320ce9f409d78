import type { Translate } from "../i18n/translator.ts";
import { formatMinor } from "./money.ts";
import type { PaymentPurpose } from "./payment-values.ts";
import type { PaymentView } from "./schemas/payments.ts";

/**
 * What a receipt states, as label and value pairs: the payment page prints them and the receipt
 * e-mail lists them, so both say the same.
 */
export interface ReceiptFact {
  label: string;
  value: string;
}

/** "Nov 24, 2026, 14:05 UTC": one reading on the server, in the e-mail and in every browser. */
export function formatPaymentTime(iso: string): string {
  const text = new Date(iso).toLocaleString("en", {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  return `${text} UTC`;
}

/** "1,480.5" for a stored rate of "1480.500000": the digits that say something. */
function formatRate(rate: string): string {
  return new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(Number(rate));
}

export function receiptFacts(payment: PaymentView, t: Translate): ReceiptFact[] {
  const facts: ReceiptFact[] = [
    { label: t("payments.receipt.number"), value: payment.id },
    {
      label: t("payments.receipt.date"),
      value: formatPaymentTime(payment.paidAt ?? payment.createdAt),
    },
    {
      label: t("payments.receipt.payer"),
      value: payment.payer.name
        ? `${payment.payer.name} <${payment.payer.email}>`
        : payment.payer.email,
    },
    { label: t("payments.receipt.what"), value: payment.description },
    {
      label: t("payments.receipt.amount"),
      value: formatMinor(payment.amountMinor, payment.currency),
    },
  ];
  if (payment.currency !== "USD") {
    facts.push({
      label: t("payments.receipt.usd"),
      value: t("payments.receipt.usdAt", {
        usd: formatMinor(payment.amountUsdCents, "USD"),
        rate: formatRate(payment.rate),
        currency: payment.currency,
      }),
    });
  }
  facts.push(
    {
      label: t("payments.receipt.method"),
      value: payment.method
        ? t(`payments.receipt.methods.${payment.method}`)
        : t("payments.receipt.notYet"),
    },
    {
      label: t("payments.receipt.provider"),
      value: t(`payments.receipt.providers.${payment.provider}`),
    },
  );
  return facts;
}

/** Where "Try again" leads after a failed or cancelled payment: back to what was being paid. */
export function retryPath(purpose: PaymentPurpose): string {
  return purpose === "plan" ? "/dashboard/premium-plans" : "/dashboard/bookings";
}
