import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "../../db/client.server.ts";
import { payments, refunds, user } from "../../db/schema/index.ts";
import type { LedgerAccount } from "../../lib/payment-values.ts";
import { accountBalances, postLedger } from "./ledger.server.ts";

/**
 * A host's money across all their bookings and jobs: what is payable to them now (less what
 * refunds waiting for the provider already took from it), and what they owe back after a refund
 * of money that had already been paid out to them (`host_receivable`), which is taken from what
 * next becomes payable. Callers lock the host first (`lockHost`) so two refunds, releases or
 * payouts at once cannot both spend the same payable money.
 */

/** Holds the host's account row until the transaction ends: their balances change one at a time. */
export async function lockHost(tx: DbTransaction, hostId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, hostId)).for("update");
}

/** What refunds waiting for the provider take from the host's accounts, per currency. */
async function pendingFromHost(
  tx: DbTransaction,
  hostId: string,
  account: LedgerAccount,
): Promise<Map<string, number>> {
  const pending = await tx
    .select({ sources: refunds.sources, currency: payments.currency })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      sql`${refunds.status} = 'pending' and ${refunds.sources} @> ${JSON.stringify([
        { account, userId: hostId },
      ])}::jsonb`,
    );
  const reserved = new Map<string, number>();
  for (const { sources, currency } of pending) {
    for (const leg of sources) {
      if (leg.account === account && leg.userId === hostId) {
        reserved.set(currency, (reserved.get(currency) ?? 0) + leg.amountMinor);
      }
    }
  }
  return reserved;
}

/** Payable to the host now, per currency: the balance less what pending refunds reserved. */
export async function payableLeft(tx: DbTransaction, hostId: string): Promise<Map<string, number>> {
  const [balances, reserved] = await Promise.all([
    accountBalances(tx, "host_payable", { userId: hostId }),
    pendingFromHost(tx, hostId, "host_payable"),
  ]);
  const left = new Map<string, number>();
  for (const [currency, balance] of balances) {
    left.set(currency, Math.max(0, -balance - (reserved.get(currency) ?? 0)));
  }
  return left;
}

/** What the host owes back, per currency (entered debts only). */
export async function hostDebt(tx: DbTransaction, hostId: string): Promise<Map<string, number>> {
  return accountBalances(tx, "host_receivable", { userId: hostId });
}

/**
 * Takes what the host owes back from what is payable to them (a "debt_offset" entry): run after
 * money becomes payable, after a refund that made a debt is entered, and before a payout. Returns
 * the amount settled.
 */
export async function settleHostDebt(
  tx: DbTransaction,
  hostId: string,
  currency: string,
): Promise<number> {
  await lockHost(tx, hostId);
  const owed = (await hostDebt(tx, hostId)).get(currency) ?? 0;
  if (owed <= 0) return 0;
  const amount = Math.min(owed, (await payableLeft(tx, hostId)).get(currency) ?? 0);
  if (amount <= 0) return 0;
  await postLedger(tx, {
    kind: "debt_offset",
    currency,
    legs: [
      { account: "host_payable", userId: hostId, amountMinor: amount },
      { account: "host_receivable", userId: hostId, amountMinor: -amount },
    ],
  });
  return amount;
}
