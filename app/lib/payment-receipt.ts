import type { Translate } from "../i18n/translator.ts";
import type { BookingUnit, Canceller } from "./booking-values.ts";
import { formatMinor } from "./money.ts";
import {
  REFUND_REASONS,
  usdCentsToMinor,
  type BookingPaymentMode,
  type PaymentPurpose,
  type RefundReason,
} from "./payment-values.ts";
import type { PaymentStay, PaymentView, RefundView } from "./schemas/payments.ts";

/**
 * What a receipt states, as label and value pairs: the payment page prints them and the receipt
 * e-mail lists them, so both say the same.
 */
export interface ReceiptFact {
  label: string;
  value: string;
  /** The line that sums the ones above it. */
  total?: boolean;
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

/** The stored booking a payment was for, as far as its receipt itemises it. */
export interface StoredStay {
  unit: BookingUnit;
  quantity: number;
  rateUsdCents: number;
  cleaningFeeUsdCents: number;
  serviceFeeUsdCents: number;
  totalUsdCents: number;
  paymentMode: BookingPaymentMode;
  dueNowUsdCents: number;
  cancelledBy: Canceller | null;
  cancelReason: string | null;
}

/**
 * A booking's price line by line in the payment's currency at the payment's own rate, never
 * today's: the fees are converted and the stay is what is left of the total, so the lines add up
 * to it, and the deposit and the balance do too. The payment that was made is taken as charged:
 * the total of one paid in full, the deposit or the balance of one paid in two.
 */
export function itemiseStay(
  booking: StoredStay,
  payment: { purpose: PaymentPurpose; amountMinor: number; currency: string; rate: string },
): PaymentStay {
  const rate = Number(payment.rate);
  const inCurrency = (usdCents: number) => usdCentsToMinor(usdCents, payment.currency, rate);
  const deposit = booking.paymentMode === "deposit";
  const totalMinor = deposit ? inCurrency(booking.totalUsdCents) : payment.amountMinor;
  const depositMinor = !deposit
    ? totalMinor
    : payment.purpose === "booking_balance"
      ? Math.max(0, totalMinor - payment.amountMinor)
      : payment.amountMinor;
  const cleaningFeeMinor = inCurrency(booking.cleaningFeeUsdCents);
  const serviceFeeMinor = inCurrency(booking.serviceFeeUsdCents);
  return {
    unit: booking.unit,
    quantity: booking.quantity,
    rateMinor: inCurrency(booking.rateUsdCents),
    subtotalMinor: totalMinor - cleaningFeeMinor - serviceFeeMinor,
    cleaningFeeMinor,
    serviceFeeMinor,
    totalMinor,
    mode: deposit ? "deposit" : "full",
    depositPercent:
      deposit && booking.totalUsdCents > 0
        ? Math.round((booking.dueNowUsdCents * 100) / booking.totalUsdCents)
        : null,
    depositMinor,
    balanceMinor: totalMinor - depositMinor,
    cancelledBy: booking.cancelledBy,
    cancelReason: booking.cancelReason,
  };
}

/**
 * The receipt's lines of what was paid for: the rate times the nights (months, seats), the fees
 * and the total, then paid in full, or the deposit and the balance, with the payment made marked.
 */
export function stayLines(
  stay: PaymentStay,
  purpose: PaymentPurpose,
  currency: string,
  t: Translate,
): ReceiptFact[] {
  const money = (minor: number) => formatMinor(minor, currency);
  const lines: ReceiptFact[] = [
    {
      label: t(`bookings.lines.rateLine.${stay.unit}`, {
        rate: money(stay.rateMinor),
        count: stay.quantity,
      }),
      value: money(stay.subtotalMinor),
    },
  ];
  if (stay.cleaningFeeMinor > 0) {
    lines.push({
      label: t("bookings.lines.cleaningFee"),
      value: money(stay.cleaningFeeMinor),
    });
  }
  if (stay.serviceFeeMinor > 0) {
    lines.push({
      label: t("bookings.lines.serviceFee"),
      value: money(stay.serviceFeeMinor),
    });
  }
  lines.push({
    label: t("bookings.lines.total"),
    value: money(stay.totalMinor),
    total: true,
  });
  if (stay.mode === "full") {
    lines.push({ label: t("payments.receipt.stay.paidInFull"), value: money(stay.totalMinor) });
  } else if (purpose === "booking_balance") {
    lines.push(
      { label: t("payments.receipt.stay.depositEarlier"), value: money(stay.depositMinor) },
      { label: t("payments.receipt.stay.balanceNow"), value: money(stay.balanceMinor) },
    );
  } else {
    lines.push(
      {
        label: t("payments.receipt.stay.depositNow", { percent: stay.depositPercent ?? 0 }),
        value: money(stay.depositMinor),
      },
      { label: t("payments.receipt.stay.balanceLeft"), value: money(stay.balanceMinor) },
    );
  }
  return lines;
}

export type ReceiptStanding = "paid" | "partly_refunded" | "refunded";

/**
 * What a paid receipt's badge says: refunded once refunds the provider confirmed give back the
 * whole amount, partly refunded for less; a refund still pending or failed changes nothing yet.
 */
export function receiptStanding(
  payment: Pick<PaymentView, "amountMinor"> & {
    refunds: Pick<RefundView, "amountMinor" | "status">[];
  },
): ReceiptStanding {
  const refunded = payment.refunds
    .filter((refund) => refund.status === "succeeded")
    .reduce((sum, refund) => sum + refund.amountMinor, 0);
  if (refunded <= 0) return "paid";
  return refunded >= payment.amountMinor ? "refunded" : "partly_refunded";
}

function isRefundReason(reason: string): reason is RefundReason {
  return (REFUND_REASONS as readonly string[]).includes(reason);
}

/** Why a refund was made: its recorded reason, with who cancelled and the words they gave. */
export function refundReasonText(
  reason: string,
  stay: Pick<PaymentStay, "cancelledBy" | "cancelReason"> | null,
  t: Translate,
): string {
  if (!isRefundReason(reason)) return t("payments.receipt.refundReasons.other");
  if (reason !== "booking_cancelled") return t(`payments.receipt.refundReasons.${reason}`);
  const why = stay?.cancelledBy
    ? t("payments.receipt.refundReasons.booking_cancelled_by", {
        who: t(`payments.receipt.refundReasons.who.${stay.cancelledBy}`),
      })
    : t("payments.receipt.refundReasons.booking_cancelled");
  return stay?.cancelReason
    ? `${why} ${t("payments.receipt.refundReasons.given", { reason: stay.cancelReason })}`
    : why;
}

/** Where "Try again" leads after a failed or cancelled payment: back to what was being paid. */
export function retryPath(purpose: PaymentPurpose): string {
  return purpose === "plan" ? "/dashboard/premium-plans" : "/dashboard/bookings";
}
