import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbTransaction } from "../../db/client.server.ts";
import { payments, refunds, type LedgerLeg } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RefundReason } from "../../lib/payment-values.ts";
import { lockHost, settleHostDebt } from "./host-debt.server.ts";
import { cashOut, coverCash, postLedger } from "./ledger.server.ts";
import { findPaymentProvider } from "./provider-registry.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * Refunds: asked for inside the transaction that decides them (a cancellation), sent to the
 * provider after it commits, and entered in the ledger when the provider confirms. The amount
 * is reserved on the payment at once, so two cancellations can never refund more than was paid.
 */

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Records a pending refund of `amountMinor` of a paid payment, taken back from the `sources`
 * accounts (they must sum to the amount). Returns null for nothing to refund.
 */
export async function requestRefund(
  tx: DbTransaction,
  input: { paymentId: string; amountMinor: number; reason: RefundReason; sources: LedgerLeg[] },
): Promise<RefundRow | null> {
  if (input.amountMinor <= 0) return null;
  const sourced = input.sources.reduce((sum, leg) => sum + leg.amountMinor, 0);
  if (sourced !== input.amountMinor) {
    throw new Error(`Refund sources ${sourced} do not make the amount ${input.amountMinor}`);
  }
  const reserved = await tx
    .update(payments)
    .set({
      refundedMinor: sql`${payments.refundedMinor} + ${input.amountMinor}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(payments.id, input.paymentId),
        eq(payments.status, "paid"),
        sql`${payments.refundedMinor} + ${input.amountMinor} <= ${payments.amountMinor}`,
      ),
    )
    .returning({ id: payments.id });
  if (reserved.length === 0) throw new AppError("CONFLICT", "payments.errors.notRefundable");
  const [row] = await tx
    .insert(refunds)
    .values({
      id: `ref_${randomBytes(12).toString("hex")}`,
      paymentId: input.paymentId,
      amountMinor: input.amountMinor,
      reason: input.reason,
      sources: input.sources.filter((leg) => leg.amountMinor !== 0),
    })
    .returning();
  return row!;
}

/**
 * The provider confirmed: the money leaves its cash, out of the refund's source accounts. What a
 * host now owes back is taken at once from anything payable to them meanwhile.
 */
export async function completeRefund(
  tx: DbTransaction,
  refundId: string,
  providerRefundRef: string | null,
): Promise<boolean> {
  const [refund] = await tx
    .update(refunds)
    .set({
      status: "succeeded",
      completedAt: new Date(),
      ...(providerRefundRef ? { providerRefundRef } : {}),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
    .returning();
  if (!refund) return false;
  const [payment] = await tx
    .select({ currency: payments.currency, bookingId: payments.bookingId, jobId: payments.jobId })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  const refs = {
    paymentId: refund.paymentId,
    refundId: refund.id,
    bookingId: payment!.bookingId,
    jobId: payment!.jobId,
  };
  const debtors = refund.sources.flatMap((leg) =>
    leg.account === "host_receivable" && leg.userId ? [leg.userId] : [],
  );
  // The host before the cash, in the order a payout takes them: two at once cannot deadlock.
  for (const hostId of debtors) await lockHost(tx, hostId);
  await coverCash(tx, payment!.currency, refund.amountMinor, refs);
  await postLedger(tx, {
    kind: "refund",
    currency: payment!.currency,
    legs: cashOut(refund.amountMinor, refund.sources),
    refs,
  });
  for (const hostId of debtors) await settleHostDebt(tx, hostId, payment!.currency);
  return true;
}

/** The provider refused: the reserved amount is released and the refund is shown as failed. */
export async function failRefund(tx: DbTransaction, refundId: string): Promise<boolean> {
  const [refund] = await tx
    .update(refunds)
    .set({ status: "failed", completedAt: new Date() })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
    .returning();
  if (!refund) return false;
  await tx
    .update(payments)
    .set({
      refundedMinor: sql`${payments.refundedMinor} - ${refund.amountMinor}`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, refund.paymentId));
  return true;
}

/**
 * Sends every pending refund the provider has not yet acknowledged (after the cancellation's
 * commit, and again from the scheduled jobs when the provider was unreachable). Returns how
 * many the provider took.
 */
export async function sendPendingRefunds(): Promise<number> {
  const provider = findPaymentProvider();
  if (!provider) return 0;
  const db = await getDb();
  const pending = await db
    .select({
      refund: refunds,
      reference: payments.id,
      providerRef: payments.providerRef,
      currency: payments.currency,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, "pending"),
        isNull(refunds.providerRefundRef),
        eq(payments.provider, provider.id),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(50);
  let sent = 0;
  for (const { refund, reference, providerRef, currency } of pending) {
    try {
      const answer = await provider.refund({
        refundId: refund.id,
        reference,
        providerRef: providerRef ?? reference,
        amountMinor: refund.amountMinor,
        currency,
      });
      sent += 1;
      await db.transaction(async (tx) => {
        if (answer.status === "succeeded") {
          await completeRefund(tx, refund.id, answer.refundRef);
        } else if (answer.status === "failed") {
          await tx
            .update(refunds)
            .set({ providerRefundRef: answer.refundRef })
            .where(eq(refunds.id, refund.id));
          await failRefund(tx, refund.id);
        } else {
          await tx
            .update(refunds)
            .set({ providerRefundRef: answer.refundRef })
            .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")));
        }
      });
    } catch (error) {
      logger.error(
        { err: error },
        `Refund ${refund.id}: the provider did not take it; it is sent again later.`,
      );
    }
  }
  return sent;
}
