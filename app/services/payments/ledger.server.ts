import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type DbTransaction } from "../../db/client.server.ts";
import { ledgerEntries, type LedgerLeg } from "../../db/schema/index.ts";
import type { LedgerAccount, LedgerKind } from "../../lib/payment-values.ts";

/**
 * The double-entry ledger: every movement of money is one transaction of entries that sum to
 * zero, written in the same database transaction as the change that caused it. Debits are
 * positive, credits negative; `provider_cash` is the money at the payment provider.
 */

export interface LedgerRefs {
  paymentId?: string | null;
  refundId?: string | null;
  bookingId?: number | null;
  jobId?: number | null;
  payoutId?: number | null;
}

/** Thrown before anything is written when a transaction would not balance: a bug, never input. */
export class UnbalancedLedgerError extends Error {}

export async function postLedger(
  tx: DbTransaction,
  input: { kind: LedgerKind; currency: string; legs: LedgerLeg[]; refs?: LedgerRefs },
): Promise<string> {
  const legs = input.legs.filter((leg) => leg.amountMinor !== 0);
  const sum = legs.reduce((total, leg) => total + leg.amountMinor, 0);
  if (sum !== 0 || legs.some((leg) => !Number.isSafeInteger(leg.amountMinor))) {
    throw new UnbalancedLedgerError(
      `Ledger ${input.kind} in ${input.currency} does not balance: ${JSON.stringify(legs)}`,
    );
  }
  const txId = randomUUID();
  if (legs.length === 0) return txId;
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      txId,
      kind: input.kind,
      account: leg.account,
      userId: leg.userId,
      currency: input.currency,
      amountMinor: leg.amountMinor,
      paymentId: input.refs?.paymentId ?? null,
      refundId: input.refs?.refundId ?? null,
      bookingId: input.refs?.bookingId ?? null,
      jobId: input.refs?.jobId ?? null,
      payoutId: input.refs?.payoutId ?? null,
    })),
  );
  return txId;
}

/** Money the provider holds for us comes in (debit) and goes to the legs' accounts (credit). */
export function cashIn(amountMinor: number, credits: LedgerLeg[]): LedgerLeg[] {
  return [
    { account: "provider_cash", userId: null, amountMinor },
    ...credits.map((leg) => ({ ...leg, amountMinor: -leg.amountMinor })),
  ];
}

/** Money leaves the provider (credit) out of the legs' accounts (debit). */
export function cashOut(amountMinor: number, debits: LedgerLeg[]): LedgerLeg[] {
  return [{ account: "provider_cash", userId: null, amountMinor: -amountMinor }, ...debits];
}

/**
 * Before money leaves the provider's cash (a refund, a payout): when the cash in that currency
 * cannot cover it, the platform puts in the difference ("funding"), so the cash never reads below
 * zero. That happens when the provider kept its fee on a charge now refunded, or when a refund
 * gives back money already paid out to a host (then the host owes it: `host_receivable`). The
 * currency is locked until the transaction ends, so two at once cannot both count the same cash.
 */
export async function coverCash(
  tx: DbTransaction,
  currency: string,
  amountMinor: number,
  refs?: LedgerRefs,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider_cash:${currency}`}))`);
  const cash = (await accountBalances(tx, "provider_cash")).get(currency) ?? 0;
  const shortfall = amountMinor - cash;
  if (shortfall <= 0) return 0;
  await postLedger(tx, {
    kind: "funding",
    currency,
    legs: [
      { account: "provider_cash", userId: null, amountMinor: shortfall },
      { account: "platform_funding", userId: null, amountMinor: -shortfall },
    ],
    refs,
  });
  return shortfall;
}

export interface LedgerTotals {
  currency: string;
  /** Sum of every entry: zero when the ledger balances. */
  total: number;
  /** Transactions whose own entries do not sum to zero (none when the ledger is sound). */
  unbalancedTransactions: number;
}

/** The whole ledger per currency, for the balance check of the tests and the admin's view. */
export async function ledgerTotals(db: Database): Promise<LedgerTotals[]> {
  const rows = await queryRows<{ currency: string; total: string; unbalanced: string }>(
    db,
    sql`select currency, sum(amount_minor)::text as total,
          (select count(*) from (
             select tx_id from ${ledgerEntries} inner_entries
             where inner_entries.currency = outer_entries.currency
             group by tx_id having sum(amount_minor) <> 0) unbalanced)::text as unbalanced
        from ${ledgerEntries} outer_entries group by currency order by currency`,
  );
  return rows.map((row) => ({
    currency: row.currency,
    total: Number(row.total),
    unbalancedTransactions: Number(row.unbalanced),
  }));
}

/** One account's balance per currency (debits minus credits), optionally for one person. */
export async function accountBalances(
  db: Database | DbTransaction,
  account: LedgerAccount,
  filter: { userId?: string; bookingId?: number; jobId?: number } = {},
): Promise<Map<string, number>> {
  const conditions = [sql`account = ${account}`];
  if (filter.userId !== undefined) conditions.push(sql`user_id = ${filter.userId}`);
  if (filter.bookingId !== undefined) conditions.push(sql`booking_id = ${filter.bookingId}`);
  if (filter.jobId !== undefined) conditions.push(sql`job_id = ${filter.jobId}`);
  const rows = await queryRows<{ currency: string; balance: string }>(
    db,
    sql`select currency, sum(amount_minor)::text as balance from ${ledgerEntries}
        where ${sql.join(conditions, sql` and `)} group by currency`,
  );
  return new Map(rows.map((row) => [row.currency, Number(row.balance)]));
}
