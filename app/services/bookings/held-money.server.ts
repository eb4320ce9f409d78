import { and, eq } from "drizzle-orm";
import type { Database, DbTransaction } from "../../db/client.server.ts";
import { payments, refunds, type LedgerLeg } from "../../db/schema/index.ts";
import type { LedgerAccount } from "../../lib/payment-values.ts";
import { accountBalances, postLedger } from "../payments/ledger.server.ts";
import { requestRefund } from "../payments/refunds.server.ts";

/**
 * The money a booking or a job holds for its host or professional: released to payable when it
 * is due, or given back to the payer on a cancellation. Both run inside the transaction that
 * decides them (the booking or job row already moved), so the ledger changes with the status.
 */

/** What the money is for: one booking or one job, and who it is owed to. */
export interface HeldFor {
  hostId: string;
  bookingId?: number;
  jobId?: number;
}

function scope(target: HeldFor) {
  return target.bookingId !== undefined
    ? { bookingId: target.bookingId }
    : { jobId: target.jobId! };
}

function paymentsOf(target: HeldFor) {
  return target.bookingId !== undefined
    ? eq(payments.bookingId, target.bookingId)
    : eq(payments.jobId, target.jobId!);
}

const REFUND_ORDER = ["host_held", "host_payable", "service_fee_revenue"] as const;

/**
 * What each account still holds for the target, per currency: its ledger balance (a liability,
 * so credits, negated) less what refunds waiting for the provider already took from it.
 */
async function pools(tx: DbTransaction, target: HeldFor) {
  const available = new Map<string, number>();
  const key = (account: LedgerAccount, currency: string) => `${account}:${currency}`;
  for (const account of REFUND_ORDER) {
    for (const [currency, balance] of await accountBalances(tx, account, scope(target))) {
      available.set(key(account, currency), -balance);
    }
  }
  const pending = await tx
    .select({ sources: refunds.sources, currency: payments.currency })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(paymentsOf(target), eq(refunds.status, "pending")));
  for (const { sources, currency } of pending) {
    for (const leg of sources) {
      const k = key(leg.account, currency);
      available.set(k, (available.get(k) ?? 0) - leg.amountMinor);
    }
  }
  const left = (account: LedgerAccount, currency: string) =>
    Math.max(0, available.get(key(account, currency)) ?? 0);
  return {
    left,
    /** Takes `amount` from the accounts in REFUND_ORDER: the legs a refund is sourced from. */
    take(currency: string, amount: number, hostId: string): LedgerLeg[] {
      const legs: LedgerLeg[] = [];
      let missing = amount;
      for (const account of REFUND_ORDER) {
        const taken = Math.min(missing, left(account, currency));
        if (taken <= 0) continue;
        available.set(key(account, currency), left(account, currency) - taken);
        legs.push({
          account,
          userId: account === "service_fee_revenue" ? null : hostId,
          amountMinor: taken,
        });
        missing -= taken;
      }
      if (missing > 0) {
        throw new Error(`A refund of ${amount} ${currency} finds ${missing} in no account`);
      }
      return legs;
    },
  };
}

/**
 * Refunds `fraction` (0 to 1) of every payment made online for the target, each in its own
 * currency and never more than is left of it, from the host's held money first, then what was
 * already released to them, then the platform's service fee. The refunds are recorded pending;
 * the caller sends them after commit (`sendPendingRefunds`). Returns what goes back in US cents
 * at the payments' rates, or null when nothing was paid online.
 */
export async function refundPaidShare(
  tx: DbTransaction,
  target: HeldFor,
  fraction: number,
  reason: string,
): Promise<number | null> {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(paymentsOf(target), eq(payments.status, "paid")))
    .orderBy(payments.paidAt)
    .for("update");
  if (paid.length === 0) return null;
  const share = Math.min(1, Math.max(0, fraction));
  const held = await pools(tx, target);
  let usdCents = 0;
  for (const payment of paid) {
    const amount = Math.min(
      Math.round(payment.amountMinor * share),
      payment.amountMinor - payment.refundedMinor,
    );
    if (amount <= 0) continue;
    await requestRefund(tx, {
      paymentId: payment.id,
      amountMinor: amount,
      reason,
      sources: held.take(payment.currency, amount, target.hostId),
    });
    usdCents += Math.round((amount * payment.amountUsdCents) / payment.amountMinor);
  }
  return usdCents;
}

/**
 * What cancelling would give back of what was paid online, in US cents: `fraction` of each
 * payment not yet refunded. Null when nothing was paid online.
 */
export async function refundableShare(
  db: Database | DbTransaction,
  target: HeldFor,
  fraction: number,
): Promise<{ refundUsdCents: number; paidUsdCents: number } | null> {
  const paid = await db
    .select({
      amountMinor: payments.amountMinor,
      amountUsdCents: payments.amountUsdCents,
      refundedMinor: payments.refundedMinor,
    })
    .from(payments)
    .where(and(paymentsOf(target), eq(payments.status, "paid")));
  if (paid.length === 0) return null;
  const share = Math.min(1, Math.max(0, fraction));
  let refundUsdCents = 0;
  let paidUsdCents = 0;
  for (const payment of paid) {
    const amount = Math.min(
      Math.round(payment.amountMinor * share),
      payment.amountMinor - payment.refundedMinor,
    );
    paidUsdCents += payment.amountUsdCents;
    refundUsdCents += Math.round((amount * payment.amountUsdCents) / payment.amountMinor);
  }
  return { refundUsdCents, paidUsdCents };
}

/**
 * Moves everything the target still holds for its host to what is payable to them, one ledger
 * transaction per currency; what a refund waiting for the provider reserved stays held. Returns
 * how many currencies moved.
 */
export async function releaseHeld(tx: DbTransaction, target: HeldFor): Promise<number> {
  const held = await pools(tx, target);
  let released = 0;
  for (const currency of (await accountBalances(tx, "host_held", scope(target))).keys()) {
    const amount = held.left("host_held", currency);
    if (amount <= 0) continue;
    await postLedger(tx, {
      kind: "release",
      currency,
      legs: [
        { account: "host_held", userId: target.hostId, amountMinor: amount },
        { account: "host_payable", userId: target.hostId, amountMinor: -amount },
      ],
      refs: scope(target),
    });
    released++;
  }
  return released;
}
