import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import {
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PROVIDER_IDS,
  REFUND_STATUSES,
  type LedgerAccount,
  type LedgerKind,
  type PaymentMethod,
  type PaymentPurpose,
  type PaymentStatus,
  type ProviderId,
  type RefundStatus,
} from "../../lib/payment-values.ts";
import { premiumPlans } from "./admin.ts";
import { user } from "./auth.ts";
import { bookings } from "./bookings.ts";
import { jobs } from "./conversations.ts";
import { oneOf } from "./sql-helpers.ts";

/** One account's share of a ledger transaction (the other side is the provider's cash). */
export interface LedgerLeg {
  account: LedgerAccount;
  userId: string | null;
  amountMinor: number;
}

/**
 * A payment through a provider's hosted checkout: what it pays for (a plan, a booking or its
 * balance, a job), the amount in the charge currency's minor units with the US-cent price and the
 * rate that turned one into the other, and how it stands. The id is random and is the reference
 * the provider sends back.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    payerId: text("payer_id").references(() => user.id, { onDelete: "set null" }),
    purpose: text("purpose").$type<PaymentPurpose>().notNull(),
    planId: text("plan_id").references(() => premiumPlans.id),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    provider: text("provider").$type<ProviderId>().notNull(),
    providerRef: text("provider_ref"),
    checkoutUrl: text("checkout_url"),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    method: text("method").$type<PaymentMethod>(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    amountUsdCents: bigint("amount_usd_cents", { mode: "number" }).notNull(),
    /** Units of the charge currency per US dollar when the checkout opened (1 for USD). */
    rate: numeric("rate", { precision: 18, scale: 6 }).notNull(),
    feeMinor: bigint("fee_minor", { mode: "number" }).notNull().default(0),
    refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
    description: text("description").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the payer's checkout closes; the reconciliation job asks the provider after it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last time the reconciliation job asked the provider. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [
    check("payments_purpose_check", oneOf(t.purpose, PAYMENT_PURPOSES)),
    check("payments_status_check", oneOf(t.status, PAYMENT_STATUSES)),
    check("payments_provider_check", oneOf(t.provider, PROVIDER_IDS)),
    check("payments_method_check", sql`${t.method} IS NULL OR ${oneOf(t.method, PAYMENT_METHODS)}`),
    check("payments_amount_check", sql`${t.amountMinor} > 0 AND ${t.amountUsdCents} > 0`),
    check(
      "payments_refunded_check",
      sql`${t.refundedMinor} >= 0 AND ${t.refundedMinor} <= ${t.amountMinor}`,
    ),
    check("payments_paid_at_check", sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
    check("payments_plan_check", sql`${t.purpose} <> 'plan' OR ${t.planId} IS NOT NULL`),
    uniqueIndex("payments_provider_ref_unique").on(t.provider, t.providerRef),
    index("payments_payer_idx").on(t.payerId, t.createdAt.desc()),
    index("payments_booking_idx").on(t.bookingId),
    index("payments_job_idx").on(t.jobId),
    index("payments_pending_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // One open checkout per purpose: two requests at once for a job or a deposit's balance
    // would otherwise each open a payment, and the extra one loses its provider fee when refunded.
    uniqueIndex("payments_open_balance_unique")
      .on(t.bookingId)
      .where(sql`${t.status} = 'pending' AND ${t.purpose} = 'booking_balance'`),
    uniqueIndex("payments_open_job_unique")
      .on(t.jobId)
      .where(sql`${t.status} = 'pending' AND ${t.jobId} IS NOT NULL`),
  ],
);

/** A refund of part or all of a paid payment, asked of the provider; pending until it answers. */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    providerRefundRef: text("provider_refund_ref"),
    reason: text("reason").notNull(),
    /** Which ledger accounts give the money back, posted when the provider confirms. */
    sources: jsonb("sources").$type<LedgerLeg[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("refunds_status_check", oneOf(t.status, REFUND_STATUSES)),
    check("refunds_amount_check", sql`${t.amountMinor} > 0`),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Every webhook event applied, by the provider's event id: the same event delivered twice finds
 * its row and changes nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").$type<ProviderId>().notNull(),
    eventId: text("event_id").notNull(),
    kind: text("kind").notNull(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("payment_events_provider_event_unique").on(t.provider, t.eventId)],
);

/**
 * The double-entry ledger: each transaction (`tx_id`) is two or more entries of one currency
 * whose amounts (debits positive, credits negative, minor units) sum to zero. Entries are only
 * ever added.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    txId: text("tx_id").notNull(),
    kind: text("kind").$type<LedgerKind>().notNull(),
    account: text("account").$type<LedgerAccount>().notNull(),
    /** The host, professional or payer an account is kept for (null for the platform's). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    currency: varchar("currency", { length: 3 }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    refundId: text("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    payoutId: integer("payout_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_entries_kind_check", oneOf(t.kind, LEDGER_KINDS)),
    check("ledger_entries_account_check", oneOf(t.account, LEDGER_ACCOUNTS)),
    check("ledger_entries_amount_check", sql`${t.amountMinor} <> 0`),
    index("ledger_entries_tx_idx").on(t.txId),
    index("ledger_entries_user_idx").on(t.userId, t.account, t.currency),
    index("ledger_entries_booking_idx").on(t.bookingId),
    index("ledger_entries_job_idx").on(t.jobId),
  ],
);

/** A payout the administrator made to a host outside the site (a bank transfer), recorded here. */
export const payouts = pgTable(
  "payouts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    hostId: text("host_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    currency: varchar("currency", { length: 3 }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    reference: text("reference").notNull(),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payouts_amount_check", sql`${t.amountMinor} > 0`),
    index("payouts_host_idx").on(t.hostId, t.createdAt.desc()),
  ],
);

/**
 * A premium plan bought: from the payment's webhook to its end. A plan bought while another
 * runs starts when that one ends. The reminder marks make the 7-day and 1-day e-mails go once.
 */
export const planSubscriptions = pgTable(
  "plan_subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => premiumPlans.id),
    paymentId: text("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    remindedWeekAt: timestamp("reminded_week_at", { withTimezone: true }),
    remindedDayAt: timestamp("reminded_day_at", { withTimezone: true }),
    /** Set when the account dropped back to the free limits at its end (extra listings paused). */
    lapsedAt: timestamp("lapsed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("plan_subscriptions_period_check", sql`${t.endsAt} > ${t.startsAt}`),
    index("plan_subscriptions_user_idx").on(t.userId, t.endsAt.desc()),
    index("plan_subscriptions_ends_idx").on(t.endsAt),
  ],
);
