import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import { getDb, type DbTransaction } from "../../db/client.server.ts";
import { paymentEvents, payments, refunds } from "../../db/schema/index.ts";
import type { ProviderId } from "../../lib/payment-values.ts";
import type { PaymentRow } from "./checkout.server.ts";
import { cashIn, postLedger } from "./ledger.server.ts";
import { sendPaymentReceipt } from "./payment-mail.server.ts";
import { findPaymentProvider } from "./provider-registry.server.ts";
import {
  WebhookSignatureError,
  type ProviderPayment,
  type WebhookEvent,
} from "./providers/provider.server.ts";
import { purposeHandler } from "./purpose.server.ts";
import { completeRefund, failRefund, requestRefund, sendPendingRefunds } from "./refunds.server.ts";
import { logger } from "../../lib/logger.server.ts";

/**
 * Where a payment's outcome is applied: the provider's webhook, or the reconciliation job asking
 * the provider about a payment left pending. Both go through `applyReport`, in one transaction
 * with the payment row locked, so an outcome is applied once however often it is reported.
 */

type Outcome =
  | "paid"
  | "already_paid"
  | "unapplied_refunded"
  | "failed"
  | "cancelled"
  | "still_pending"
  | "ignored"
  | "amount_mismatch"
  | "unknown_payment"
  | "refund_completed"
  | "refund_failed"
  | "unknown_refund"
  | "duplicate";

/**
 * Applies what the provider reports about a payment (locked by the caller). A paid report moves a
 * pending, failed or cancelled payment to paid — money that arrives after the payer gave up is
 * still money received — and a paid payment never goes back.
 */
async function applyReport(
  tx: DbTransaction,
  payment: PaymentRow,
  report: ProviderPayment,
  after: (() => Promise<void>)[],
): Promise<Outcome> {
  if (report.status === "pending") return "still_pending";
  if (report.status !== "paid") {
    if (payment.status !== "pending") return "ignored";
    await tx
      .update(payments)
      .set({ status: report.status, method: report.method, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    const undone = await purposeHandler(payment.purpose).onUnpaid(tx, payment);
    if (undone.afterCommit) after.push(undone.afterCommit);
    return report.status;
  }
  if (payment.status === "paid") return "already_paid";
  if (report.amountMinor !== payment.amountMinor || report.currency !== payment.currency) {
    logger.error(
      `Payment ${payment.id}: the provider reports ${report.amountMinor} ${report.currency}, ` +
        `not the ${payment.amountMinor} ${payment.currency} asked; left for a person to check.`,
    );
    return "amount_mismatch";
  }
  const fee = Math.max(0, Math.min(report.feeMinor, payment.amountMinor));
  const [paid] = await tx
    .update(payments)
    .set({
      status: "paid",
      paidAt: new Date(),
      method: report.method,
      feeMinor: fee,
      providerRef: payment.providerRef ?? report.providerRef,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const applied = await purposeHandler(payment.purpose).onPaid(tx, paid!);
  const refs = { paymentId: payment.id, bookingId: payment.bookingId, jobId: payment.jobId };
  const credits = applied.credits ?? [
    {
      account: "payer_unapplied" as const,
      userId: payment.payerId,
      amountMinor: payment.amountMinor,
    },
  ];
  await postLedger(tx, {
    kind: "charge",
    currency: payment.currency,
    legs: cashIn(payment.amountMinor, credits),
    refs,
  });
  if (fee > 0) {
    await postLedger(tx, {
      kind: "fee",
      currency: payment.currency,
      legs: [
        { account: "provider_fees", userId: null, amountMinor: fee },
        { account: "provider_cash", userId: null, amountMinor: -fee },
      ],
      refs,
    });
  }
  if (applied.afterCommit) after.push(applied.afterCommit);
  if (applied.credits === null) {
    await requestRefund(tx, {
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      reason: "late_payment",
      sources: [
        { account: "payer_unapplied", userId: payment.payerId, amountMinor: payment.amountMinor },
      ],
    });
    after.push(async () => {
      await sendPendingRefunds();
    });
    return "unapplied_refunded";
  }
  after.push(() => sendPaymentReceipt(payment.id));
  return "paid";
}

async function runAfter(after: (() => Promise<void>)[]): Promise<void> {
  for (const task of after) {
    await task().catch((error: unknown) =>
      logger.error({ err: error }, "A payment's follow-up (e-mail, refund) failed."),
    );
  }
}

async function applyEvent(tx: DbTransaction, event: WebhookEvent, after: (() => Promise<void>)[]) {
  if (event.kind === "ignored") return { outcome: "ignored" as Outcome, paymentId: null };
  if (event.kind === "refund") {
    const [refund] = await tx
      .select({ id: refunds.id, paymentId: refunds.paymentId })
      .from(refunds)
      .where(eq(refunds.providerRefundRef, event.refundRef))
      .for("update");
    if (!refund) return { outcome: "unknown_refund" as Outcome, paymentId: null };
    const changed =
      event.status === "succeeded"
        ? await completeRefund(tx, refund.id, event.refundRef)
        : await failRefund(tx, refund.id);
    return {
      outcome: (changed
        ? `refund_${event.status === "succeeded" ? "completed" : "failed"}`
        : "ignored") as Outcome,
      paymentId: refund.paymentId,
    };
  }
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, event.payment.reference))
    .for("update");
  if (!payment) return { outcome: "unknown_payment" as Outcome, paymentId: null };
  return { outcome: await applyReport(tx, payment, event.payment, after), paymentId: payment.id };
}

export type WebhookAnswer =
  | { status: 200; outcome: Outcome }
  | { status: 401; outcome: "bad_signature" }
  | { status: 404; outcome: "not_configured" };

/**
 * A provider's webhook: the signature is checked before anything is read, the event is recorded
 * by its id (a second delivery finds it and changes nothing), then applied.
 */
export async function handlePaymentWebhook(
  providerId: string,
  rawBody: string,
  headers: Headers,
): Promise<WebhookAnswer> {
  const provider = findPaymentProvider();
  if (!provider || provider.id !== providerId) return { status: 404, outcome: "not_configured" };
  let event: WebhookEvent;
  try {
    event = await provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn(
        `Refused a ${provider.id} webhook: ${error.message} (${rawBody.length} bytes, from ${headers.get("x-forwarded-for") ?? "direct"}).`,
      );
      return { status: 401, outcome: "bad_signature" };
    }
    throw error;
  }
  const db = await getDb();
  const after: (() => Promise<void>)[] = [];
  const outcome = await db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider: provider.id as ProviderId,
        eventId: event.eventId,
        kind: event.kind,
        outcome: "received",
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return "duplicate" as Outcome;
    const applied = await applyEvent(tx, event, after);
    await tx
      .update(paymentEvents)
      .set({ outcome: applied.outcome, paymentId: applied.paymentId })
      .where(eq(paymentEvents.id, recorded.id));
    return applied.outcome;
  });
  await runAfter(after);
  return { status: 200, outcome };
}

