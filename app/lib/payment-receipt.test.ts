import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/translate.ts";
import { formatMinor } from "./money.ts";
import {
  formatPaymentTime,
  itemiseStay,
  receiptFacts,
  receiptStanding,
  refundReasonText,
  retryPath,
  stayLines,
  type StoredStay,
} from "./payment-receipt.ts";
import type { PaymentView } from "./schemas/payments.ts";

const t = createTranslator();
/** Intl separates a currency code from the digits with a no-break space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const payment: PaymentView = {
  id: "pay_0123",
  purpose: "plan",
  description: "Basic plan, 3 months",
  status: "paid",
  amountMinor: 2_220_000,
  currency: "NGN",
  amountUsdCents: 1500,
  refundedMinor: 0,
  createdAt: "2026-11-24T14:00:00.000Z",
  paidAt: "2026-11-24T14:05:09.000Z",
  payer: { id: "u1", name: "Ama Owusu", email: "ama@example.com" },
  provider: "paystack",
  method: "mobile_money",
  rate: "1480.000000",
  checkoutUrl: null,
  planId: "basic",
  bookingId: null,
  jobId: null,
  refunds: [],
  stay: null,
};

/** Three nights at $80 with a $20 cleaning fee and a $7.80 service fee: $267.80. */
const booking: StoredStay = {
  unit: "night",
  quantity: 3,
  rateUsdCents: 8000,
  cleaningFeeUsdCents: 2000,
  serviceFeeUsdCents: 780,
  totalUsdCents: 26_780,
  paymentMode: "full",
  dueNowUsdCents: 26_780,
  cancelledBy: null,
  cancelReason: null,
};

describe("receipts", () => {
  it("formats minor units in the currency's own digits", () => {
    expect(formatMinor(3500, "USD")).toBe("$35.00");
    expect(plain(formatMinor(2_220_000, "NGN"))).toBe("NGN 22,200.00");
    expect(plain(formatMinor(5000, "XOF"))).toBe("F CFA 5,000");
    expect(plain(formatMinor(1_234_567, "TND"))).toBe("TND 1,234.567");
  });

  it("states the receipt's facts: number, time in UTC, payer, what, amount, dollars and rate, method, provider", () => {
    expect(formatPaymentTime(payment.paidAt!)).toBe("Nov 24, 2026, 14:05 UTC");
    const facts = receiptFacts(payment, t).map((fact) => ({ ...fact, value: plain(fact.value) }));
    expect(facts).toEqual([
      { label: "Receipt number", value: "pay_0123" },
      { label: "Date", value: "Nov 24, 2026, 14:05 UTC" },
      { label: "Paid by", value: "Ama Owusu <ama@example.com>" },
      { label: "For", value: "Basic plan, 3 months" },
      { label: "Amount paid", value: "NGN 22,200.00" },
      { label: "US dollar equivalent", value: "$15.00 at 1 USD = 1,480 NGN" },
      { label: "Method", value: "Mobile money" },
      { label: "Provider", value: "Paystack" },
    ]);
    const usd = receiptFacts({ ...payment, currency: "USD", amountMinor: 1500, rate: "1" }, t);
    expect(usd.map((fact) => fact.label)).not.toContain("US dollar equivalent");
  });

  it("itemises a stay paid in full in US dollars: rate × nights, fees, total, paid in full", () => {
    const stay = itemiseStay(booking, {
      purpose: "booking",
      amountMinor: 26_780,
      currency: "USD",
      rate: "1.000000",
    });
    expect(stay).toMatchObject({ subtotalMinor: 24_000, totalMinor: 26_780, balanceMinor: 0 });
    expect(stayLines(stay, "booking", "USD", t)).toEqual([
      { label: "$80.00 × 3 nights", value: "$240.00" },
      { label: "Cleaning fee", value: "$20.00" },
      { label: "Service fee", value: "$7.80" },
      { label: "Total", value: "$267.80", total: true },
      { label: "Paid in full", value: "$267.80" },
    ]);
  });

  it("itemises a 40 % deposit in the charged currency at the payment's rate, lines adding up", () => {
    const deposit = { ...booking, paymentMode: "deposit" as const, dueNowUsdCents: 10_712 };
    const charged = { amountMinor: 160_680, currency: "GHS", rate: "15.000000" };
    const stay = itemiseStay(deposit, { ...charged, purpose: "booking" });
    expect(stay).toMatchObject({
      rateMinor: 120_000,
      cleaningFeeMinor: 30_000,
      serviceFeeMinor: 11_700,
      totalMinor: 401_700,
      depositPercent: 40,
      depositMinor: 160_680,
      balanceMinor: 241_020,
    });
    expect(stay.subtotalMinor + stay.cleaningFeeMinor + stay.serviceFeeMinor).toBe(stay.totalMinor);
    const lines = stayLines(stay, "booking", "GHS", t).map((line) => ({
      ...line,
      label: plain(line.label),
      value: plain(line.value),
    }));
    expect(lines.slice(-2)).toEqual([
      { label: "Deposit paid now (40 %)", value: "GHS 1,606.80" },
      { label: "Balance left to pay", value: "GHS 2,410.20" },
    ]);
    expect(lines[0]).toEqual({ label: "GHS 1,200.00 × 3 nights", value: "GHS 3,600.00" });

    const balance = itemiseStay(deposit, {
      ...charged,
      amountMinor: 241_020,
      purpose: "booking_balance",
    });
    expect(
      stayLines(balance, "booking_balance", "GHS", t)
        .slice(-2)
        .map((l) => l.label),
    ).toEqual(["Deposit paid earlier", "Balance paid now"]);
  });

  it("badges a receipt paid, partly refunded or refunded by the refunds the provider confirmed", () => {
    const refund = (amountMinor: number, status: "pending" | "succeeded" | "failed") => ({
      amountMinor,
      status,
    });
    expect(receiptStanding({ amountMinor: 1000, refunds: [] })).toBe("paid");
    expect(receiptStanding({ amountMinor: 1000, refunds: [refund(1000, "pending")] })).toBe("paid");
    expect(receiptStanding({ amountMinor: 1000, refunds: [refund(1000, "failed")] })).toBe("paid");
    expect(receiptStanding({ amountMinor: 1000, refunds: [refund(400, "succeeded")] })).toBe(
      "partly_refunded",
    );
    expect(
      receiptStanding({
        amountMinor: 1000,
        refunds: [refund(400, "succeeded"), refund(600, "succeeded")],
      }),
    ).toBe("refunded");
  });

  it("says why each refund was made", () => {
    expect(refundReasonText("booking_declined", null, t)).toBe("The host declined the request.");
    expect(
      refundReasonText(
        "booking_cancelled",
        { cancelledBy: "host", cancelReason: "Roof repairs" },
        t,
      ),
    ).toBe("The booking was cancelled by the host. Reason given: Roof repairs");
    expect(
      refundReasonText("booking_cancelled", { cancelledBy: null, cancelReason: null }, t),
    ).toBe("The booking was cancelled.");
    expect(refundReasonText("something_else", null, t)).toBe(
      "Refunded by the Gateway Africa team.",
    );
  });

  it("sends Try again back to what was being paid", () => {
    expect(retryPath("plan")).toBe("/dashboard/premium-plans");
    expect(retryPath("booking")).toBe("/dashboard/bookings");
    expect(retryPath("job")).toBe("/dashboard/bookings");
  });
});
