import { describe, expect, it } from "vitest";
import { createTranslator } from "../i18n/translate.ts";
import { formatMinor } from "./money.ts";
import { formatPaymentTime, receiptFacts, retryPath } from "./payment-receipt.ts";
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

  it("sends Try again back to what was being paid", () => {
    expect(retryPath("plan")).toBe("/dashboard/premium-plans");
    expect(retryPath("booking")).toBe("/dashboard/bookings");
    expect(retryPath("job")).toBe("/dashboard/bookings");
  });
});