/** How long after its checkout closed a payment the provider still calls pending is abandoned. */
const ABANDON_AFTER_MS = 60 * 60_000;
/** The job asks the provider about a pending payment at most this often. */
const RECHECK_MS = 5 * 60_000;

/**
 * The reconciliation job: every payment still pending after its checkout closed is verified with
 * the provider (a webhook may have been lost), and one the provider still calls pending an hour
 * later is abandoned. A checkout that never opened (the provider was down) fails.
 */
export async function reconcilePayments(now = new Date()): Promise<Record<string, number>> {
  const provider = findPaymentProvider();
  const counts: Record<string, number> = {};
  if (!provider) return counts;
  const db = await getDb();
  const due = await db
    .select({ id: payments.id, providerRef: payments.providerRef, expiresAt: payments.expiresAt })
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        eq(payments.provider, provider.id),
        lt(payments.expiresAt, now),
        or(
          isNull(payments.checkedAt),
          lt(payments.checkedAt, new Date(now.getTime() - RECHECK_MS)),
        ),
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(50);
  for (const { id, providerRef, expiresAt } of due) {
    let report: ProviderPayment;
    try {
      report = providerRef
        ? await provider.verify({ reference: id, providerRef })
        : {
            reference: id,
            providerRef: "",
            status: "failed",
            amountMinor: 0,
            currency: "",
            feeMinor: 0,
            method: null,
          };
    } catch (error) {
      logger.error(
        { err: error },
        `Reconciliation: the provider did not answer about payment ${id}.`,
      );
      continue;
    }
    if (report.status === "pending" && now.getTime() - expiresAt.getTime() > ABANDON_AFTER_MS) {
      report = { ...report, status: "cancelled" };
    }
    const after: (() => Promise<void>)[] = [];
    const outcome = await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
      if (!payment || payment.status !== "pending") return "ignored" as Outcome;
      await tx.update(payments).set({ checkedAt: now }).where(eq(payments.id, id));
      return applyReport(tx, payment, report, after);
    });
    await runAfter(after);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  counts.refundsSent = await sendPendingRefunds();
  return counts;
}
