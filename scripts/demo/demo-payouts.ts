import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { DbTransaction } from "../../app/db/client.server.ts";
import { bookings, payments, payouts } from "../../app/db/schema/index.ts";
import { DEMO_PEOPLE } from "../../app/lib/demo-people.ts";
import { PAYMENT_METHODS } from "../../app/lib/payment-values.ts";
import { cashIn, cashOut, postLedger } from "../../app/services/payments/ledger.server.ts";
import { sandboxFee } from "../../app/services/payments/sandbox/sandbox-protocol.server.ts";

const DAY_MS = 86_400_000;
/** The recent stays paid online per demo host; the newest stays payable, the rest paid out. */
const PAID_STAYS = 4;

/**
 * The demo sign-in host's and agent's money (lib/demo-people.ts): their latest completed stays
 * were paid online in full through the sandbox (charge and provider fee in the ledger, as the
 * webhook writes them), released to payable after check-in, and all but the newest paid out by
 * the administrator, so their Payouts tab shows payable money and a payout in a healthy ledger.
 */
export async function insertDemoPayouts(tx: DbTransaction, now: Date): Promise<number> {
  let made = 0;
  for (const person of DEMO_PEOPLE) {
    if ((person.key !== "host" && person.key !== "agent") || !person.userId) continue;
    const hostId = person.userId;
    const stays = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.hostId, hostId), eq(bookings.status, "completed")))
      .orderBy(desc(bookings.checkIn), desc(bookings.id))
      .limit(PAID_STAYS);
    let paidOut = 0;
    for (const [i, stay] of stays.entries()) {
      const amount = stay.totalUsdCents;
      const method = PAYMENT_METHODS[i % PAYMENT_METHODS.length]!;
      const fee = sandboxFee(amount, method);
      const paidAt = stay.createdAt;
      const [payment] = await tx
        .insert(payments)
        .values({
          id: `pay_${randomBytes(12).toString("hex")}`,
          payerId: stay.guestId,
          purpose: "booking",
          bookingId: stay.id,
          provider: "sandbox",
          providerRef: `cs_demo_${randomBytes(8).toString("hex")}`,
          status: "paid",
          method,
          amountMinor: amount,
          currency: "USD",
          amountUsdCents: amount,
          rate: "1.000000",
          feeMinor: fee,
          description: `Booking #${stay.id}`,
          createdAt: paidAt,
          expiresAt: paidAt,
          paidAt,
          updatedAt: paidAt,
        })
        .returning({ id: payments.id });
      await tx
        .update(bookings)
        .set({ paymentMode: "full", dueNowUsdCents: amount })
        .where(eq(bookings.id, stay.id));
      const hostShare = amount - stay.serviceFeeUsdCents;
      const refs = { paymentId: payment!.id, bookingId: stay.id };
      await postLedger(tx, {
        kind: "charge",
        currency: "USD",
        legs: cashIn(
          amount,
          [
            {
              account: "service_fee_revenue" as const,
              userId: null,
              amountMinor: stay.serviceFeeUsdCents,
            },
            { account: "host_held" as const, userId: hostId, amountMinor: hostShare },
          ].filter((leg) => leg.amountMinor > 0),
        ),
        refs,
      });
      await postLedger(tx, {
        kind: "fee",
        currency: "USD",
        legs: [
          { account: "provider_fees", userId: null, amountMinor: fee },
          { account: "provider_cash", userId: null, amountMinor: -fee },
        ],
        refs: { paymentId: payment!.id },
      });
      await postLedger(tx, {
        kind: "release",
        currency: "USD",
        legs: [
          { account: "host_held", userId: hostId, amountMinor: hostShare },
          { account: "host_payable", userId: hostId, amountMinor: -hostShare },
        ],
        refs: { bookingId: stay.id },
      });
      if (i > 0) paidOut += hostShare;
    }
    if (paidOut <= 0) continue;
    const [payout] = await tx
      .insert(payouts)
      .values({
        hostId,
        currency: "USD",
        amountMinor: paidOut,
        reference: `DEMO-${hostId.toUpperCase()}`,
        recordedBy: null,
        createdAt: new Date(now.getTime() - DAY_MS),
      })
      .returning({ id: payouts.id });
    await postLedger(tx, {
      kind: "payout",
      currency: "USD",
      legs: cashOut(paidOut, [{ account: "host_payable", userId: hostId, amountMinor: paidOut }]),
      refs: { payoutId: payout!.id },
    });
    made++;
  }
  return made;
}
