import { and, eq } from "drizzle-orm";
import type { Database, DbTransaction } from "../../db/client.server.ts";
import { payments, refunds, type LedgerLeg } from "../../db/schema/index.ts";
import type { LedgerAccount, RefundReason } from "../../lib/payment-values.ts";
import { lockHost, payableLeft, settleHostDebt } from "../payments/host-debt.server.ts";
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

/**
 * Where a refund takes the money back from, in order: what is still held for the host, then the
 * host's share already released (payable to them, or owed back by them once it was paid out),
 * then the platform's service fee.
 */
const REFUND_ORDER = ["host_held", "host_released", "service_fee_revenue"] as const;
type Pool = (typeof REFUND_ORDER)[number];

/** The ledger accounts each pool is read from (a host's released share is in two). */
const POOL_ACCOUNTS: Record<Pool, LedgerAccount[]> = {
  host_held: ["host_held"],
  host_released: ["host_payable", "host_receivable"],
  service_fee_revenue: ["service_fee_revenue"],
};

function poolOf(account: LedgerAccount): Pool | null {
  return REFUND_ORDER.find((pool) => POOL_ACCOUNTS[pool].includes(account)) ?? null;
}

/**
 * What each pool still holds for the target, per currency: its ledger balance (a liability,
 * so credits, negated; a debt already owed back counts against the released share) less what
 * refunds waiting for the provider already took from it. `payable` is what is payable to the
 * host across everything they earned: a refund of released money takes it from there first, and
 * only what was already paid out becomes a debt the host owes back.
 */
async function pools(tx: DbTransaction, target: HeldFor) {
  const available = new Map<string, number>();
  const key = (pool: Pool, currency: string) => `${pool}:${currency}`;
  const add = (pool: Pool, currency: string, amount: number) =>
    available.set(key(pool, currency), (available.get(key(pool, currency)) ?? 0) + amount);
  for (const pool of REFUND_ORDER) {
    for (const account of POOL_ACCOUNTS[pool]) {
      for (const [currency, balance] of await accountBalances(tx, account, scope(target))) {
        add(pool, currency, -balance);
      }
    }
  }
  const pending = await tx
    .select({ sources: refunds.sources, currency: payments.currency })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(paymentsOf(target), eq(refunds.status, "pending")));
  for (const { sources, currency } of pending) {
    for (const leg of sources) {
      const pool = poolOf(leg.account);
      if (pool) add(pool, currency, -leg.amountMinor);
    }
  }
  const payable = await payableLeft(tx, target.hostId);
  const left = (pool: Pool, currency: string) =>
    Math.max(0, available.get(key(pool, currency)) ?? 0);
  /** The legs of `amount` taken from one pool. */
  function legsOf(pool: Pool, currency: string, amount: number, hostId: string): LedgerLeg[] {
    if (pool === "service_fee_revenue") {
      return [{ account: pool, userId: null, amountMinor: amount }];
    }
    if (pool === "host_held") return [{ account: pool, userId: hostId, amountMinor: amount }];
    const fromPayable = Math.min(amount, payable.get(currency) ?? 0);
    payable.set(currency, (payable.get(currency) ?? 0) - fromPayable);
    const legs: LedgerLeg[] = [
      { account: "host_payable", userId: hostId, amountMinor: fromPayable },
      { account: "host_receivable", userId: hostId, amountMinor: amount - fromPayable },
    ];
    return legs.filter((leg) => leg.amountMinor > 0);
  }
  return {
    left: (account: "host_held", currency: string) => left(account, currency),
    /** Takes `amount` from the pools in REFUND_ORDER: the legs a refund is sourced from. */
    take(currency: string, amount: number, hostId: string): LedgerLeg[] {
      const legs: LedgerLeg[] = [];
      let missing = amount;
      for (const pool of REFUND_ORDER) {
        const taken = Math.min(missing, left(pool, currency));
        if (taken <= 0) continue;
        available.set(key(pool, currency), left(pool, currency) - taken);
        legs.push(...legsOf(pool, currency, taken, hostId));
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
 * already released to them (what was paid out already becomes a debt they owe back), then the
 * platform's service fee. The refunds are recorded pending;
 * the caller sends them after commit (`sendPendingRefunds`). Returns what goes back in US cents
 * at the payments' rates, or null when nothing was paid online.
 */
export async function refundPaidShare(
  tx: DbTransaction,
  target: HeldFor,
  fraction: number,
  reason: RefundReason,
): Promise<number | null> {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(paymentsOf(target), eq(payments.status, "paid")))
    .orderBy(payments.paidAt)
    .for("update");
  if (paid.length === 0) return null;
  const share = Math.min(1, Math.max(0, fraction));
  await lockHost(tx, target.hostId);
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
 * transaction per currency; what a refund waiting for the provider reserved stays held. What the
 * host owes back from an earlier refund is taken from it at once. Returns how many currencies
 * moved.
 */
export async function releaseHeld(tx: DbTransaction, target: HeldFor): Promise<number> {
  await lockHost(tx, target.hostId);
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
    await settleHostDebt(tx, target.hostId, currency);
    released++;
  }
  return released;
}
