/**
 * The payments vocabulary and its pure rules (minor units, what a charge is converted to), shared
 * by the database's CHECK constraints, the providers, the services and the pages.
 */

export const PAYMENT_METHODS = ["card", "mobile_money", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a payment pays for. A deposit booking has a second payment for the balance. */
export const PAYMENT_PURPOSES = ["plan", "booking", "booking_balance", "job"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * pending (checkout open) → paid | failed | cancelled. Only a provider's webhook, or the
 * reconciliation job asking the provider, moves a payment out of pending. Refunds are rows of
 * their own beside a paid payment.
 */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why a refund was made, as the services record it on the refund. */
export const REFUND_REASONS = [
  "booking_cancelled",
  "booking_declined",
  "booking_expired",
  "late_payment",
  "job_cancelled",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const PROVIDER_IDS = ["sandbox", "paystack", "flutterwave", "stripe"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** How a listing's confirmed bookings are paid: on arrival (at the property), in full or a deposit. */
export const BOOKING_PAYMENT_MODES = ["on_arrival", "full", "deposit"] as const;
export type BookingPaymentMode = (typeof BOOKING_PAYMENT_MODES)[number];
export const MIN_DEPOSIT_PERCENT = 10;
export const MAX_DEPOSIT_PERCENT = 90;

/** Money stays held for the host until this long after check-in (HousingAnywhere's model). */
export const HOLD_AFTER_CHECK_IN_HOURS = 48;

/** A checkout the payer leaves open expires (and its booking lets the nights go) after this. */
export const CHECKOUT_MINUTES = 30;

/**
 * The double-entry ledger's accounts. Entries are debits (positive) and credits (negative) in
 * minor units of one currency; every transaction sums to zero, so the whole ledger does.
 * - provider_cash: money at the payment provider (asset)
 * - provider_fees: what the provider kept (expense)
 * - plan_revenue, service_fee_revenue: the platform's income
 * - host_held: owed to a host or professional but still held (liability, per user)
 * - host_payable: released, to be paid out (liability, per user)
 * - payer_unapplied: money that arrived for nothing any more (a late payment), refunded
 * - host_receivable: what a host owes back (a refund of money already paid out to them), taken
 *   from what next becomes payable to them (asset, per user)
 * - platform_funding: the platform's own money put in at the provider when a refund or payout
 *   needs more cash than the provider holds (the provider's fee on a refunded charge is lost)
 */
export const LEDGER_ACCOUNTS = [
  "provider_cash",
  "provider_fees",
  "plan_revenue",
  "service_fee_revenue",
  "host_held",
  "host_payable",
  "payer_unapplied",
  "host_receivable",
  "platform_funding",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * Accounts whose balance is a debit in the ledger's sign (money the platform has, or spent);
 * the others are credits (income, money owed), shown to people as positive figures.
 */
export const DEBIT_ACCOUNTS: readonly LedgerAccount[] = [
  "provider_cash",
  "provider_fees",
  "host_receivable",
];

/**
 * Accounts that may never be below zero in their natural sign: cash, and what is held, payable,
 * owed back or waiting to be refunded. The ledger report calls any other balance not healthy.
 */
export const NON_NEGATIVE_ACCOUNTS: readonly LedgerAccount[] = [
  "provider_cash",
  "host_held",
  "host_payable",
  "payer_unapplied",
  "host_receivable",
  "platform_funding",
];

/** Accounts kept per host or professional: their own balances are checked one by one. */
export const HOST_ACCOUNTS: readonly LedgerAccount[] = [
  "host_held",
  "host_payable",
  "host_receivable",
];

/**
 * - debt_offset: money released to a host that owes a refund goes to that debt first
 * - funding: the platform tops up the provider's cash for a refund or payout it cannot cover
 */
export const LEDGER_KINDS = [
  "charge",
  "fee",
  "hold",
  "release",
  "refund",
  "payout",
  "debt_offset",
  "funding",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const exponents = new Map<string, number>();

/**
 * Digits after the decimal point of a currency's minor unit (ISO 4217 as CLDR gives it: 2 for
 * NGN and KES, 0 for XOF, UGX and RWF, 3 for TND).
 */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits!;
    exponents.set(code, exponent);
  }
  return exponent;
}

/** An amount in US cents charged in `currency` at `rate` units per US dollar, in its minor units. */
export function usdCentsToMinor(usdCents: number, currency: string, rate: number): number {
  if (currency.toUpperCase() === "USD") return usdCents;
  return Math.round((usdCents / 100) * rate * 10 ** currencyExponent(currency));
}

/** Minor units as the decimal amount some providers' APIs take ("1500.50"). */
export function minorToMajorString(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = amountMinor < 0 ? "-" : "";
  const digits = String(Math.abs(amountMinor)).padStart(exponent + 1, "0");
  return exponent === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** A decimal amount from a provider's API (1500.5, "1500.50") in minor units, exactly. */
export function majorToMinor(amount: number | string, currency: string): number {
  const exponent = currencyExponent(currency);
  const text = typeof amount === "number" ? amount.toFixed(exponent) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const fraction = (match[3] ?? "").padEnd(exponent, "0");
  if (fraction.length > exponent && /[1-9]/.test(fraction.slice(exponent))) {
    throw new RangeError(`More digits than ${currency} has: ${text}`);
  }
  const minor = Number(`${match[2]}${fraction.slice(0, exponent)}`);
  return match[1] === "-" ? -minor : minor;
}
